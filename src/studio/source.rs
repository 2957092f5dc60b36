//! What the studio counts: a picture's texture (with a 16-bit picture's samples
//! beside it), an HDR picture's samples drawn at an exposure (and its light as
//! HDR codes where the scopes read nits), or live frames.

use super::LiveFrames;
use crate::gpu::{Gpu, GpuImage, HdrCount, Owned, Run};
use crate::histogram::Spec;
use crate::scope::Transfer;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// What the studio counts: a picture's texture (or a 16-bit picture's samples,
/// `deep`, beside it), a floating-point picture's samples, or live frames.
pub enum Source {
    Picture {
        image: Rc<GpuImage>,
        deep: Option<Rc<GpuImage>>,
        run: Rc<Run>,
    },
    /// An HDR picture: its samples counted in their own units (`count`, when the
    /// histogram is read: its range comes first), and drawn at an exposure into
    /// `shown`, the 8-bit texture the picture, the adjustments and the scopes read;
    /// but where the scopes read nits, they count its light as those codes.
    Hdr {
        shown: Rc<GpuImage>,
        _texture: Owned<wgpu::Texture>,
        count: Rc<HdrCount>,
        exposure: Cell<f32>,
        codes: RefCell<Option<Box<HdrCodes>>>,
    },
    Live(Rc<dyn LiveFrames>),
}

/// An HDR picture's light at its exposure as HDR codes of `transfer`.
pub struct HdrCodes {
    transfer: Transfer,
    texture: Owned<wgpu::Texture>,
    view: wgpu::TextureView,
}

impl Source {
    pub(super) fn view(&self) -> &wgpu::TextureView {
        match self {
            Source::Picture { image, .. } | Source::Hdr { shown: image, .. } => {
                image.texture_view().expect("one texture")
            }
            Source::Live(frames) => frames.view(),
        }
    }

    pub fn size(&self) -> (u32, u32) {
        match self {
            Source::Picture { image, .. } | Source::Hdr { shown: image, .. } => image.size(),
            Source::Live(frames) => frames.size(),
        }
    }

    /// The bins the panel draws, and how they were counted.
    pub(super) fn bins(&self) -> (Spec, &wgpu::Buffer) {
        match self {
            Source::Hdr { count, .. } => (count.spec(), count.result()),
            _ => {
                let run = self.run().expect("a run");
                (run.spec(), run.bins())
            }
        }
    }

    /// The texture as an image for a scope to count: the one shown, or an HDR
    /// picture's codes where the scopes read nits.
    pub fn image(&self) -> GpuImage {
        let (w, h) = self.size();
        if let Source::Hdr { codes, .. } = self {
            if let Some(codes) = codes.borrow().as_ref() {
                return GpuImage::from_texture(codes.view.clone(), w, h);
            }
        }
        GpuImage::from_texture(self.view().clone(), w, h)
    }

    /// A live frame's texture, for a pixel read back (a picture's: `picture`,
    /// `deep`), and whether its alpha holds Y′ as decoded.
    pub fn live_texture(&self) -> Option<(&wgpu::Texture, bool)> {
        match self {
            Source::Live(frames) => Some((frames.view().texture(), frames.decoded_luma())),
            _ => None,
        }
    }

    /// A 16-bit picture's samples as stored, for a pixel read back.
    pub fn deep(&self) -> Option<&Rc<GpuImage>> {
        match self {
            Source::Picture { deep, .. } => deep.as_ref(),
            _ => None,
        }
    }

    /// A picture's 8-bit texture (of an HDR picture, none: its samples are not
    /// what it shows), for a pixel read back.
    pub fn picture(&self) -> Option<&Rc<GpuImage>> {
        match self {
            Source::Picture { image, .. } => Some(image),
            _ => None,
        }
    }

    /// The run counting an 8-bit texture or 16-bit samples (not an HDR picture).
    pub fn run(&self) -> Option<&Rc<Run>> {
        match self {
            Source::Picture { run, .. } => Some(run),
            Source::Hdr { .. } => None,
            Source::Live(frames) => Some(frames.run()),
        }
    }

    /// Draws an HDR picture at its exposure, and its codes where the scopes
    /// read nits.
    pub(super) fn expose(&self, g: &Gpu) {
        let Source::Hdr {
            shown,
            count,
            exposure,
            codes,
            ..
        } = self
        else {
            return;
        };
        let mut encoder = g.device.create_command_encoder(&Default::default());
        let view = shown.texture_view().expect("one texture");
        let codes = codes.borrow();
        let codes = codes.as_ref().map(|c| (&c.view, c.transfer));
        count.encode_exposure(g, &mut encoder, view, exposure.get().exp2(), codes);
        g.queue.submit([encoder.finish()]);
    }

    /// An HDR picture's scopes to count its light as codes of `nits`, or (none)
    /// as shown; whether that changed what they count (another image to bind).
    pub(super) fn set_codes(&self, g: &Gpu, nits: Option<Transfer>) -> bool {
        let Source::Hdr { codes, .. } = self else {
            return false;
        };
        if codes.borrow().as_ref().map(|c| c.transfer) == nits {
            return false;
        }
        let kept = codes.take();
        *codes.borrow_mut() = nits.map(|transfer| {
            let texture = match kept {
                Some(c) => c.texture,
                None => hdr_texture(g, "hdr codes", self.size()),
            };
            let view = texture.create_view(&Default::default());
            Box::new(HdrCodes {
                transfer,
                texture,
                view,
            })
        });
        self.expose(g);
        true
    }
}

/// An HDR picture's 8-bit texture: drawn into by its exposure pass, read by the
/// picture, the scopes and a pixel read back.
pub(super) fn hdr_texture(g: &Gpu, label: &str, size: (u32, u32)) -> Owned<wgpu::Texture> {
    g.texture(
        label,
        size,
        wgpu::TextureFormat::Rgba8Unorm,
        wgpu::TextureUsages::TEXTURE_BINDING
            | wgpu::TextureUsages::STORAGE_BINDING
            | wgpu::TextureUsages::COPY_SRC,
    )
}
