//! An HDR video file's track for www/hdr-video.js: the core's demuxing
//! (src/video_track.rs), its chunks handed to WebCodecs' VideoDecoder. Here, not
//! in the page's wasm: a page loads the demuxer only for such a file.

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub struct VideoTrack(histogram::video_track::VideoTrack);

/// The transfer (WebCodecs' name) a video file's track names, where it names
/// one: an MP4 file's from its `moov` box alone (`bytes`), a WebM file's from the
/// whole file; the error says why it is not read.
#[wasm_bindgen(js_name = trackTransfer)]
pub fn track_transfer(bytes: &[u8]) -> Result<Option<String>, JsError> {
    histogram::video_track::VideoTrack::head(bytes)
        .map(|t| t.colour.transfer.map(String::from))
        .map_err(|e| JsError::new(&e))
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
        histogram::video_track::VideoTrack::read(bytes)
            .map(VideoTrack)
            .map_err(|e| JsError::new(&e))
    }

    /// Its WebCodecs codec string ("vp09.02.10.10").
    #[wasm_bindgen(getter)]
    pub fn codec(&self) -> String {
        self.0.codec.clone()
    }

    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.0.width
    }

    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.0.height
    }

    /// Its colour space's primaries, transfer and matrix in WebCodecs' names,
    /// where the file names them (VideoColorSpaceInit).
    #[wasm_bindgen(getter)]
    pub fn primaries(&self) -> Option<String> {
        self.0.colour.primaries.map(String::from)
    }

    #[wasm_bindgen(getter)]
    pub fn transfer(&self) -> Option<String> {
        self.0.colour.transfer.map(String::from)
    }

    #[wasm_bindgen(getter)]
    pub fn matrix(&self) -> Option<String> {
        self.0.colour.matrix.map(String::from)
    }

    #[wasm_bindgen(getter, js_name = fullRange)]
    pub fn full_range(&self) -> bool {
        self.0.colour.full_range
    }

    /// Each chunk's time in microseconds, in decoding order.
    pub fn timestamps(&self) -> Vec<f64> {
        self.0.chunks.iter().map(|c| c.timestamp_us).collect()
    }

    /// Whether each chunk is a key frame (1) or not (0).
    pub fn keys(&self) -> Vec<u8> {
        self.0.chunks.iter().map(|c| c.key as u8).collect()
    }

    /// Chunk `index`'s bytes.
    pub fn chunk(&self, index: usize) -> Vec<u8> {
        self.0
            .chunks
            .get(index)
            .map_or_else(Vec::new, |c| c.data.clone())
    }
}
