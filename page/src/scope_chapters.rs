//! Scopes in the browser: a view that counts a scope on the GPU and draws it into
//! its own canvas (the studio holds one per scope shown), the chapter pages'
//! screen over a picture or live frames, and what the pages ask of the core's
//! scopes and overlays (graticule names, a pixel's points, the false colour's bands).

use super::live::{Frames, Live};
use super::{png, CanvasTarget, Context, GpuContext, Picture, WebResult};
use histogram::gpu::{self, Gpu, GpuImage};
use histogram::image::Region;
use histogram::scope::{
    draw_reference_lines, Control, Counts, Graticule, Matrix, Overlay, Reference, Scope, Style,
    Transfer,
};
use histogram::studio::{ScopeView, Target};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// A scope by its page name (`Kind::name`) and grid size.
pub(super) fn named_scope(name: &str, size: u32) -> WebResult<Scope> {
    Scope::named(name, size).map_err(|e| JsError::new(&e))
}

/// The scopes the pages build their forms for, the registry's in order: each
/// one's name and the controls it offers, as JSON `[{"name", "controls":
/// ["channels", ...]}]`.
#[wasm_bindgen(js_name = scopeKinds)]
pub fn scope_kinds() -> String {
    let kinds: Vec<_> = Scope::ALL
        .iter()
        .map(|s| serde_json::json!({"name": s.name(), "controls": s.kind().controls()}))
        .collect();
    serde_json::Value::from(kinds).to_string()
}

/// The WGSL of a scope's kernel, or with "draw" the drawing of every scope.
#[wasm_bindgen(js_name = scopeSource)]
pub fn scope_source(name: &str) -> WebResult<String> {
    if name == "draw" {
        return Ok(gpu::scope_draw_source());
    }
    Ok(gpu::scope_source(named_scope(name, 256)?))
}

/// Where a pixel lies on scope `name` (`histogram::scope::scope_points`), as JSON
/// `[{"channel", "x", "y"}]` in the scope's unit square: the pixel's `samples`
/// of `depth` bits (8 to 16: its R, G and B, which the scopes count at their
/// nearest 8-bit value; and at 8 bits its Y′ as decoded where a fourth is
/// given: a video frame whose waveform counts that) in `column` of the
/// `columns` counted, the waveform's or parade's `shown` channels, the
/// vectorscope's `zoom`, and its `codes` ("sdr", or HDR codes "pq" or "hlg",
/// whose chroma it reads by BT.2020's matrix).
#[wasm_bindgen(js_name = scopePoints)]
#[allow(clippy::too_many_arguments)]
pub fn scope_points(
    name: &str,
    shown: Vec<u8>,
    zoom: f32,
    column: u32,
    columns: u32,
    samples: Vec<u16>,
    depth: u32,
    codes: Option<String>,
) -> WebResult<String> {
    let nits = Transfer::of_codes(codes.as_deref()).map_err(|e| JsError::new(&e))?;
    if !(8..=16).contains(&depth) {
        return Err(JsError::new("a pixel's samples are of 8 to 16 bits"));
    }
    let max = (1 << depth) - 1;
    let rgb = <[u16; 3]>::try_from(samples.get(..3).unwrap_or_default())
        .map_err(|_| JsError::new("a pixel is its R, G and B"))?
        .map(|s| histogram::deep::nearest_8_bit(s.min(max as u16), max));
    let luma = samples.get(3).filter(|_| depth == 8).map(|&y| y as u8);
    let shown: Vec<usize> = shown.into_iter().map(usize::from).collect();
    let points = histogram::scope::scope_points(
        named_scope(name, 256)?,
        &shown,
        zoom,
        (column, columns),
        (rgb, luma),
        Matrix::of_codes(nits),
    );
    serde_json::to_string(&points).map_err(|e| JsError::new(&e.to_string()))
}

