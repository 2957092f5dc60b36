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
