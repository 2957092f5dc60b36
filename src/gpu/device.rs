//! The device: adapter and queue, errors in words, and reads back.

use super::callback::{oneshot, Receiver};
use super::owned::Owned;
use super::untimed::{is_llvmpipe, Untimed};
use std::fmt;
use std::future::Future;
use std::sync::{Arc, Mutex};

/// Something the GPU could not do, in words a user can act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GpuError(pub String);

impl fmt::Display for GpuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GpuError {}

impl GpuError {
    pub(crate) fn new(message: impl Into<String>) -> GpuError {
        GpuError(message.into())
    }
}

/// Which adapter to pick (natively; the browser decides on the web).
#[derive(Clone, Debug, Default)]
pub struct GpuOptions {
    /// Backends to try; `None` means all (or `WGPU_BACKEND` when set).
    pub backends: Option<wgpu::Backends>,
    /// Pick the first adapter whose name contains this (case-insensitive).
    pub adapter: Option<String>,
    /// Features not asked for even where the adapter has them: to run as a GPU
    /// without them would (subgroups, in the tests and examples/count.rs).
    pub without: wgpu::Features,
    /// The adapter's name where wgpu gives none: a browser's vendor and
    /// architecture (wgpu (30) maps only its description, which Chromium leaves
    /// empty for SwiftShader; Firefox names nothing at all).
    pub named: Option<String>,
}

/// A device and queue, with what the methods need to know about them.
pub struct Gpu {
    pub instance: wgpu::Instance,
    pub adapter: wgpu::Adapter,
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
    pub info: wgpu::AdapterInfo,
    /// Whether passes are timed with timestamp queries: where the adapter has
    /// them and writes them as a pass runs (`Untimed` says why not).
    pub timestamps: bool,
    /// Features the browser's device was given that wgpu (30) does not map, so
    /// does not list: subgroups, asked for by the page (www/page.js).
    pub granted: wgpu::Features,
    /// The first error the device reported outside an error scope, or its loss.
    fault: Arc<Mutex<Option<String>>>,
    lost: Arc<std::sync::atomic::AtomicBool>,
    /// The fixed passes' pipelines (a JPEG's decoding and finishing), made once:
    /// made for each photo, they cost the GPU decoder more than the decoding.
    pub(super) fixed: Mutex<std::collections::HashMap<FixedKey, wgpu::ComputePipeline>>,
    /// Batches of JPEGs' coefficient buffers, kept between batches.
    pub(super) kept: super::owned::Kept,
}

/// A fixed pass's pipeline: its label and entry point.
pub(super) type FixedKey = (&'static str, &'static str);

impl Gpu {
    /// Whether the CPU emulates this GPU (lavapipe, SwiftShader, WARP): where the
    /// CPU method counts faster, and some kernels pick their CPU-friendly shape.
    pub fn is_cpu(&self) -> bool {
        self.info.device_type == wgpu::DeviceType::Cpu
    }

    /// Whether this is Mesa's llvmpipe (lavapipe): its loops and timestamps
    /// have rules of their own (`Limits::of`, `Untimed::Late`).
    pub fn is_llvmpipe(&self) -> bool {
        is_llvmpipe(&self.info)
    }

    /// Why this GPU's passes are not timed on it, if they are not.
    pub fn untimed(&self) -> Option<Untimed> {
        Untimed::of(&self.adapter, &self.info)
    }

    /// Opens the best adapter with all of its limits (the defaults would cap storage
    /// buffers at 128 MiB) and timestamp queries when it has them.
    pub async fn new(options: &GpuOptions) -> Result<Gpu, GpuError> {
        Gpu::find(options).await?.open(options).await
    }

