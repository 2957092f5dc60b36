# What every page's scripts share: WebGPU's presence, the adapter, the page's common words.
webgpu-missing = this browser has no WebGPU (navigator.gpu is missing)
webgpu-no-adapter = this browser offers WebGPU but found no adapter for it
adapter-named = { $words }
adapter-fallback = { $words } (a software fallback adapter)
adapter-unnamed = an unnamed adapter
