//! The vectorscope: the histogram of chroma on an N x N grid. R', G', B' =
//! stored / 255 (f32); Y' = 0.2126 R' + 0.7152 G' + 0.0722 B'; Cb = (B' - Y') /
//! 1.8556, Cr = (R' - Y') / 1.5748 (BT.709, full range; HDR codes by BT.2020's
//! matrix, `Matrix`); 8-bit codes cb = floor(128 + 255 Cb + 0.5), cr likewise,
//! clamped to 0..=255; column = floor(cb N / 256), row = floor((255 - cr) N /
//! 256): +Cr up, neutral grey on one cell.

use super::*;
use crate::gpu::Kernel;

/// A two-dimensional histogram of chroma.
pub const VECTORSCOPE_KERNEL: Kernel = Kernel::fixed(
    "vectorscope",
    include_str!("vectorscope.wgsl"),
    "a histogram of chroma",
);

pub(super) const KIND: VectorscopeKind = VectorscopeKind;

pub(super) struct VectorscopeKind;

impl Kind for VectorscopeKind {
    fn name(&self) -> &'static str {
        "vectorscope"
    }
    fn counted(&self) -> Counted {
        Counted::Chroma
    }
    fn controls(&self) -> &'static [Control] {
        &[Control::Grid, Control::Zoom, Control::Nits]
    }
    fn drawn_as(&self) -> u32 {
        2
    }
    fn magnification(&self, size: u32, zoom: f32) -> f32 {
        vectorscope_magnification(size, zoom)
    }
    fn draw(&self, counts: &Counts, _shown: &[usize], style: Style) -> Image {
        draw_vectorscope(counts.chroma().expect("a vectorscope's counts"), style)
    }
    /// The six 75% colour-bar targets named by their colours (R, Yl, G, Cy, B,
    /// Mg), each just outside its box, away from the centre, where `zoom`
    /// leaves them in view: BT.2020's bars where the codes are HDR codes.
    fn labels(&self, size: u32, zoom: f32, graticule: Graticule) -> Vec<Label> {
        let magnification = vectorscope_magnification(size, zoom);
        colour_bar_targets(191, Matrix::of_graticule(graticule))
            .iter()
            .zip(["R", "Yl", "G", "Cy", "B", "Mg"])
            .filter_map(|(&(cb, cr), text)| {
                let (dx, dy) = (
                    (cb as f32 + 0.5) / 256.0 - 0.5,
                    0.5 - (cr as f32 + 0.5) / 256.0,
                );
                // 16 codes past the target, away from the centre.
                let away = 1.0 + 16.0 / 256.0 / dx.hypot(dy);
                let (x, y) = (
                    0.5 + dx * away * magnification,
                    0.5 + dy * away * magnification,
                );
                ((0.02..0.98).contains(&x) && (0.02..0.98).contains(&y)).then_some(Label {
                    text,
                    x,
                    y,
                })
            })
            .collect()
    }
    /// The middle of the pixel's chroma codes, none where the zoom leaves them
    /// out of view.
    fn points(&self, size: u32, at: Pointed, _shown: &[usize], zoom: f32) -> Vec<Point> {
        let [r, g, b] = at.rgb;
        let (cb, cr) = chroma_codes(r, g, b, at.matrix);
        let magnification = vectorscope_magnification(size, zoom);
        let x = 0.5 + ((cb as f32 + 0.5) / 256.0 - 0.5) * magnification;
        let y = 0.5 + (0.5 - (cr as f32 + 0.5) / 256.0) * magnification;
        let seen = (0.0..=1.0).contains(&x) && (0.0..=1.0).contains(&y);
        seen.then_some(Point { channel: 3, x, y })
            .into_iter()
            .collect()
    }
}

/// A vectorscope's counts: `size` rows (row 0 at the top: the most +Cr) of `size`
/// cells, `counts[row * size + column]`, over `pixels` pixels, read by `matrix`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vectorscope {
    pub size: u32,
    pub pixels: u64,
    pub counts: Vec<u32>,
    pub matrix: Matrix,
}

/// The colour-difference matrix a vectorscope reads R', G', B' by: BT.709's for
/// SDR codes; BT.2020's for HDR codes (PQ, HLG), which BT.2100 gives the
/// BT.2020 primaries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Matrix {
    #[default]
    Bt709,
    Bt2020,
}

impl Matrix {
    /// The matrix of codes read as SDR (none) or as HDR codes of a transfer.
    pub fn of_codes(nits: Option<Transfer>) -> Matrix {
        match nits {
            Some(_) => Matrix::Bt2020,
            None => Matrix::Bt709,
        }
    }

