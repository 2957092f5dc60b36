# index.html
home-title = WebGPU 画像ヒストグラム
home-description =
    .content = WebGPUを使ったGPU上の画像ヒストグラムを、webgpufundamentals.orgの記事に沿って一歩ずつ。CPUのループからNVIDIAのCUBより速いカーネルまで、画像・動画・カメラ映像でその場で動かせます。
home-heading = WebGPU 画像ヒストグラム
home-every-step-from = 素朴なCPUのループから、画像の色を数えるGPUのコンピュートシェーダーまで、すべてのステップを順にたどります。もとになったのはwebgpufundamentals.orgの記事<cite>WebGPU コンピュートシェーダー – 画像ヒストグラム</cite>のパート1と2で、それをRustとwgpuで書き、このブラウザ上で動かしています。各例はその場で動くページで、お使いのマシンで自身の処理時間を計測します。どのページでも、手持ちの画像をドロップして試せます。
home-open-studio-your = <a class="button" href="www/studio.html">スタジオを開く</a> <span class="muted">手持ちの画像・動画・カメラ映像に、リアルタイムのヒストグラム、統計、注目領域、クリッピング警告、ヒストグラムに基づく補正を組み合わせて使えます。</span>
home-looking-for-webgpu = WebGPUを確認しています…
