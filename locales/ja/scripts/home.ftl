# The home page's list and its WebGPU line.
home-coming = 準備中
home-webgpu-yes = WebGPUを使えます：{ $adapter }。タイムスタンプクエリ：{ $timestamps ->
        [yes] あり。どの時計で計ったかは各ページに記します。
       *[no] なし。各ページは実時間で計測します。
    }
home-webgpu-no = ここではWebGPUを使えません：{ $why }。CPUの例は動きますが、GPUの例にはWebGPUに対応したブラウザが必要です。
