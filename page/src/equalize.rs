//! The equalize chapter's CPU steps, as the article shows them: the luma
//! histogram, its table, the luma as grey, the grey equalized and the colour
//! equalized (src/adjust.rs's `equalize_steps`), for the page to draw.

use super::Picture;
use histogram::adjust;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub struct EqualizeSteps(adjust::EqualizeSteps);

#[wasm_bindgen]
impl EqualizeSteps {
    /// The steps over `picture`, on the CPU.
    #[wasm_bindgen(constructor)]
    pub fn new(picture: &Picture) -> Result<EqualizeSteps, JsError> {
        Ok(EqualizeSteps(adjust::equalize_steps(picture.image()?)))
    }

    /// The luma histogram, 256 bins.
    pub fn luma(&self) -> Vec<u32> {
        self.0.luma.clone()
    }

    /// The new luma level of each old one.
    pub fn table(&self) -> Vec<f64> {
        self.0.table.to_vec()
    }

    pub fn grey(&self) -> Vec<u8> {
        self.0.grey.rgba().to_vec()
    }

    #[wasm_bindgen(js_name = greyEqualized)]
    pub fn grey_equalized(&self) -> Vec<u8> {
        self.0.grey_equalized.rgba().to_vec()
    }

    pub fn colour(&self) -> Vec<u8> {
        self.0.colour.rgba().to_vec()
    }
}