    /// Finds the adapter `new` would open, without opening it: on an H100 the
    /// instance and adapter take 65-110 ms of an opening's 150-185, the device the
    /// rest (docs/DECISIONS.md 86, 88).
    pub async fn find(options: &GpuOptions) -> Result<Found, GpuError> {
        let mut desc = wgpu::InstanceDescriptor::new_without_display_handle_from_env();
        if cfg!(target_arch = "wasm32") {
            desc.backends = wgpu::Backends::BROWSER_WEBGPU;
        } else if let Some(backends) = options.backends {
            desc.backends = backends;
        }
        let backends = desc.backends;
        let instance = wgpu::Instance::new(desc);
        let adapter = match &options.adapter {
            None => instance
                .request_adapter(&wgpu::RequestAdapterOptions {
                    power_preference: wgpu::PowerPreference::HighPerformance,
                    ..Default::default()
                })
                .await
                .map_err(|e| {
                    // In a browser wgpu's reason lists backends a page never asks
                    // for; what a visitor can act on is this.
                    if cfg!(target_arch = "wasm32") {
                        GpuError::new(
                            "this browser has WebGPU but gives no GPU adapter to pages \
                             (switched off, or this GPU is on its block list)"
                                .to_string(),
                        )
                    } else {
                        GpuError::new(format!("no GPU adapter was found ({e})"))
                    }
                })?,
            Some(name) => Self::adapter_named(&instance, backends, name).await?,
        };
        Ok(Found { instance, adapter })
    }

    #[cfg(not(target_arch = "wasm32"))]
    async fn adapter_named(
        instance: &wgpu::Instance,
        backends: wgpu::Backends,
        name: &str,
    ) -> Result<wgpu::Adapter, GpuError> {
        let adapters = instance.enumerate_adapters(backends).await;
        let names: Vec<String> = adapters.iter().map(|a| a.get_info().name).collect();
        adapters
            .into_iter()
            .find(|a| {
                a.get_info()
                    .name
                    .to_lowercase()
                    .contains(&name.to_lowercase())
            })
            .ok_or_else(|| {
                GpuError::new(format!(
                    "no GPU adapter named like '{name}' (found: {})",
                    if names.is_empty() {
                        "none".into()
                    } else {
                        names.join(", ")
                    }
                ))
            })
    }

    #[cfg(target_arch = "wasm32")]
    async fn adapter_named(
        _: &wgpu::Instance,
        _: wgpu::Backends,
        _: &str,
    ) -> Result<wgpu::Adapter, GpuError> {
        Err(GpuError::new("the browser chooses the adapter"))
    }

    /// A 2D texture of `size` texels in `format` for `usage`, destroyed when dropped:
    /// every texture of the core and the pages is made here.
    pub fn texture(
        &self,
        label: &str,
        size: (u32, u32),
        format: wgpu::TextureFormat,
        usage: wgpu::TextureUsages,
    ) -> Owned<wgpu::Texture> {
        // A texture a pass writes (storage) is cleared before its first use, and
        // a browser clears one it cannot draw into through a copy from the CPU:
        // 140 ms for a 6000x4000 picture in Chromium on an H100, 14 ms where it
        // can be drawn into (docs/DECISIONS.md 96).
        let features = format.guaranteed_format_features(self.device.features());
        let drawable = features
            .allowed_usages
            .contains(wgpu::TextureUsages::RENDER_ATTACHMENT);
        let usage = if usage.contains(wgpu::TextureUsages::STORAGE_BINDING) && drawable {
            usage | wgpu::TextureUsages::RENDER_ATTACHMENT
        } else {
            usage
        };
        self.device
            .create_texture(&wgpu::TextureDescriptor {
                label: Some(label),
                size: extent(size),
                mip_level_count: 1,
                sample_count: 1,
                dimension: wgpu::TextureDimension::D2,
                format,
                usage,
                view_formats: &[],
            })
            .into()
    }

    /// Fills `size` texels of `texture` at `origin` from `bytes`, starting `offset`
    /// bytes in, rows `row_bytes` apart: a whole picture, or a tile cut from one.
    pub fn fill_texture(
        &self,
        texture: &wgpu::Texture,
        origin: [u32; 2],
        size: (u32, u32),
        bytes: &[u8],
        offset: u64,
        row_bytes: u32,
    ) {
        self.queue.write_texture(
            wgpu::TexelCopyTextureInfo {
                texture,
                mip_level: 0,
                origin: wgpu::Origin3d {
                    x: origin[0],
                    y: origin[1],
                    z: 0,
                },
                aspect: wgpu::TextureAspect::All,
            },
            bytes,
            wgpu::TexelCopyBufferLayout {
                offset,
                bytes_per_row: Some(row_bytes),
                rows_per_image: None,
            },
            extent(size),
        );
    }

