//! A JPEG's planes finished into RGB exactly as libjpeg-turbo finishes them, so
//! that a picture decoded to planes (the browser's `ImageDecoder`, TurboJPEG's
//! raw output) gives the values Pillow, OpenCV and the browsers read. Two steps,
//! both in integers, as libjpeg-turbo 3's jdsample.c and jdcolor.c do them:
//!
//! - **Upsampling** the chroma planes ("fancy", a triangle filter): across, each
//!   sample becomes two, (3·this + the neighbour on that side + 1 or 2) >> 2;
//!   down, likewise with the row above or below; both (4:2:0), the rows first
//!   (3·near + far: column sums), then across with 8 and 7 as the rounding and >> 4.
//!   The first and last columns take no neighbour. Rows above the first and below
//!   the last repeat the edge row. A chroma plane 2 samples wide or less is
//!   replicated instead, across and down (libjpeg-turbo uses its plain upsampler
//!   there); 4:4:0 (down only) is always fancy.
//! - **Colour**: jdcolor.c's fixed-point YCbCr to RGB, 16 fraction bits, each
//!   table entry computed here as libjpeg-turbo fills it, clamped to 0..=255.
//!
//! shaders/frames/planes.wgsl is the same on the GPU; tests/native hold both equal to
//! TurboJPEG's own RGB.

/// One plane: `stride` bytes a row.
#[derive(Clone, Copy, Debug)]
pub struct Plane<'a> {
    pub bytes: &'a [u8],
    pub stride: usize,
}

impl Plane<'_> {
    fn at(&self, x: usize, y: usize) -> i32 {
        self.bytes[y * self.stride + x] as i32
    }
}

/// How much smaller the chroma planes are: 1 or 2 across and down. Said by the
/// file (or the decoder's frame format), never guessed from the planes' sizes: a
/// 4:2:0 picture 1 pixel wide has chroma as wide as its luma, and is upsampled
/// otherwise than a 4:4:0 one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Subsampling {
    pub across: u32,
    pub down: u32,
}

impl Subsampling {
    pub const S444: Subsampling = Subsampling { across: 1, down: 1 };
    pub const S422: Subsampling = Subsampling { across: 2, down: 1 };
    pub const S420: Subsampling = Subsampling { across: 2, down: 2 };
    pub const S440: Subsampling = Subsampling { across: 1, down: 2 };
}

/// A JPEG's three planes: Y full size, Cb and Cr `subsampling` times smaller
/// (rounded up).
#[derive(Clone, Copy, Debug)]
pub struct Planes<'a> {
    pub width: u32,
    pub height: u32,
    pub subsampling: Subsampling,
    pub y: Plane<'a>,
    pub cb: Plane<'a>,
    pub cr: Plane<'a>,
}

/// EXIF's eight ways to turn or mirror a stored picture to show it.
pub use image::metadata::Orientation;

/// Where a JPEG's three planes lie in its bytes (as `VideoFrame.copyTo` lays
/// them out): each plane's first byte and bytes a row; and how the picture is
/// shown (the file's EXIF orientation: decoders hand planes over as stored).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlaneLayout {
    pub width: u32,
    pub height: u32,
    pub subsampling: Subsampling,
    pub offsets: [u32; 3],
    pub strides: [u32; 3],
    pub turn: Orientation,
}

impl PlaneLayout {
    /// The picture's size as shown: width and height swapped by a quarter turn.
    pub fn shown_size(&self) -> (u32, u32) {
        use Orientation::*;
        match self.turn {
            Rotate90 | Rotate270 | Rotate90FlipH | Rotate270FlipH => (self.height, self.width),
            _ => (self.width, self.height),
        }
    }

    /// The size of plane `plane` (0 Y, 1 Cb, 2 Cr).
    pub fn plane_size(&self, plane: usize) -> (u32, u32) {
        let s = self.subsampling;
        match plane {
            0 => (self.width, self.height),
            _ => (self.width.div_ceil(s.across), self.height.div_ceil(s.down)),
        }
    }

