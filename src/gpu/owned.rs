//! GPU buffers and textures destroyed when dropped (on the web), and large
//! buffers kept between batches (natively).

use std::ops::Deref;
use std::sync::{Arc, Mutex};

/// A GPU buffer or texture that is destroyed when dropped. Natively wgpu frees them
/// on drop, but on the web it leaves them to the JavaScript garbage collector, which
/// does not see GPU memory: switching between large images would keep their
/// textures until it happened to run. Only the web's are destroyed: natively a
/// destroy takes the device's lock that every thread's wait for the GPU holds,
/// and workers that drop their pictures would queue behind each other's waits.
pub struct Owned<T: Destroy>(T);

/// What `Owned` can destroy.
pub trait Destroy {
    fn destroy(&self);
}

impl Destroy for wgpu::Buffer {
    fn destroy(&self) {
        wgpu::Buffer::destroy(self)
    }
}

impl Destroy for wgpu::Texture {
    fn destroy(&self) {
        wgpu::Texture::destroy(self)
    }
}

impl<T: Destroy> From<T> for Owned<T> {
    fn from(value: T) -> Owned<T> {
        Owned(value)
    }
}

impl<T: Destroy> Deref for Owned<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Destroy> Drop for Owned<T> {
    fn drop(&mut self) {
        if cfg!(target_arch = "wasm32") {
            self.0.destroy();
        }
    }
}

/// Large buffers kept between a run's batches of JPEGs for their coefficients:
/// one past the allocator's memory blocks (about 128 MiB) is an allocation of
/// its own, which the NVIDIA driver took milliseconds to make and free for
/// each batch (DECISIONS 85). Natively only: the web's go as `Owned`'s do.
#[derive(Default)]
pub struct Kept(Arc<Mutex<Vec<wgpu::Buffer>>>);

/// A buffer of `Kept`'s, or one of its own size, given back when dropped.
pub struct KeptBuffer {
    buffer: Owned<wgpu::Buffer>,
    kept: Option<Arc<Mutex<Vec<wgpu::Buffer>>>>,
}

impl Kept {
    /// Buffers smaller than this are made for each batch: the allocator places
    /// them in its blocks, quickly.
    const FROM: u64 = 64 << 20;
    /// Most buffers kept: a batch's coefficients and its planes for each of a
    /// run's two GPU threads.
    const MOST: usize = 4;

    /// A storage buffer (cleared or written by copies too) of at least `size`
    /// bytes: a kept one large enough, or a new one named `label` (of `size`, or
    /// where it is to be kept, `size` rounded up to `FROM`'s multiple, at most what
    /// `device` binds). One usage for all, so that any kept buffer serves any role.
    pub fn take(&self, device: &wgpu::Device, label: &str, size: u64) -> KeptBuffer {
        let make = |size: u64| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size: size.max(16),
                usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
        };
        if size < Kept::FROM || cfg!(target_arch = "wasm32") {
            return KeptBuffer {
                buffer: make(size).into(),
                kept: None,
            };
        }
        let most = device.limits().max_storage_buffer_binding_size;
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let fits = kept.iter().position(|b| b.size() >= size);
        let buffer = match fits {
            Some(at) => kept.swap_remove(at),
            None => make(size.next_multiple_of(Kept::FROM).min(most).max(size)),
        };
        KeptBuffer {
            buffer: buffer.into(),
            kept: Some(self.0.clone()),
        }
    }
}

impl Deref for KeptBuffer {
    type Target = wgpu::Buffer;
    fn deref(&self) -> &wgpu::Buffer {
        &self.buffer
    }
}

impl Drop for KeptBuffer {
    fn drop(&mut self) {
        let Some(kept) = &self.kept else { return };
        let mut kept = kept.lock().unwrap_or_else(|e| e.into_inner());
        if kept.len() < Kept::MOST {
            kept.push(self.buffer.0.clone());
        }
    }
}