    pub fn limits(&self) -> wgpu::Limits {
        self.device.limits()
    }

    /// The device's features, with those the browser gave it beyond wgpu's.
    pub fn features(&self) -> wgpu::Features {
        self.device.features() | self.granted
    }

    /// Whether the device was lost: nothing more can be done with it.
    pub fn is_lost(&self) -> bool {
        self.lost.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The device's first unscoped error or loss, if any: after one, results are void.
    pub fn fault(&self) -> Option<String> {
        self.fault.lock().unwrap().clone()
    }

    /// Runs `work` inside validation and out-of-memory error scopes, so a mistake or
    /// an allocation the device refuses comes back as an error instead of a panic.
    pub async fn scoped<T>(&self, work: impl FnOnce() -> T) -> Result<T, GpuError> {
        let oom = self.device.push_error_scope(wgpu::ErrorFilter::OutOfMemory);
        let validation = self.device.push_error_scope(wgpu::ErrorFilter::Validation);
        let value = work();
        let validation = validation.pop().await;
        let oom = oom.pop().await;
        if let Some(error) = validation.or(oom) {
            return Err(GpuError::new(format!("GPU error: {error}")));
        }
        match self.fault() {
            Some(fault) => Err(GpuError(fault)),
            None => Ok(value),
        }
    }

    /// Submits `commands`; the future resolves once the GPU has finished them (on the
    /// web from the browser's event loop, so awaiting it never blocks).
    pub fn submit(
        &self,
        commands: wgpu::CommandBuffer,
    ) -> impl Future<Output = Result<(), GpuError>> + '_ {
        let index = self.queue.submit([commands]);
        let (done, wait) = oneshot();
        self.queue.on_submitted_work_done(move || done.send(()));
        async move {
            #[cfg(not(target_arch = "wasm32"))]
            self.device
                .poll(wgpu::PollType::Wait {
                    submission_index: Some(index),
                    timeout: None,
                })
                .map_err(|e| GpuError::new(format!("waiting for the GPU failed: {e}")))?;
            #[cfg(target_arch = "wasm32")]
            let _ = index;
            self.settled(wait).await;
            self.fault().map_or(Ok(()), |fault| Err(GpuError(fault)))
        }
    }

    /// A whole texture of 4 bytes a texel read back: its rows, each its own bytes
    /// only (a copy's rows are padded to 256 bytes).
    pub async fn read_texture(&self, texture: &wgpu::Texture) -> Result<Vec<u8>, GpuError> {
        self.read_texels(texture, wgpu::Origin3d::ZERO, texture.size())
            .await
    }