/// The reference lines of `text` (`histogram::scope::Reference`: "16, 235",
/// "5%, 95%") on a value axis whose top value is `max`, as JSON `[{"text", "at"}]`
/// (`at` 0 at the bottom or left, 1 at the top or right); the error is the first
/// word that is not a line, for the page to say in its language.
#[wasm_bindgen(js_name = referenceLines)]
pub fn reference_lines(text: &str, max: u32) -> WebResult<String> {
    let placed = Reference::placed(text, max).map_err(|word| JsError::new(&word))?;
    serde_json::to_string(&placed).map_err(|e| JsError::new(&e.to_string()))
}

/// The false colour's bands (src/scope/overlay.rs) as JSON for the page's key:
/// `[{"id", "from", "to", "colour": [r, g, b]}]`, in luminance levels 0-255.
#[wasm_bindgen(js_name = overlayBands)]
pub fn overlay_bands() -> String {
    serde_json::to_string(&histogram::scope::BANDS).unwrap_or_default()
}

/// The overlays (`Overlay::ALL`) as JSON for the studio's form: `[{"name",
/// "percent", "banded"}]`, `percent` the level one takes where it takes one
/// (null otherwise), `banded` whether it paints the bands the key names.
#[wasm_bindgen(js_name = overlayKinds)]
pub fn overlay_kinds() -> String {
    let kinds: Vec<_> = Overlay::ALL
        .iter()
        .map(|o| serde_json::json!({ "name": o.name(), "percent": o.percent(), "banded": o.banded() }))
        .collect();
    serde_json::to_string(&kinds).unwrap_or_default()
}

/// How many pixels an overlay marks (`Overlay::marked`), from a histogram's 256
/// luminance counts, and the zebra's lowest level last.
#[wasm_bindgen(js_name = overlayMarked)]
pub fn overlay_marked(name: &str, percent: u32, luminance: Vec<u32>) -> WebResult<Vec<f64>> {
    let overlay = Overlay::named(name, percent).map_err(|e| JsError::new(&e))?;
    if luminance.len() != 256 {
        return Err(JsError::new("the luminance histogram has 256 counts"));
    }
    let level = overlay.percent().map_or(0, Overlay::zebra_level);
    let mut marked: Vec<f64> = overlay
        .marked(&luminance)
        .into_iter()
        .map(|n| n as f64)
        .collect();
    marked.push(f64::from(level));
    Ok(marked)
}

/// The Scale's choices: SDR's codes ("sdr"), then each HDR transfer's.
#[wasm_bindgen(js_name = scopeScales)]
pub fn scope_scales() -> Vec<String> {
    let hdr = Transfer::ALL.iter().map(|t| t.name().to_string());
    std::iter::once("sdr".to_string()).chain(hdr).collect()
}

/// The Scale whose codes a video frame's are, by its transfer as WebCodecs
/// names it ("pq", "hlg"): none for SDR's or an unnamed one.
#[wasm_bindgen(js_name = hdrTransfer)]
pub fn hdr_transfer(name: Option<String>) -> Option<String> {
    Transfer::parse(name.as_deref()?)
        .ok()
        .map(|t| t.name().into())
}

/// The largest HDR video file a page reads for its 10-bit codes (bytes,
/// src/video_track): past it, the element's 8-bit pictures are scoped.
#[wasm_bindgen(js_name = largestHdrVideo)]
pub fn largest_hdr_video() -> f64 {
    histogram::video_track::LARGEST_BYTES as f64
}

/// The container ("webm", "mp4") of a video file beginning with `start` (its
/// first 8 bytes) where it is one the page reads an HDR video's 10-bit codes from
/// (src/video_track).
#[wasm_bindgen(js_name = hdrVideoContainer)]
pub fn hdr_video_container(start: &[u8]) -> Option<String> {
    use histogram::video_track::Container;
    Container::of(start).map(|c| {
        match c {
            Container::WebM => "webm",
            Container::Mp4 => "mp4",
        }
        .into()
    })
}

