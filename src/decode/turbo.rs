//! libjpeg-turbo's JPEG decoder, through its TurboJPEG API (built from the source
//! that `turbojpeg-sys` bundles): the decoder of Pillow, OpenCV, Chromium and
//! Firefox, with their defaults (the accurate integer IDCT, smooth chroma
//! upsampling), so the tool counts the values every other tool reads.
//!
//! TurboJPEG reports a damaged file two ways: an error (nothing decoded) or a
//! warning (the whole picture decoded, what was missing filled in). Both come back
//! here with libjpeg's own words; the caller decides what a warning means.

use std::ffi::{c_int, CStr};
use turbojpeg_sys as tj;

/// What the header says.
pub struct Header {
    pub width: u32,
    pub height: u32,
    /// Samples a pixel as decoded: 1 (grey), 3 (RGB from YCbCr or RGB), or `None`
    /// for CMYK and YCCK, which TurboJPEG gives only as CMYK.
    pub channels: Option<usize>,
}

/// One component's quantized DCT coefficients, as libjpeg-turbo holds them.
#[derive(Clone, Debug, Default)]
pub struct BlockPlane {
    pub width_in_blocks: u32,
    pub height_in_blocks: u32,
    /// `height_in_blocks` rows of `width_in_blocks` blocks of 64, natural order.
    pub coefficients: Vec<i16>,
}

/// A decode, or its failure, in libjpeg's words.
pub enum Outcome<T> {
    Done(T),
    /// Done, but libjpeg warned (the file is damaged somewhere).
    Warned(T, String),
    Failed(String),
}

pub struct Jpeg {
    handle: tj::tjhandle,
}

impl Jpeg {
    pub fn new() -> Option<Jpeg> {
        // SAFETY: tj3Init has no preconditions; a null handle is checked.
        let handle = unsafe { tj::tj3Init(tj::TJINIT_TJINIT_DECOMPRESS as c_int) };
        (!handle.is_null()).then_some(Jpeg { handle })
    }

    /// A handle for lossless transforms: the way TurboJPEG hands out a file's
    /// DCT coefficients (`coefficients`).
    pub fn transformer() -> Option<Jpeg> {
        // SAFETY: as `new`.
        let handle = unsafe { tj::tj3Init(tj::TJINIT_TJINIT_TRANSFORM as c_int) };
        (!handle.is_null()).then_some(Jpeg { handle })
    }

    /// The quantized DCT coefficients of every component of the JPEG in `bytes`,
    /// entropy-decoded by libjpeg-turbo (baseline, progressive, arithmetic):
    /// a plane a component in the file's order, each `width_in_blocks` blocks a row
    /// of 64 coefficients in natural (row-major) order, whole rows of blocks (a
    /// component's last MCU row may add one past its height). Asked of a handle
    /// from `transformer`: a transform that writes no file (`TJXOPT_NOOUTPUT`)
    /// whose filter copies each row of blocks out.
    pub fn coefficients(&mut self, bytes: &[u8]) -> Outcome<Vec<BlockPlane>> {
        let mut planes: Vec<BlockPlane> = Vec::new();
        unsafe extern "C" fn keep(
            coeffs: *mut libc::c_short,
            array: tj::tjregion,
            plane: tj::tjregion,
            component: c_int,
            _transform_id: c_int,
            transform: *mut tj::tjtransform,
        ) -> c_int {
            // SAFETY: `data` is the `planes` below, alive for the call to tj3Transform;
            // `coeffs` holds `array.w / 8` blocks of 64 (turbojpeg.c, tj3Transform).
            let planes = unsafe { &mut *((*transform).data as *mut Vec<BlockPlane>) };
            let c = component.max(0) as usize;
            if planes.len() <= c {
                planes.resize_with(c + 1, BlockPlane::default);
            }
            let p = &mut planes[c];
            p.width_in_blocks = (plane.w / 8).max(0) as u32;
            p.height_in_blocks = (plane.h / 8).max(0) as u32;
            if p.coefficients.is_empty() {
                // The whole plane at once: no growing (and copying) as rows come.
                let all = p.width_in_blocks as usize * p.height_in_blocks as usize * 64;
                p.coefficients.reserve_exact(all);
            }
            // Rows past the plane's blocks (its MCU row's padding) are not kept.
            if array.y < plane.h {
                let n = (array.w / 8).max(0) as usize * 64;
                // SAFETY: see above: `n` coefficients from `coeffs`.
                p.coefficients
                    .extend_from_slice(unsafe { std::slice::from_raw_parts(coeffs, n) });
            }
            0
        }
        let transform = tj::tjtransform {
            r: tj::tjregion {
                x: 0,
                y: 0,
                w: 0,
                h: 0,
            },
            op: tj::TJXOP_TJXOP_NONE as c_int,
            options: tj::TJXOPT_NOOUTPUT as c_int,
            data: (&mut planes as *mut Vec<BlockPlane>).cast(),
            customFilter: Some(keep),
        };
        let mut out: [*mut libc::c_uchar; 1] = [std::ptr::null_mut()];
        let mut sizes: [tj::size_t; 1] = [0];
        // SAFETY: the handle is a transformer; one transform, which writes no
        // file (the output arrays are only checked), its filter given `planes`.
        let status = unsafe {
            tj::tj3Transform(
                self.handle,
                bytes.as_ptr(),
                bytes.len() as tj::size_t,
                1,
                out.as_mut_ptr(),
                sizes.as_mut_ptr(),
                &transform,
            )
        };
        self.outcome(status, planes)
    }

