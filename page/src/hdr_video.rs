//! An HDR video file's track for www/hdr-video.js: the core's demuxing
//! (src/video_track.rs), its chunks handed to WebCodecs' VideoDecoder.

use super::WebResult;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub struct VideoTrack(histogram::video_track::VideoTrack);

#[wasm_bindgen]
impl VideoTrack {
    /// The first video track of the WebM file `bytes`; the error says why not.
    #[wasm_bindgen(constructor)]
    pub fn new(bytes: &[u8]) -> WebResult<VideoTrack> {
        histogram::video_track::VideoTrack::webm(bytes)
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

    /// Its colour space as WebCodecs' VideoColorSpaceInit, in JSON.
    #[wasm_bindgen(getter, js_name = colorSpace)]
    pub fn color_space(&self) -> String {
        serde_json::to_string(&self.0.colour).unwrap_or_default()
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
