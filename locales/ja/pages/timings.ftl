# www/timings.html
timings-title = このマシンでのタイミング · WebGPU 画像ヒストグラム
timings-description =
    .content = 同じ画像ですべての手法を実行し、その中央値を記事で公開された表と並べます。
timings-heading = このマシンでのタイミング
timings-article-ends-part = 記事はパート1を、各手法が4台のマシンでかかった時間の表で締めくくっています。このページでは、お使いのマシンで同じ表を埋めます。すべての手法を同じ画像で数回ずつ実行し、中央値を記事で公開された行と並べて表示します。画像は、記事と同じサイズ（1チャンネルは2448×1505、4チャンネルは2448×1836）にしたこのプロジェクトの夕焼けの画像か、自分で選んだ任意の画像です。
timings-compare-ratios-within = 比べるのは行の中の比率であって、行をまたいだ数値ではありません。マシンが違ううえに、ブラウザがGPUのタイムスタンプを丸めることがあり（Chromiumは、WebGPUの開発者向け機能が有効でない限り0.1&nbsp;ms単位に丸めます）、SwiftShaderのようなソフトウェアGPUは実際のGPUよりはるかに遅いからです。各手法の最初の実行はパイプラインのコンパイルを含むので、数に入れません。
timings-time-images-command = コマンドラインのベンチマーク（NVIDIA GPUではCUBのベンチマークも）の画像で計測するには、アドレスに<code>?kind=noise</code>（または<code>natural</code>、<code>uniform</code>）と、<code>&amp;width=8192&amp;height=8192</code>のようなサイズを付け加えてください。