    /// The matrix of the codes a graticule is drawn for.
    pub fn of_graticule(graticule: Graticule) -> Matrix {
        match graticule {
            Graticule::Nits(transfer) => Matrix::of_codes(Some(transfer)),
            Graticule::Full | Graticule::Video => Matrix::Bt709,
        }
    }

    /// "bt709" or "bt2020", as the counts' JSON names it.
    pub fn name(self) -> &'static str {
        match self {
            Matrix::Bt709 => "bt709",
            Matrix::Bt2020 => "bt2020",
        }
    }

    /// The luminance of R', G' and B' (Kr, Kg, Kb), and the divisors of B' - Y'
    /// and R' - Y' (2 (1 - Kb), 2 (1 - Kr)) that span Cb and Cr over -0.5..0.5,
    /// as the standards write them.
    pub fn weights(self) -> ([f32; 3], [f32; 2]) {
        match self {
            Matrix::Bt709 => ([0.2126, 0.7152, 0.0722], [1.8556, 1.5748]),
            Matrix::Bt2020 => ([0.2627, 0.6780, 0.0593], [1.8814, 1.4746]),
        }
    }
}

/// The 8-bit chroma codes (cb, cr) of a pixel, as the definition computes them in f32.
pub fn chroma_codes(r: u8, g: u8, b: u8, matrix: Matrix) -> (u32, u32) {
    let [r, g, b] = [r, g, b].map(|v| v as f32 / 255.0);
    let ([kr, kg, kb], [db, dr]) = matrix.weights();
    let y = kr * r + kg * g + kb * b;
    let code = |d: f32, k: f32| (128.0 + 255.0 * (d / k) + 0.5).floor().clamp(0.0, 255.0) as u32;
    (code(b - y, db), code(r - y, dr))
}

/// The cell (column, row) of a pixel on a `size` x `size` vectorscope.
pub fn chroma_cell(r: u8, g: u8, b: u8, size: u32, matrix: Matrix) -> (u32, u32) {
    let (cb, cr) = chroma_codes(r, g, b, matrix);
    (cb * size / 256, (255 - cr) * size / 256)
}

/// The vectorscope of `image` (or of `region` of it) on a `size`-cell grid, read
/// by `matrix`, on the CPU: the reference.
pub fn vectorscope(
    image: &Image,
    region: Option<Region>,
    size: u32,
    matrix: Matrix,
) -> Result<Vectorscope, String> {
    Scope::Vectorscope { size }.check()?;
    let r = counted(image, region)?;
    let mut counts = vec![0u32; size as usize * size as usize];
    let row_bytes = image.width() as usize * 4;
    for y in r.y..r.y + r.height {
        let row = &image.rgba()[y as usize * row_bytes..][..row_bytes];
        for p in row[r.x as usize * 4..(r.x + r.width) as usize * 4].chunks_exact(4) {
            let (column, row) = chroma_cell(p[0], p[1], p[2], size, matrix);
            counts[(row * size + column) as usize] += 1;
        }
    }
    Ok(Vectorscope {
        size,
        pixels: r.pixel_count(),
        counts,
        matrix,
    })
}
/// The reference count of a vectorscope over `pixels` pixels.
pub fn vectorscope_reference(pixels: u64) -> f32 {
    pixels as f32 / 256.0
}

/// Where the six colour bars land at `v` (191 for 75% bars, 255 for 100%) read
/// by `matrix`: (cb, cr) codes of red, yellow, green, cyan, blue and magenta.
pub fn colour_bar_targets(v: u8, matrix: Matrix) -> [(u32, u32); 6] {
    [
        (v, 0, 0),
        (v, v, 0),
        (0, v, 0),
        (0, v, v),
        (0, 0, v),
        (v, 0, v),
    ]
    .map(|(r, g, b)| chroma_codes(r, g, b, matrix))
}

/// The vectorscope's targets, boxed on its graticule: the 75% bars' and the 100%
/// bars'.
pub fn vectorscope_targets(matrix: Matrix) -> [(u32, u32); 12] {
    let (a, b) = (
        colour_bar_targets(191, matrix),
        colour_bar_targets(255, matrix),
    );
    std::array::from_fn(|i| if i < 6 { a[i] } else { b[i - 6] })
}

/// A vectorscope graticule line's half-width, in pixels: a little over half, so
/// that a line midway between two pixels' centres (the axes at 2x) lights both
/// rather than neither.
pub const LINE_HALF: f32 = 0.51;

/// The skin-tone line's angle, degrees counterclockwise from +Cb (right) towards
/// +Cr (up): where the faces of every complexion fall.
pub const SKIN_TONE_DEGREES: f32 = 123.0;

