# The home page's list and its WebGPU line.
home-coming = 준비 중
home-webgpu-yes = WebGPU를 쓸 수 있습니다: { $adapter }. 타임스탬프 쿼리: { $timestamps ->
        [yes] 지원합니다. 어느 시계로 쟀는지는 각 페이지가 밝힙니다.
       *[no] 지원하지 않으므로 페이지는 벽시계 시간으로 잽니다.
    }
home-webgpu-no = 이곳에서는 WebGPU를 쓸 수 없습니다: { $why }. CPU 예제는 그대로 동작하며, GPU 예제에는 WebGPU를 지원하는 브라우저가 필요합니다.