    /// Checks that every plane's rows lie within `len` bytes.
    pub fn check(&self, len: usize) -> Result<(), String> {
        if self.width == 0 || self.height == 0 {
            return Err(format!(
                "a {}x{} picture has no pixels",
                self.width, self.height
            ));
        }
        for plane in 0..3 {
            let (w, h) = self.plane_size(plane);
            let (offset, stride) = (self.offsets[plane] as u64, self.strides[plane] as u64);
            let end = offset + stride * (h as u64 - 1) + w as u64;
            if stride < w as u64 || end > len as u64 {
                return Err(format!(
                    "plane {plane} ({w}x{h}, {stride} bytes a row from byte {offset}) runs past the {len} bytes given"
                ));
            }
        }
        Ok(())
    }
}

impl PlaneLayout {
    /// The layout of a `VideoFrame`'s planes as `copyTo` wrote them: its format
    /// ("I420", "I422" or "I444": a JPEG's 4:2:0, 4:2:2, 4:4:4), size (at most
    /// `max_pixels`), and each plane's first byte and bytes a row; shown turned as
    /// EXIF's `turn` (1 to 8) says.
    pub fn of_frame(
        frame_format: &str,
        (width, height): (u32, u32),
        offsets: &[u32],
        strides: &[u32],
        turn: u8,
        max_pixels: u32,
    ) -> Result<PlaneLayout, String> {
        let subsampling = match frame_format {
            "I420" => Subsampling::S420,
            "I422" => Subsampling::S422,
            "I444" => Subsampling::S444,
            other => return Err(format!("a frame in {other} is not a JPEG's planes")),
        };
        let three = |v: &[u32]| <[u32; 3]>::try_from(v).map_err(|_| "three planes are needed");
        if width as u64 * height as u64 > max_pixels as u64 {
            return Err(format!(
                "{width}x{height} is more than this page's {} megapixels",
                max_pixels >> 20
            ));
        }
        Ok(PlaneLayout {
            width,
            height,
            subsampling,
            offsets: three(offsets)?,
            strides: three(strides)?,
            turn: Orientation::from_exif(turn)
                .ok_or_else(|| format!("EXIF has no orientation {turn}"))?,
        })
    }

    /// The planes in `bytes`, laid out as this says (checked).
    pub fn planes<'a>(&self, bytes: &'a [u8]) -> Result<Planes<'a>, String> {
        self.check(bytes.len())?;
        let plane = |i: usize| Plane {
            bytes: &bytes[self.offsets[i] as usize..],
            stride: self.strides[i] as usize,
        };
        Ok(Planes {
            width: self.width,
            height: self.height,
            subsampling: self.subsampling,
            y: plane(0),
            cb: plane(1),
            cr: plane(2),
        })
    }
}

/// libjpeg-turbo's YCbCr to RGB: R = Y + Cr_r_tab[Cr], G = Y + ((Cb_g_tab[Cb] +
/// Cr_g_tab[Cr]) >> 16), B = Y + Cb_b_tab[Cb], each clamped; the tables are
/// FIX(1.40200), FIX(1.77200), -FIX(0.71414) and -FIX(0.34414) times (c - 128),
/// FIX(x) = x·65536 rounded.
pub fn ycc_to_rgb(y: i32, cb: i32, cr: i32) -> [u8; 3] {
    const HALF: i32 = 1 << 15;
    let (cb, cr) = (cb - 128, cr - 128);
    let r = y + ((91881 * cr + HALF) >> 16);
    let g = y + ((-22554 * cb + HALF - 46802 * cr) >> 16);
    let b = y + ((116130 * cb + HALF) >> 16);
    [r, g, b].map(|v| v.clamp(0, 255) as u8)
}

/// The chroma of output row `y` of a plane `factor` times shorter and `rows`
/// rows tall, upsampled down: each output column's (weighted) value, and the
/// weight it carries (4 when fancy: 3·near + far; 1 when plain).
fn column_sums(
    plane: &Plane,
    columns: usize,
    rows: usize,
    y: usize,
    fancy: bool,
    out: &mut Vec<i32>,
) {
    out.clear();
    let (near, far) = if fancy {
        let near = y / 2;
        // Even output rows lean on the row above, odd ones on the row below.
        let far = if y.is_multiple_of(2) {
            near.saturating_sub(1)
        } else {
            (near + 1).min(rows - 1)
        };
        (near, far)
    } else {
        (y, y)
    };
    out.extend((0..columns).map(|x| {
        if fancy {
            3 * plane.at(x, near) + plane.at(x, far)
        } else {
            plane.at(x, near)
        }
    }));
}

