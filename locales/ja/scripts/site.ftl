# What every page's scripts share: WebGPU's presence, the adapter, the page's common words.
webgpu-missing = このブラウザにはWebGPUがありません（navigator.gpuが存在しません）
webgpu-no-adapter = このブラウザはWebGPUを備えていますが、使えるアダプターが見つかりませんでした
adapter-named = { $words }
adapter-fallback = { $words }（ソフトウェアのフォールバックアダプター）
adapter-unnamed = 名前のないアダプター
