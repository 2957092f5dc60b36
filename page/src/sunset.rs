//! The project's sunset, the pages' first picture, made in the page a band at a time.

use super::picture::Picture;
use super::within_page;
use histogram::image::{Image, Sunset};
use wasm_bindgen::prelude::*;

/// The project's sunset made a band of rows at a time, so that a page makes it
/// between its other tasks (www/site.js, `sunsetPicture`): made at once, 576,000
/// pixels held a page's thread for 60-140 ms here, four times that on a slow phone.
#[wasm_bindgen]
pub struct SunsetMaker {
    painter: Sunset,
    rgba: Vec<u8>,
    made: u32,
}

#[wasm_bindgen]
impl SunsetMaker {
    #[wasm_bindgen(constructor)]
    pub fn new(width: u32, height: u32) -> Result<SunsetMaker, JsError> {
        within_page(width, height)?;
        Ok(SunsetMaker {
            painter: Sunset::new(width, height, 0.0),
            rgba: Vec::with_capacity(width as usize * height as usize * 4),
            made: 0,
        })
    }

    /// Makes up to `rows` more rows; whether the picture is whole.
    pub fn make(&mut self, rows: u32) -> bool {
        let end = self.made.saturating_add(rows).min(self.painter.size().1);
        self.painter.rows(self.made..end, &mut self.rgba);
        self.made = end;
        self.made == self.painter.size().1
    }

    /// The picture, its rows not yet made made first.
    pub fn picture(mut self) -> Result<Picture, JsError> {
        self.make(u32::MAX);
        let (width, height) = self.painter.size();
        let image =
            Image::from_rgba(width, height, self.rgba).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(Picture::generated(image))
    }
}
