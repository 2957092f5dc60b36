//! The studio's scopes in the page: which are shown, in which canvases, how
//! they are drawn, their exports, and the levels they count under the pointer.

use super::{gpu_js, js, reads, target_of, Studio};
use crate::scope_chapters::named_scope;
use crate::{CanvasTarget, WebResult};
use histogram::scope::Transfer;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
impl Studio {
    /// Shows these scopes ("waveform", "parade", "vectorscope"), each in its
    /// canvas, from the next draw (none: no scopes); `size` is the vectorscope's grid.
    #[wasm_bindgen(js_name = setScopes)]
    pub fn set_scopes(
        &self,
        names: Vec<String>,
        canvases: Vec<web_sys::HtmlCanvasElement>,
        size: u32,
    ) -> WebResult<()> {
        let g = &self.context.gpu;
        let targets = canvases
            .into_iter()
            .map(|canvas| CanvasTarget::new(g, canvas).map_err(gpu_js))
            .collect::<WebResult<Vec<_>>>()?;
        let scopes = names
            .iter()
            .zip(&targets)
            .map(|(name, target)| Ok((named_scope(name, size)?, target_of(target))))
            .collect::<WebResult<Vec<_>>>()?;
        let mut kernels = self.context.kernels.borrow_mut();
        self.studio
            .set_scopes(g, &mut kernels, &scopes)
            .map_err(js)?;
        *self.scope_canvases.borrow_mut() = targets;
        Ok(())
    }

    /// On video, each scope is counted and drawn every this many frames (1 but
    /// where the CPU emulates the GPU: src/studio's `SCOPES_EVERY_EMULATED`).
    #[wasm_bindgen(getter, js_name = scopeEvery)]
    pub fn scope_every(&self) -> u32 {
        self.studio.cadence(false).scope_every
    }

    /// The scopes' brightness (logarithmic or linear, times `gain`), the
    /// vectorscope's `zoom`, and the waveform's and the parade's channels (0 R,
    /// 1 G, 2 B, 3 luminance); what the waveform's `codes` are: "decoded", its
    /// luma as decoded where a video's frame has it; "pq" or "hlg", HDR codes,
    /// its and the parade's lines named in nits (of an HDR picture, its light
    /// as those codes: 1.0 at the reference white).
    #[wasm_bindgen(js_name = setScopeStyle)]
    pub fn set_scope_style(
        &self,
        log: bool,
        gain: f32,
        zoom: f32,
        waveform: Vec<u8>,
        parade: Vec<u8>,
        codes: Option<String>,
    ) -> WebResult<()> {
        // Y′ as decoded is a video's, in video levels: not read as HDR codes.
        let decoded = codes.as_deref() == Some("decoded");
        let nits = if decoded {
            None
        } else {
            Transfer::of_codes(codes.as_deref()).map_err(js)?
        };
        let channels = |v: Vec<u8>| -> Vec<usize> { v.into_iter().map(usize::from).collect() };
        let style = histogram::scope::Style {
            log,
            gain,
            zoom: zoom.clamp(1.0, 8.0),
            nits,
        };
        let shown = (&channels(waveform)[..], &channels(parade)[..]);
        let g = &self.context.gpu;
        self.studio
            .set_scope_style(g, style, shown, decoded)
            .map_err(js)
    }

    /// Whether the waveform drawn last counted Y′ as decoded (video levels).
    #[wasm_bindgen(getter, js_name = decodedLuma)]
    pub fn decoded_luma(&self) -> bool {
        self.studio.scopes().iter().any(|view| view.decoded_luma())
    }

    /// Scope `index`'s counts as the command line's JSON for `file`.
    #[wasm_bindgen(js_name = scopeJson)]
    pub fn scope_json(&self, index: usize, file: String) -> WebResult<js_sys::Promise> {
        let scopes = self.studio.scopes();
        let view = scopes
            .get(index)
            .ok_or_else(|| JsError::new("no such scope"))?;
        Ok(crate::scope_chapters::json(
            view,
            self.context.clone(),
            file,
            self.studio.size(),
        ))
    }

    /// Scope `index` at natural size as PNG bytes (a waveform's or parade's with `lines` across).
    #[wasm_bindgen(js_name = scopePng)]
    pub fn scope_png(&self, index: usize, lines: &str) -> WebResult<js_sys::Promise> {
        let scopes = self.studio.scopes();
        let view = scopes
            .get(index)
            .ok_or_else(|| JsError::new("no such scope"))?;
        crate::scope_chapters::png_of(view, self.context.clone(), lines)
    }

    /// The levels an HDR picture's scopes count at (`x`, `y`), read back: R, G
    /// and B as drawn, or as the codes of the scopes' scale of nits.
    #[wasm_bindgen(js_name = scopedPixel)]
    pub fn scoped_pixel(&self, x: u32, y: u32) -> js_sys::Promise {
        reads::scoped_pixel(self.studio.source(), self.context.clone(), (x, y))
    }
}
