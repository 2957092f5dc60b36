# www/4ch-single.html
four-single-title = 4チャンネル、GPUの呼び出し1つ · WebGPU 画像ヒストグラム
four-single-description =
    .content = 1つのシェーダースレッドで、インターリーブした4つのヒストグラムを数えます。
four-single-heading = 4チャンネル、GPUの呼び出し1つ
four-single-single-invocation-kernel = 再び単一呼び出しのカーネルですが、今度はピクセルごとに、インターリーブされた4つのカウンター、つまりR、G、B、輝度の<code>bins[bin × 4 + channel]</code>に加算します。WGSLは、パート1のカーネルを定数<code>channels = 4</code>でコンパイルしたものです。ピクセルのループの内側にチャンネルのループがあるだけで、ほかは何も変わりません。
four-single-diagram-runs-it = 図では、導入ページの画像で、チャンネルごとに3つのビンを使って実行します。カウンターは12個で、各ピクセルはそのうち4つに加算します。
four-single-four-times-adds = たった1つの呼び出しで4倍の加算を行うので、このサイトで最も遅いページです。より速い手法を測る基準として残しています。