/// A scope's graticule named (src/scope/ `graticule_labels`), as JSON:
/// `[{"text", "x", "y"}, ...]` in the scope's unit square, y down; the
/// vectorscope's magnified `zoom` times (1 when not given); a waveform's in video
/// levels with `video_levels` (Y′ as decoded), a waveform's or a parade's in nits
/// of HDR codes of `nits` ("pq", "hlg").
#[wasm_bindgen(js_name = scopeLabels)]
pub fn scope_labels(
    name: &str,
    zoom: Option<f32>,
    video_levels: Option<bool>,
    nits: Option<String>,
) -> WebResult<String> {
    let nits = nits.as_deref().map(Transfer::parse).transpose();
    let nits = nits.map_err(|e| JsError::new(&e))?;
    let graticule = Graticule::new(nits, video_levels.unwrap_or(false));
    let labels =
        histogram::scope::graticule_labels(named_scope(name, 256)?, zoom.unwrap_or(1.0), graticule);
    serde_json::to_string(&labels).map_err(|e| JsError::new(&e.to_string()))
}

/// The graticule labels' colour (CSS) and the width of the strip right of a
/// scope's PNG for a line's value, as the command line letters its PNGs
/// (src/scope/labelled.rs), as JSON: `{"colour", "strip"}`.
#[wasm_bindgen(js_name = scopeLabelStyle)]
pub fn scope_label_style() -> String {
    let [r, g, b] = histogram::scope::LABEL_COLOUR;
    let strip = histogram::scope::LABEL_STRIP;
    format!(r##"{{"colour":"#{r:02x}{g:02x}{b:02x}","strip":{strip}}}"##)
}

/// A scope's canvas's next frame, a view of it and its size, for the core's
/// `ScopeView` to draw into. Where the CPU draws a playing video's frames
/// (`live`), the vectorscope's canvas is first held to a pixel a cell
/// (`ScopeView::largest_side`).
pub(super) fn scope_frame(
    g: &Gpu,
    canvas: &mut CanvasTarget,
    view: &ScopeView,
    live: bool,
) -> WebResult<(wgpu::SurfaceTexture, wgpu::TextureView, (u32, u32))> {
    if let Some(side) = view.largest_side(live) {
        canvas.canvas.set_width(canvas.canvas.width().min(side));
        canvas.canvas.set_height(canvas.canvas.height().min(side));
    }
    canvas.next(g).map_err(|e| JsError::new(&e.0))
}

/// Counts once more, reads the counts back and hands them to `then` with the
/// count's GPU and wall times.
fn read<T: Into<JsValue>>(
    view: &ScopeView,
    context: Rc<Context>,
    then: impl FnOnce(Counts, Scope, Region, Option<f64>, f64) -> WebResult<T> + 'static,
) -> js_sys::Promise {
    let g = &context.gpu;
    let start = gpu::now_ms();
    let mut encoder = g.device.create_command_encoder(&Default::default());
    let (readback, readout) = view.count().borrow().encode_read(g, &mut encoder);
    g.queue.submit([encoder.finish()]);
    wasm_bindgen_futures::future_to_promise(async move {
        let g = &context.gpu;
        let bytes = g
            .read_buffer(&readback)
            .await
            .map_err(|e| JsError::new(&e.0))?;
        let (counts, gpu_ms) = readout.counts(&bytes, g.queue.get_timestamp_period());
        let wall_ms = gpu::now_ms() - start;
        then(counts, readout.scope, readout.region, gpu_ms, wall_ms)
            .map(Into::into)
            .map_err(Into::into)
    })
}

/// The counts as JSON (the command line's object for `file`, of a picture of
/// `size`).
pub(super) fn json(
    view: &ScopeView,
    context: Rc<Context>,
    file: String,
    size: (u32, u32),
) -> js_sys::Promise {
    let whole = Region::whole(size.0, size.1);
    read(view, context, move |counts, _, region, _, _| {
        let region = (region != whole).then_some(region);
        Ok(counts.json(&file, size, region))
    })
}

/// The scope at natural size (one pixel per bin, as `histogram scope` draws
/// it) as PNG bytes.
pub(super) fn png_of(
    view: &ScopeView,
    context: Rc<Context>,
    lines: &str,
) -> WebResult<js_sys::Promise> {
    let lines = Reference::parse_list(lines).map_err(|word| JsError::new(&word))?;
    let (style, shown) = (view.style(), view.shown());
    Ok(read(view, context, move |counts, scope, _, _, _| {
        let drawn = counts.draw(scope, &shown, style);
        let bytes = png(&match scope.offers(Control::Lines) {
            true => draw_reference_lines(drawn, &lines),
            false => drawn,
        })?;
        Ok(js_sys::Uint8Array::from(&bytes[..]))
    }))
}

/// Counts back to back for `duration_ms` (`pass_ms`: one count's time), so the
/// GPU is at its working clocks when timed: an idle GPU drops them within a
/// second (an H100 to 345 MHz, which made a 4K waveform's 43 us 190).
pub(super) fn keep_busy(
    view: &ScopeView,
    context: Rc<Context>,
    pass_ms: f64,
    duration_ms: f64,
) -> js_sys::Promise {
    let count = view.count().clone();
    wasm_bindgen_futures::future_to_promise(async move {
        gpu::keep_busy(&context.gpu, pass_ms, duration_ms, |encoder| {
            count.borrow().encode(encoder)
        })
        .await
        .map_err(|e| JsError::new(&e.0))?;
        Ok(JsValue::UNDEFINED)
    })
}

/// One timed count: [GPU ms (NaN without timestamps), wall ms].
pub(super) fn time(view: &ScopeView, context: Rc<Context>) -> js_sys::Promise {
    read(view, context, |_, _, _, gpu_ms, wall_ms| {
        Ok(js_sys::Float64Array::from(
            &[gpu_ms.unwrap_or(f64::NAN), wall_ms][..],
        ))
    })
}

/// What a scope screen counts: a picture, or live frames.
enum Source {
    Picture(Rc<GpuImage>),
    Live(Rc<Frames>),
}

/// A chapter page's scope: a picture's or a video's frames counted into one scope
/// and drawn into a canvas.
#[wasm_bindgen]
pub struct ScopeScreen {
    context: Rc<Context>,
    source: Source,
    size: (u32, u32),
    view: ScopeView,
    canvas: RefCell<CanvasTarget>,
}

#[wasm_bindgen]
impl ScopeScreen {
    /// `name` ("waveform", "parade", "vectorscope") of `picture`, drawn in `canvas`;
    /// `size` is the vectorscope's grid.
    #[wasm_bindgen(js_name = forPicture)]
    pub fn for_picture(
        gpu: &GpuContext,
        canvas: web_sys::HtmlCanvasElement,
        picture: &Picture,
        name: &str,
        size: u32,
    ) -> WebResult<ScopeScreen> {
        let context = gpu.context();
        let (image, _) = picture.uploaded(&context)?;
        ScopeScreen::make(context, canvas, Source::Picture(image), name, size)
    }

    /// The same over a video's or camera's frames (see `Live`).
    #[wasm_bindgen(js_name = forLive)]
    pub fn for_live(
        gpu: &GpuContext,
        canvas: web_sys::HtmlCanvasElement,
        live: &Live,
        name: &str,
        size: u32,
    ) -> WebResult<ScopeScreen> {
        ScopeScreen::make(
            gpu.context(),
            canvas,
            Source::Live(live.frames()),
            name,
            size,
        )
    }

    fn make(
        context: Rc<Context>,
        canvas: web_sys::HtmlCanvasElement,
        source: Source,
        name: &str,
        size: u32,
    ) -> WebResult<ScopeScreen> {
        let scope = named_scope(name, size)?;
        let frame;
        let image = match &source {
            Source::Picture(image) => image,
            Source::Live(frames) => {
                let (w, h) = frames.size();
                frame = GpuImage::from_texture(frames.view().clone(), w, h);
                &frame
            }
        };
        let (w, h) = image.size();
        let g = &context.gpu;
        let canvas = CanvasTarget::new(g, canvas).map_err(|e| JsError::new(&e.0))?;
        let (format, at) = (
            canvas.config.format,
            (canvas.config.width, canvas.config.height),
        );
        let mut kernels = context.kernels.borrow_mut();
        let view = ScopeView::new(
            g,
            &mut kernels,
            image,
            scope,
            Region::whole(w, h),
            format,
            at,
        )
        .map_err(|e| JsError::new(&e.0))?;
        drop(kernels);
        Ok(ScopeScreen {
            context,
            source,
            size: (w, h),
            view,
            canvas: RefCell::new(canvas),
        })
    }

    /// Brightness: logarithmic or linear, times `gain`; `shown` the waveform's or
    /// the parade's channels (0 R, 1 G, 2 B, 3 luminance); the vectorscope
    /// magnified `zoom` times (1 when not given); the waveform's luma as decoded
    /// where a video's frame has it (`decoded_luma`); the lines named in nits
    /// of HDR codes (`codes` "pq" or "hlg"; "sdr" or none, SDR's).
    #[wasm_bindgen(js_name = setStyle)]
    pub fn set_style(
        &self,
        log: bool,
        gain: f32,
        shown: Vec<u8>,
        zoom: Option<f32>,
        decoded_luma: Option<bool>,
        codes: Option<String>,
    ) -> WebResult<()> {
        let shown = shown.into_iter().map(usize::from).collect();
        let zoom = zoom.unwrap_or(1.0).clamp(1.0, 8.0);
        let decoded_luma = decoded_luma.unwrap_or(false);
        // Y′ as decoded is a video's, in video levels: not read as HDR codes.
        let nits = if decoded_luma {
            None
        } else {
            Transfer::of_codes(codes.as_deref()).map_err(|e| JsError::new(&e))?
        };
        self.view.set_style(
            &self.context.gpu,
            Style {
                log,
                gain,
                zoom,
                nits,
            },
            shown,
        );
        self.view.set_decoded_luma(decoded_luma);
        Ok(())
    }

    /// Whether the waveform drawn last counted Y′ as decoded (video levels).
    #[wasm_bindgen(getter, js_name = decodedLuma)]
    pub fn decoded_luma(&self) -> bool {
        self.view.decoded_luma()
    }

    /// Counts and draws the picture (or the frame in the texture now).
    pub fn draw(&self) -> WebResult<()> {
        self.render(false)
    }

    /// Converts the frame a Live was given, then counts and draws it.
    #[wasm_bindgen(js_name = drawFrame)]
    pub fn draw_frame(&self) -> WebResult<()> {
        self.render(true)
    }

    fn render(&self, live: bool) -> WebResult<()> {
        let g = &self.context.gpu;
        if let Some(fault) = g.fault() {
            return Err(JsError::new(&fault));
        }
        let mut encoder = g.device.create_command_encoder(&Default::default());
        if let (true, Source::Live(frames)) = (live, &self.source) {
            frames.convert(g, &mut encoder);
        }
        let has_luma = matches!(&self.source, Source::Live(frames) if frames.has_decoded_luma());
        self.view.follow_frame(g, has_luma);
        self.view.encode(&mut encoder);
        let (frame, view, size) = scope_frame(g, &mut self.canvas.borrow_mut(), &self.view, live)?;
        self.view
            .draw(g, &mut encoder, Target { view: &view, size });
        g.queue.submit([encoder.finish()]);
        g.queue.present(frame);
        Ok(())
    }

    /// The counts as the command line's JSON for `file`.
    pub fn json(&self, file: String) -> js_sys::Promise {
        json(&self.view, self.context.clone(), file, self.size)
    }

    /// The scope at natural size as PNG bytes.
    pub fn png(&self) -> WebResult<js_sys::Promise> {
        png_of(&self.view, self.context.clone(), "")
    }

    /// One timed count: [GPU ms (NaN without timestamps), wall ms].
    pub fn time(&self) -> js_sys::Promise {
        time(&self.view, self.context.clone())
    }

    /// Counts back to back for `duration_ms` before timing (`pass_ms`: one
    /// count's time), as the timings page does.
    #[wasm_bindgen(js_name = keepBusy)]
    pub fn keep_busy(&self, pass_ms: f64, duration_ms: f64) -> js_sys::Promise {
        keep_busy(&self.view, self.context.clone(), pass_ms, duration_ms)
    }

    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.size.0
    }

    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.size.1
    }
}
