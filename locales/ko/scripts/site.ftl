# What every page's scripts share: WebGPU's presence, the adapter, the page's common words.
webgpu-missing = 이 브라우저에는 WebGPU가 없습니다(navigator.gpu가 없음)
webgpu-no-adapter = 이 브라우저는 WebGPU를 제공하지만 쓸 수 있는 어댑터를 찾지 못했습니다
adapter-named = { $words }
adapter-fallback = { $words } (소프트웨어 대체 어댑터)
adapter-unnamed = 이름 없는 어댑터
