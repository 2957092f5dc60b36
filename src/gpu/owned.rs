//! GPU buffers and textures destroyed when dropped (on the web).

use std::ops::Deref;

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