/// One output row of a chroma plane, `width` samples, into `out`.
fn chroma_row(plane: &Plane, planes: &Planes, y: usize, sums: &mut Vec<i32>, out: &mut [i32]) {
    let Subsampling { across, down } = planes.subsampling;
    let (width, height) = (planes.width as usize, planes.height as usize);
    let columns = width.div_ceil(across as usize);
    let rows = height.div_ceil(down as usize);
    // libjpeg-turbo's plain upsampler where the plane is 2 samples wide or less
    // (h2v1, h2v2); down-only upsampling is fancy at any width.
    let fancy = columns > 2 || across == 1;
    match (across, down) {
        (1, 1) => {
            column_sums(plane, columns, rows, y, false, sums);
            out.copy_from_slice(&sums[..width]);
        }
        (1, 2) => {
            column_sums(plane, columns, rows, y, true, sums);
            let bias = if y.is_multiple_of(2) { 1 } else { 2 };
            for (o, s) in out.iter_mut().zip(sums.iter()) {
                *o = (s + bias) >> 2;
            }
        }
        (2, down) => {
            let fancy_down = down == 2 && fancy;
            if fancy_down {
                column_sums(plane, columns, rows, y, true, sums);
            } else {
                column_sums(plane, columns, rows, y / down as usize, false, sums);
            }
            for (x, o) in out.iter_mut().enumerate() {
                let i = x / 2;
                let this = sums[i];
                *o = if !fancy {
                    this
                } else if fancy_down {
                    // Column sums carry weight 4: 16 in all, rounded 8 left, 7 right.
                    match (x % 2, i) {
                        (0, 0) => (4 * this + 8) >> 4,
                        (0, _) => (3 * this + sums[i - 1] + 8) >> 4,
                        (_, i) if i + 1 == columns => (4 * this + 7) >> 4,
                        _ => (3 * this + sums[i + 1] + 7) >> 4,
                    }
                } else {
                    match (x % 2, i) {
                        (0, 0) => this,
                        (0, _) => (3 * this + sums[i - 1] + 1) >> 2,
                        (_, i) if i + 1 == columns => this,
                        _ => (3 * this + sums[i + 1] + 2) >> 2,
                    }
                };
            }
        }
        _ => unreachable!("subsampling is 1 or 2 each way"),
    }
}

/// Writes `planes` finished into `rgba` (`width * height * 4` bytes, alpha 255),
/// the rows `rows` of it (a band: the whole picture is `0..height`); `rgba`
/// holds just those rows.
pub fn finish_rows(planes: &Planes, rows: std::ops::Range<u32>, rgba: &mut [u8]) {
    let width = planes.width as usize;
    assert_eq!(rgba.len(), width * rows.len() * 4, "room for the rows");
    let (mut sums, mut cb, mut cr) = (Vec::new(), vec![0; width], vec![0; width]);
    for (y, out) in rows.zip(rgba.chunks_exact_mut(width * 4)) {
        let y = y as usize;
        chroma_row(&planes.cb, planes, y, &mut sums, &mut cb);
        chroma_row(&planes.cr, planes, y, &mut sums, &mut cr);
        for (x, pixel) in out.chunks_exact_mut(4).enumerate() {
            let [r, g, b] = ycc_to_rgb(planes.y.at(x, y), cb[x], cr[x]);
            pixel.copy_from_slice(&[r, g, b, 255]);
        }
    }
}

/// `planes` finished into a new RGBA buffer.
pub fn finish(planes: &Planes) -> Vec<u8> {
    let mut rgba = vec![0; planes.width as usize * planes.height as usize * 4];
    finish_rows(planes, 0..planes.height, &mut rgba);
    rgba
}