    pub fn header(&mut self, bytes: &[u8]) -> Outcome<Header> {
        // SAFETY: the handle is live, and the pointer and length describe `bytes`.
        let status = unsafe {
            tj::tj3DecompressHeader(self.handle, bytes.as_ptr(), bytes.len() as tj::size_t)
        };
        let handle = self.handle;
        // SAFETY: the handle is live; tj3Get reads a parameter.
        let get = |param| unsafe { tj::tj3Get(handle, param as c_int) };
        let header = Header {
            width: get(tj::TJPARAM_TJPARAM_JPEGWIDTH).max(0) as u32,
            height: get(tj::TJPARAM_TJPARAM_JPEGHEIGHT).max(0) as u32,
            channels: match get(tj::TJPARAM_TJPARAM_COLORSPACE) as u32 {
                tj::TJCS_TJCS_GRAY => Some(1),
                tj::TJCS_TJCS_RGB | tj::TJCS_TJCS_YCbCr => Some(3),
                _ => None,
            },
        };
        self.outcome(status, header)
    }

    /// Decodes into `out`, appended: rows of `header.width * Self::samples(header)`
    /// bytes (`header` must have been read from the same bytes): grey as grey,
    /// colour as RGBA, opaque, which is what is counted (no pass to widen RGB
    /// after). Written straight into `out`'s spare room, which must hold the
    /// picture: no pass to zero it first (12 MB a 3-megapixel photo).
    pub fn decode(&mut self, bytes: &[u8], header: &Header, out: &mut Vec<u8>) -> Outcome<()> {
        let channels = Self::samples(header);
        let pitch = header.width as usize * channels;
        let size = pitch * header.height as usize;
        assert!(out.capacity() - out.len() >= size, "room for every row");
        let format = if channels == 1 {
            tj::TJPF_TJPF_GRAY
        } else {
            tj::TJPF_TJPF_RGBA
        };
        // SAFETY: the handle is live; the spare room holds `height` rows of
        // `pitch` bytes, which is what TurboJPEG writes for this header.
        let status = unsafe {
            tj::tj3Decompress8(
                self.handle,
                bytes.as_ptr(),
                bytes.len() as tj::size_t,
                out.spare_capacity_mut().as_mut_ptr().cast(),
                pitch as c_int,
                format as c_int,
            )
        };
        let outcome = self.outcome(status, ());
        if !matches!(outcome, Outcome::Failed(_)) {
            // SAFETY: done or warned, TurboJPEG has written every row (a warning's
            // missing data filled in); a failure leaves the length as it was.
            unsafe { out.set_len(out.len() + size) };
        }
        outcome
    }

    /// Samples a pixel that `decode` writes for `header`: 1 (grey) or 4 (RGBA).
    pub fn samples(header: &Header) -> usize {
        match header
            .channels
            .expect("a header whose pixels can be decoded")
        {
            1 => 1,
            _ => 4,
        }
    }

    fn outcome<T>(&mut self, status: c_int, done: T) -> Outcome<T> {
        if status == 0 {
            return Outcome::Done(done);
        }
        // SAFETY: the handle is live; its error string is valid until the next call.
        let (code, why) = unsafe {
            let why = CStr::from_ptr(tj::tj3GetErrorStr(self.handle));
            (
                tj::tj3GetErrorCode(self.handle),
                why.to_string_lossy().trim().to_string(),
            )
        };
        if code == tj::TJERR_TJERR_WARNING as c_int {
            Outcome::Warned(done, why)
        } else {
            Outcome::Failed(why)
        }
    }
}

impl Drop for Jpeg {
    fn drop(&mut self) {
        // SAFETY: the handle came from tj3Init and is destroyed once.
        unsafe { tj::tj3Destroy(self.handle) }
    }
}
