//! A file a page was given, read once (issue #74, item 5): the page reads its
//! bytes into one array (www/input.js) and asks them every question here.

use crate::{kind_object, ColourProfile, Picture, WEB_MAX_PIXELS};
use histogram::{decode, profile};
use wasm_bindgen::prelude::*;

/// Bytes read to tell a file's kind: PNG chunks before its pixels, JPEG segments.
const SNIFF: usize = 1 << 16;
/// Bytes searched for a colour profile where no question needed all of them: a
/// TIFF's may be anywhere in the file.
const PROFILE_SEARCH: usize = 64 << 20;

/// A file a page was given, read once: the page reads its bytes into one array
/// (www/input.js), and this copies them into wasm memory as far as a question
/// needs them, each byte at most once, and answers every question the page asks
/// of the file: what it is and who decodes it, what the browser would fill in
/// without a word, its colour profile, a baseline JPEG's scan for the GPU.
#[wasm_bindgen]
pub struct FileBytes {
    /// The page's array of the whole file (detached once handed on).
    array: js_sys::Uint8Array,
    length: usize,
    /// The file's first bytes, as far as the questions so far needed them.
    copied: Vec<u8>,
}

impl FileBytes {
    /// The first `n` bytes (all, if the file is shorter), copying in those not
    /// here yet. Refused once the page has handed its array on (to the decoder's
    /// worker): every question is asked before then.
    fn first(&mut self, n: usize) -> Result<&[u8], JsError> {
        let n = n.min(self.length);
        let at = self.copied.len();
        if at < n {
            if self.array.length() as usize != self.length {
                return Err(JsError::new(
                    "the file's bytes were handed on before it was read",
                ));
            }
            self.copied.reserve_exact(n - at);
            self.copied.resize(n, 0);
            self.array
                .subarray(at as u32, n as u32)
                .copy_to(&mut self.copied[at..]);
        }
        Ok(&self.copied[..n])
    }
}

#[wasm_bindgen]
impl FileBytes {
    /// The file's bytes, as the page read them (none copied yet).
    #[wasm_bindgen(constructor)]
    pub fn new(bytes: js_sys::Uint8Array) -> FileBytes {
        FileBytes {
            length: bytes.length() as usize,
            array: bytes,
            copied: Vec::new(),
        }
    }

    /// What the file is and who decodes it exactly, from its first 64 KB: as
    /// `fileKind` answers.
    pub fn kind(&mut self) -> Result<js_sys::Object, JsError> {
        Ok(kind_object(decode::kind(self.first(SNIFF)?)))
    }

    /// What is wrong with a file the browser would decode itself, as far as its
    /// bytes tell (src/decode/mod.rs's `problem`, the command line's rules), as
    /// words for the page to say (src/words.rs); None if nothing is. Copies all of it.
    pub fn problem(&mut self) -> Result<Option<String>, JsError> {
        let bytes = self.first(usize::MAX)?;
        Ok(decode::problem(bytes, WEB_MAX_PIXELS as u64).map(|e| e.words().json()))
    }

    /// The file's colour profile (src/profile.rs), if it has one: looked for in
    /// what is copied already or its first 64 MB, whichever is more; none copied
    /// for a format that carries none there.
    pub fn profile(&mut self) -> Result<Option<ColourProfile>, JsError> {
        let head = self.first(12)?;
        let jpeg = head.starts_with(&[0xFF, 0xD8, 0xFF]);
        if !profile::may_carry(head) {
            return Ok(None);
        }
        let searched = self.first(PROFILE_SEARCH.max(self.copied.len()))?.len();
        let found = if jpeg {
            // A JPEG's is read where it lies (the scan may need these bytes next).
            profile::jpeg_icc(&self.copied).map(profile::Profile::from_icc)
        } else {
            // `find` takes its bytes for its own: this copy goes with it, not a
            // second one beside it (none of these formats is asked anything later).
            let mut bytes = std::mem::take(&mut self.copied);
            bytes.truncate(searched);
            profile::find(bytes)
        };
        Ok(found.map(ColourProfile))
    }

    /// A baseline JPEG to be entropy-decoded and finished on the GPU
    /// (`Picture.fromScan`), read from the bytes copied here.
    pub fn scan(&mut self, format: String, notes: Vec<String>) -> Result<Picture, JsError> {
        let bytes = self.first(usize::MAX)?;
        Picture::from_scan(bytes, format, notes)
    }
}
