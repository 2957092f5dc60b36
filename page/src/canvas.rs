//! A canvas the GPU draws into.

use histogram::gpu;

/// A canvas the GPU draws into, through a configured surface.
pub(super) struct CanvasTarget {
    pub(super) canvas: web_sys::HtmlCanvasElement,
    pub(super) surface: wgpu::Surface<'static>,
    pub(super) config: wgpu::SurfaceConfiguration,
}

impl CanvasTarget {
    pub(super) fn new(
        gpu: &gpu::Gpu,
        canvas: web_sys::HtmlCanvasElement,
    ) -> Result<CanvasTarget, gpu::GpuError> {
        Self::with(gpu, canvas, |_| {})
    }

    /// A canvas a compute pass writes (`Composer`), bound for storage.
    pub(super) fn for_compute(
        gpu: &gpu::Gpu,
        canvas: web_sys::HtmlCanvasElement,
    ) -> Result<CanvasTarget, gpu::GpuError> {
        Self::with(gpu, canvas, |config| {
            config.format = gpu::compose_format(gpu, config.format);
            config.usage |= wgpu::TextureUsages::STORAGE_BINDING;
        })
    }

    pub(super) fn with(
        gpu: &gpu::Gpu,
        canvas: web_sys::HtmlCanvasElement,
        adjust: impl FnOnce(&mut wgpu::SurfaceConfiguration),
    ) -> Result<CanvasTarget, gpu::GpuError> {
        let surface = gpu
            .instance
            .create_surface(wgpu::SurfaceTarget::Canvas(canvas.clone()))
            .map_err(|e| gpu::GpuError(format!("the canvas cannot show WebGPU output: {e}")))?;
        let mut config = surface
            .get_default_config(&gpu.adapter, canvas.width().max(1), canvas.height().max(1))
            .ok_or_else(|| gpu::GpuError("the canvas cannot show WebGPU output".into()))?;
        adjust(&mut config);
        surface.configure(&gpu.device, &config);
        Ok(CanvasTarget {
            canvas,
            surface,
            config,
        })
    }

    /// Follows the canvas's size; true when it changed.
    pub(super) fn fit(&mut self, gpu: &gpu::Gpu) -> bool {
        let size = (self.canvas.width().max(1), self.canvas.height().max(1));
        let changed = size != (self.config.width, self.config.height);
        if changed {
            (self.config.width, self.config.height) = size;
            self.surface.configure(&gpu.device, &self.config);
        }
        changed
    }

    /// Records a pass that clears the canvas's next frame (to transparent) and
    /// draws into it with `draw`, timed into `timestamps` (a query set and its first
    /// index) if given. The frame is presented after the submission.
    pub(super) fn draw(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        timestamps: Option<(&wgpu::QuerySet, u32)>,
        draw: impl FnOnce(&mut wgpu::RenderPass<'_>),
    ) -> Result<wgpu::SurfaceTexture, gpu::GpuError> {
        let (frame, view) = self.current()?;
        gpu::draw_into(encoder, &view, timestamps, draw);
        Ok(frame)
    }

    /// Follows the canvas's size, then its next frame, a view of it and its size:
    /// a core view's target (src/studio), the frame presented after the submission.
    pub(super) fn next(
        &mut self,
        gpu: &gpu::Gpu,
    ) -> Result<(wgpu::SurfaceTexture, wgpu::TextureView, (u32, u32)), gpu::GpuError> {
        self.fit(gpu);
        let (frame, view) = self.current()?;
        Ok((frame, view, (self.config.width, self.config.height)))
    }

    /// The canvas's next frame and a view of it, to draw into and present after
    /// the submission.
    pub(super) fn current(
        &self,
    ) -> Result<(wgpu::SurfaceTexture, wgpu::TextureView), gpu::GpuError> {
        match self.surface.get_current_texture() {
            wgpu::CurrentSurfaceTexture::Success(frame)
            | wgpu::CurrentSurfaceTexture::Suboptimal(frame) => {
                let view = frame.texture.create_view(&Default::default());
                Ok((frame, view))
            }
            _ => Err(gpu::GpuError(
                "the canvas has no frame to draw into (was the GPU device lost?)".into(),
            )),
        }
    }
}
