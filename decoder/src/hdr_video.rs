//! An HDR video file's track for www/hdr-video.js: the core's demuxing
//! (src/video_track.rs), its chunks handed to WebCodecs' VideoDecoder. Here, not
//! in the page's wasm: a page loads the demuxer only for such a file.

use wasm_bindgen::prelude::*;

use histogram::video_track::{webm_walk, Sample, VideoTrack as Track, WebmFrames};

/// A track and where its frames lie in its file (`samples`: their times, key
/// flags and places), which the page reads a frame at a time. A WebM file's
/// frames are placed by a walk over the file (`walk`) the page feeds window by
/// window (`wants`, `feed`); an MP4 file's by its movie box at once.
#[wasm_bindgen]
pub struct VideoTrack {
    track: Track,
    samples: Vec<Sample>,
    walk: Option<WebmFrames>,
}

#[wasm_bindgen]
impl VideoTrack {
    /// The first video track of a WebM file of `size` bytes, described from its
    /// first bytes (`head`) and its last (`tail`), its frames not yet placed
    /// (`wants`, `feed`): `undefined` where the demuxer needed more of the file
    /// to describe it; the error says why it is not read.
    #[wasm_bindgen(js_name = fromWebm)]
    pub fn from_webm(size: f64, head: &[u8], tail: &[u8]) -> Result<Option<VideoTrack>, JsError> {
        let size = size as u64;
        let parts = [(0, head), (size.saturating_sub(tail.len() as u64), tail)];
        let walk = webm_walk(size, &parts).map_err(|e| JsError::new(&e))?;
        Ok(walk.map(|walk| VideoTrack {
            track: walk.track().clone(),
            samples: Vec::new(),
            walk: Some(walk),
        }))
    }

    /// The first video track of an MP4 file of `size` bytes from its movie box
    /// (`moov`), its frames placed in the file (`place`); the error says why not.
    #[wasm_bindgen(js_name = fromMovie)]
    pub fn from_movie(moov: &[u8], size: f64) -> Result<VideoTrack, JsError> {
        Track::mp4_movie(moov, size as u64)
            .map(|(track, samples)| VideoTrack {
                track,
                samples,
                walk: None,
            })
            .map_err(|e| JsError::new(&e))
    }

    /// The offset of the file a WebM file's walk reads next, from which the page
    /// gives it the bytes it has (`feed`); `undefined` once its frames are placed.
    #[wasm_bindgen(getter)]
    pub fn wants(&self) -> Option<f64> {
        self.walk.as_ref()?.wants().map(|at| at as f64)
    }

    /// The walk goes on through `bytes`, the file's from offset `at`; the error
    /// says why the file is not read.
    pub fn feed(&mut self, at: f64, bytes: &[u8]) -> Result<(), JsError> {
        let walk = self.walk.as_mut().ok_or_else(|| JsError::new("no walk"))?;
        walk.feed(at as u64, bytes).map_err(|e| JsError::new(&e))?;
        if walk.wants().is_none() {
            let walk = self.walk.take().ok_or_else(|| JsError::new("no walk"))?;
            (self.track, self.samples) = walk.finish().map_err(|e| JsError::new(&e))?;
        }
        Ok(())
    }

    /// Its WebCodecs codec string ("vp09.02.10.10").
    #[wasm_bindgen(getter)]
    pub fn codec(&self) -> String {
        self.track.codec.clone()
    }

    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.track.width
    }

    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.track.height
    }

    /// Its colour space's primaries, transfer and matrix in WebCodecs' names,
    /// where the file names them (VideoColorSpaceInit).
    #[wasm_bindgen(getter)]
    pub fn primaries(&self) -> Option<String> {
        self.track.colour.primaries.map(String::from)
    }

    #[wasm_bindgen(getter)]
    pub fn transfer(&self) -> Option<String> {
        self.track.colour.transfer.map(String::from)
    }

    #[wasm_bindgen(getter)]
    pub fn matrix(&self) -> Option<String> {
        self.track.colour.matrix.map(String::from)
    }

    #[wasm_bindgen(getter, js_name = fullRange)]
    pub fn full_range(&self) -> bool {
        self.track.colour.full_range
    }

    /// Each chunk's time in microseconds, in decoding order.
    pub fn timestamps(&self) -> Vec<f64> {
        self.samples.iter().map(|s| s.timestamp_us).collect()
    }

    /// Whether each chunk is a key frame (1) or not (0).
    pub fn keys(&self) -> Vec<u8> {
        self.samples.iter().map(|s| s.key as u8).collect()
    }

    /// Where chunk `index` lies in the file: its offset and its length in bytes.
    pub fn place(&self, index: usize) -> Vec<f64> {
        self.samples
            .get(index)
            .map_or_else(Vec::new, |s| vec![s.offset as f64, s.size.into()])
    }
}