    /// The texels of `size` from `origin` on of a texture of 4 bytes a texel, read
    /// back row by row (a live frame's pixel under the pointer: one texel).
    pub async fn read_texels(
        &self,
        texture: &wgpu::Texture,
        origin: wgpu::Origin3d,
        size: wgpu::Extent3d,
    ) -> Result<Vec<u8>, GpuError> {
        let width = size.width as usize * 4;
        let row = (size.width * 4).next_multiple_of(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT);
        let read = Owned::from(self.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("read back"),
            size: row as u64 * size.height as u64,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        }));
        let mut encoder = self.device.create_command_encoder(&Default::default());
        encoder.copy_texture_to_buffer(
            wgpu::TexelCopyTextureInfo {
                origin,
                ..texture.as_image_copy()
            },
            wgpu::TexelCopyBufferInfo {
                buffer: &read,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(row),
                    rows_per_image: None,
                },
            },
            size,
        );
        self.scoped(|| self.queue.submit([encoder.finish()]))
            .await?;
        let bytes = self.read_buffer(&read).await?;
        Ok(bytes
            .chunks(row as usize)
            .flat_map(|r| &r[..width])
            .copied()
            .collect())
    }

    /// What `wait` gets from a callback of the GPU's. On the web the queue is
    /// nudged meanwhile: Firefox (153) learns that GPU work is done only when it
    /// polls its device, on a 100 ms timer or at a submission, so an empty
    /// submission 1 ms after the wait began and then each 2, 4, 8, 16 ms is that
    /// poll (a small read back took 93-122 ms there, 1-7 with them: docs/
    /// DECISIONS.md 108). Chromium's callbacks come by themselves.
    async fn settled<T>(&self, wait: Receiver<T>) -> T {
        #[cfg(target_arch = "wasm32")]
        {
            let mut wait = wait;
            let mut pause = 1;
            loop {
                let timer = super::callback::sleep_ms(pause);
                if let Some(value) = super::callback::before(&mut wait, timer).await {
                    return value;
                }
                self.queue.submit([]);
                pause = (pause * 2).min(16);
            }
        }
        #[cfg(not(target_arch = "wasm32"))]
        wait.await
    }

    /// Maps a MAP_READ buffer and copies its bytes out. On the web the map completes
    /// from the browser's event loop, so this awaits and never blocks.
    pub async fn read_buffer(&self, buffer: &wgpu::Buffer) -> Result<Vec<u8>, GpuError> {
        self.read_after(buffer, None).await
    }

    /// Waits till the `submitted` submission is done (not another thread's later
    /// one), its callbacks fired: the reads of what it wrote then wait no more.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn wait_for(&self, submitted: wgpu::SubmissionIndex) -> Result<(), GpuError> {
        let wait = wgpu::PollType::Wait {
            submission_index: Some(submitted),
            timeout: None,
        };
        let waited = self.device.poll(wait);
        waited.map_err(|e| GpuError::new(format!("waiting for the GPU failed: {e}")))?;
        Ok(())
    }

    /// A MAP_READ buffer's words, once the GPU is done with it (`submitted`,
    /// where it is known: `read_after`).
    pub(super) async fn read_words(
        &self,
        buffer: &wgpu::Buffer,
        submitted: Option<wgpu::SubmissionIndex>,
    ) -> Result<Vec<u32>, GpuError> {
        Ok(bytemuck::cast_slice(&self.read_after(buffer, submitted).await?).to_vec())
    }

    /// `read_buffer` of a buffer last written by the `submitted` submission:
    /// natively this waits for that one alone, not for whatever another thread
    /// has submitted since (docs/DECISIONS.md 63), and not at all where it is
    /// done already.
    pub async fn read_after(
        &self,
        buffer: &wgpu::Buffer,
        submitted: Option<wgpu::SubmissionIndex>,
    ) -> Result<Vec<u8>, GpuError> {
        let (done, wait) = oneshot();
        buffer.map_async(wgpu::MapMode::Read, .., move |result| done.send(result));
        #[cfg(not(target_arch = "wasm32"))]
        {
            let waited = |e| GpuError::new(format!("waiting for the GPU failed: {e}"));
            self.device.poll(wgpu::PollType::Poll).map_err(waited)?;
            if !wait.ready() {
                let wait = wgpu::PollType::Wait {
                    submission_index: submitted,
                    timeout: None,
                };
                self.device.poll(wait).map_err(waited)?;
            }
        }
        #[cfg(target_arch = "wasm32")]
        let _ = submitted;
        self.settled(wait)
            .await
            .map_err(|e| GpuError::new(format!("reading back from the GPU failed: {e}")))?;
        let bytes = buffer
            .get_mapped_range(..)
            .map_err(|e| GpuError::new(format!("reading back from the GPU failed: {e}")))?
            .to_vec();
        buffer.unmap();
        if let Some(fault) = self.fault() {
            return Err(GpuError(fault));
        }
        Ok(bytes)
    }
}

