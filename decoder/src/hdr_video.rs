//! An HDR video file's track for www/hdr-video.js: the core's demuxing
//! (src/video_track.rs), its chunks handed to WebCodecs' VideoDecoder. Here, not
//! in the page's wasm: a page loads the demuxer only for such a file.

use wasm_bindgen::prelude::*;

use histogram::video_track::{Sample, VideoTrack as Track};

/// A track and its frames' times and key flags (`samples`): a WebM file's
/// bytes held (`held`, read whole), an MP4 file's placed in the file, which the
/// page reads a frame at a time.
#[wasm_bindgen]
pub struct VideoTrack {
    track: Track,
    samples: Vec<Sample>,
    held: Vec<Vec<u8>>,
}

/// The transfer a WebM file's track names, read from its first bytes (`head`)
/// and its last (`tail`) of its `size`: `undefined` where it names none, `null`
/// where the demuxer needed more of the file; the error says why it is not read.
#[wasm_bindgen(js_name = webmTransfer)]
pub fn webm_transfer(size: f64, head: &[u8], tail: &[u8]) -> Result<JsValue, JsError> {
    let parts = [
        (0, head),
        ((size as u64).saturating_sub(tail.len() as u64), tail),
    ];
    match histogram::video_track::webm_colour(size as u64, &parts) {
        Ok(Some(colour)) => Ok(colour.transfer.map_or(JsValue::UNDEFINED, JsValue::from)),
        Ok(None) => Ok(JsValue::NULL),
        Err(why) => Err(JsError::new(&why)),
    }
}

#[wasm_bindgen]
impl VideoTrack {
    /// The first video track of the WebM or MP4 file `bytes`; the error says why not.
    #[wasm_bindgen(constructor)]
    pub fn new(bytes: &[u8]) -> Result<VideoTrack, JsError> {
        let mut track = Track::read(bytes).map_err(|e| JsError::new(&e))?;
        let chunks = std::mem::take(&mut track.chunks);
        let samples = chunks
            .iter()
            .map(|c| Sample {
                timestamp_us: c.timestamp_us,
                key: c.key,
                offset: 0,
                size: 0,
            })
            .collect();
        let held = chunks.into_iter().map(|c| c.data).collect();
        Ok(VideoTrack {
            track,
            samples,
            held,
        })
    }

    /// The first video track of an MP4 file of `size` bytes from its movie box
    /// (`moov`), its frames placed in the file (`place`); the error says why not.
    #[wasm_bindgen(js_name = fromMovie)]
    pub fn from_movie(moov: &[u8], size: f64) -> Result<VideoTrack, JsError> {
        Track::mp4_movie(moov, size as u64)
            .map(|(track, samples)| VideoTrack {
                track,
                samples,
                held: Vec::new(),
            })
            .map_err(|e| JsError::new(&e))
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

    /// Whether its chunks lie in the file (`place`), not held (`chunk`).
    #[wasm_bindgen(getter)]
    pub fn placed(&self) -> bool {
        self.held.is_empty()
    }

    /// Where chunk `index` lies in the file: its offset and its length in bytes.
    pub fn place(&self, index: usize) -> Vec<f64> {
        self.samples
            .get(index)
            .map_or_else(Vec::new, |s| vec![s.offset as f64, s.size.into()])
    }

    /// Chunk `index`'s bytes, where they are held.
    pub fn chunk(&self, index: usize) -> Vec<u8> {
        self.held.get(index).cloned().unwrap_or_default()
    }
}