/// Whether a point of the vectorscope's code plane (cb right, cr up; `half` the
/// half-width of a pixel in codes) lies on the graticule: the outer circle, the
/// axes through neutral, a box round each target (`vectorscope_targets`), the
/// skin-tone line.
pub fn on_vectorscope_graticule(cb: f32, cr: f32, half: f32, targets: &[(u32, u32)]) -> bool {
    let (dx, dy) = (cb - 128.0, cr - 128.0);
    let radius = 127.5;
    let distance = (dx * dx + dy * dy).sqrt();
    if (distance - radius).abs() < half || dx.abs() < half || dy.abs() < half {
        return true;
    }
    let boxed = targets.iter().any(|&(tb, tr)| {
        let edge = (cb - tb as f32).abs().max((cr - tr as f32).abs());
        (edge - 5.0).abs() < half
    });
    let angle = SKIN_TONE_DEGREES.to_radians();
    let (ux, uy) = (angle.cos(), angle.sin());
    let along = dx * ux + dy * uy;
    let across = (dx * uy - dy * ux).abs();
    boxed || (along > 0.0 && along < radius && across < half)
}

/// The chroma a cell stands for, shown in its own hue: the colour of that (Cb, Cr)
/// at Y' = 0.5 by `matrix`, scaled so its brightest channel is 1 (neutral is
/// white).
pub fn cell_hue(cb: f32, cr: f32, matrix: Matrix) -> [f32; 3] {
    let (pb, pr) = ((cb - 128.0) / 255.0, (cr - 128.0) / 255.0);
    let ([kr, kg, kb], [db, dr]) = matrix.weights();
    let y = 0.5;
    let r = y + dr * pr;
    let b = y + db * pb;
    let g = (y - kr * r - kb * b) / kg;
    let c = [r, g, b].map(|v| v.clamp(0.0, 1.0));
    let most = c[0].max(c[1]).max(c[2]).max(1e-6);
    c.map(|v| v / most)
}

/// The side of a `size`-cell vectorscope drawn at natural size: its cells and a
/// margin of at least a cell (8 codes or more) each side, so that the boxes round
/// the 100% targets, which lie on the code plane's edge, are drawn whole.
pub fn vectorscope_side(size: u32) -> u32 {
    size + 2 * (size / 32).max(1)
}

/// How many times the code plane spans its drawing's width: `zoom` (at least 1)
/// less the margin (`vectorscope_side`).
pub fn vectorscope_magnification(size: u32, zoom: f32) -> f32 {
    zoom.max(1.0) * size as f32 / vectorscope_side(size) as f32
}

/// The vectorscope at natural size (`vectorscope_side`): a pixel per cell, lit in
/// its hue by its count, with the graticule; magnified `style.zoom` times about its
/// middle, each pixel the cell under its centre (none in the margin).
pub fn draw_vectorscope(scope: &Vectorscope, style: Style) -> Image {
    let n = scope.size;
    let side = vectorscope_side(n);
    let reference = vectorscope_reference(scope.pixels);
    let targets = vectorscope_targets(scope.matrix);
    let magnification = vectorscope_magnification(n, style.zoom);
    // Pixel k's centre, 0..1 across the code plane, once magnified about the
    // middle (the edge between codes 127 and 128: at 2x no pixel's centre falls on
    // a cell's edge, where the CPU's and the GPU's rounding could differ).
    let at = |k: u32| 0.5 + ((k as f32 + 0.5) / side as f32 - 0.5) / magnification;
    let mut pixels = Vec::with_capacity((side * side) as usize);
    for row in 0..side {
        for column in 0..side {
            let (tx, ty) = (at(column), at(row));
            // In codes: cb right, cr up.
            let (cb, cr) = (tx * 256.0 - 0.5, 255.5 - ty * 256.0);
            let cell = |t: f32| (t * n as f32).floor() as u32;
            let inside = (0.0..1.0).contains(&tx) && (0.0..1.0).contains(&ty);
            let count = if inside {
                scope.counts[(cell(ty).min(n - 1) * n + cell(tx).min(n - 1)) as usize]
            } else {
                0
            };
            let light = style.brightness(count as f32, reference);
            let mut c = cell_hue(cb, cr, scope.matrix).map(|v| v * light);
            let half = LINE_HALF * 256.0 / side as f32 / magnification;
            if on_vectorscope_graticule(cb, cr, half, &targets) {
                c = [0, 1, 2].map(|k| c[k].max(GRATICULE[k]));
            }
            pixels.push(c);
        }
    }
    to_rgba(pixels, side, side)
}