/// Samples as the GPU reads them, little-endian: on a little-endian machine (wasm32
/// among them) the samples' own bytes, borrowed, not a copy of a picture that may
/// take gigabytes; elsewhere each sample by `to_le`.
pub(super) fn le_bytes<T: bytemuck::Pod, const N: usize>(
    samples: &[T],
    to_le: fn(T) -> [u8; N],
) -> std::borrow::Cow<'_, [u8]> {
    if cfg!(target_endian = "little") {
        std::borrow::Cow::Borrowed(bytemuck::cast_slice(samples))
    } else {
        samples.iter().flat_map(|&s| to_le(s)).collect()
    }
}

/// The compute pipeline `label` of `module`'s `entry` with its overridable
/// `constants`; its layout `layout`, or with None the entry point's own (bindings
/// by number).
pub(super) fn compute_pipeline(
    device: &wgpu::Device,
    label: &str,
    (module, entry): (&wgpu::ShaderModule, &str),
    constants: &[(&str, f64)],
    layout: Option<&wgpu::PipelineLayout>,
) -> wgpu::ComputePipeline {
    device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some(label),
        layout,
        module,
        entry_point: Some(entry),
        compilation_options: wgpu::PipelineCompilationOptions {
            constants,
            ..Default::default()
        },
        cache: None,
    })
}

pub(super) fn extent((width, height): (u32, u32)) -> wgpu::Extent3d {
    wgpu::Extent3d {
        width,
        height,
        depth_or_array_layers: 1,
    }
}

/// An adapter found and not yet opened (`Gpu::find`).
pub struct Found {
    instance: wgpu::Instance,
    adapter: wgpu::Adapter,
}

impl Found {
    /// Whether the CPU emulates it (`Gpu::is_cpu`).
    pub fn is_cpu(&self) -> bool {
        self.adapter.get_info().device_type == wgpu::DeviceType::Cpu
    }

    /// Opens its device.
    pub async fn open(self, options: &GpuOptions) -> Result<Gpu, GpuError> {
        let Found { instance, adapter } = self;
        let mut info = adapter.get_info();
        if info.name.is_empty() {
            info.name = options.named.clone().unwrap_or_default();
        }
        let timestamps = Untimed::of(&adapter, &info).is_none();
        // Timestamps for the pages' timings, where they are kept; bgra8unorm
        // storage for drawing into a canvas of that format by a compute pass
        // (compose.rs); subgroups for the step that uses them (src/gpu/steps/subgroups).
        let timed = if timestamps {
            wgpu::Features::TIMESTAMP_QUERY
        } else {
            wgpu::Features::empty()
        };
        let required_features = adapter.features()
            & (timed | wgpu::Features::BGRA8UNORM_STORAGE | wgpu::Features::SUBGROUP)
            & !options.without;
        let (device, queue) = adapter
            .request_device(&wgpu::DeviceDescriptor {
                label: Some("histogram"),
                required_features,
                required_limits: adapter.limits(),
                ..Default::default()
            })
            .await
            .map_err(|e| GpuError::new(format!("the GPU refused to open a device ({e})")))?;

        let fault = Arc::new(Mutex::new(None));
        let on_error = fault.clone();
        device.on_uncaptured_error(Arc::new(move |error: wgpu::Error| {
            on_error
                .lock()
                .unwrap()
                .get_or_insert(format!("GPU error: {error}"));
        }));
        let on_lost = fault.clone();
        let lost = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let lost_flag = lost.clone();
        device.set_device_lost_callback(move |reason, message| {
            lost_flag.store(true, std::sync::atomic::Ordering::Relaxed);
            // A loss outranks an earlier error: it is what the user must hear of.
            *on_lost.lock().unwrap() =
                Some(format!("the GPU device was lost ({reason:?}): {message}"));
        });
        Ok(Gpu {
            instance,
            adapter,
            device,
            queue,
            info,
            timestamps,
            granted: wgpu::Features::empty(),
            fault,
            lost,
            fixed: Mutex::default(),
            kept: Default::default(),
        })
    }
}
