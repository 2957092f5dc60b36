# The home page's list and its WebGPU line.
home-coming = coming
home-webgpu-yes = WebGPU is available: { $adapter }. Timestamp queries: { $timestamps ->
        [yes] yes; each page says which clock it timed with.
       *[no] no, so pages time with the wall clock.
    }
home-webgpu-no = WebGPU is not available here: { $why }. The CPU example still works; the GPU examples need a browser with WebGPU.
