//! Scopes: the CPU reference against definitions worked out apart from it, and
//! the GPU kernels and drawing against the CPU reference.

use crate::common;

use common::{drawn, gpu, photo, reference, test_images};
use histogram::gpu::{Gpu, GpuImage, Kernels, ScopeCount, ScopeKernel, ScopePainter};
use histogram::layout::Panel;
use histogram::scope::{self, Counts, Matrix, Scope, Style, LEVELS};
use histogram::{Image, Region, Spec};
use std::collections::HashSet;

/// Every column of the waveform is the histogram of that column of pixels, by the
/// independent reference of the histograms.
#[test]
fn waveform_columns_are_the_columns_histograms() {
    for (name, image) in test_images() {
        let w = scope::waveform(&image, None).unwrap();
        assert_eq!((w.width, w.height), (image.width(), image.height()));
        for x in (0..image.width()).step_by(7) {
            let column = image.crop(Region {
                x,
                y: 0,
                width: 1,
                height: image.height(),
            });
            let expected = reference(&column, Spec::rgbl());
            for ch in 0..4 {
                let got = w.column(x, ch);
                let want: Vec<u32> = (0..LEVELS).map(|l| expected[l * 4 + ch]).collect();
                assert_eq!(got, &want[..], "{name}: column {x}, channel {ch}");
            }
        }
    }
}

/// Cb and Cr of R', G', B' (0 to 1) in f64, from the standard's Kr and Kb alone
/// (BT.709: 0.2126, 0.0722; BT.2020: 0.2627, 0.0593), full range.
fn chroma_f64([r, g, b]: [f64; 3], matrix: Matrix) -> (f64, f64) {
    let (kr, kb) = match matrix {
        Matrix::Bt709 => (0.2126, 0.0722),
        Matrix::Bt2020 => (0.2627, 0.0593),
    };
    let y = kr * r + (1.0 - kr - kb) * g + kb * b;
    ((b - y) / (2.0 * (1.0 - kb)), (r - y) / (2.0 * (1.0 - kr)))
}

/// The chroma codes of the definition, in f64.
fn codes_f64(r: u8, g: u8, b: u8, matrix: Matrix) -> (u32, u32) {
    let (cb, cr) = chroma_f64([r, g, b].map(|v| v as f64 / 255.0), matrix);
    let code = |d: f64| (128.0 + 255.0 * d + 0.5).floor().clamp(0.0, 255.0) as u32;
    (code(cb), code(cr))
}

const MATRICES: [Matrix; 2] = [Matrix::Bt709, Matrix::Bt2020];

#[test]
fn vectorscope_cells_follow_the_definition() {
    // Neutral greys land on one cell: cb = cr = 128, just right of and below the
    // centre line of a grid of even size.
    for v in [0u8, 1, 77, 128, 254, 255] {
        assert_eq!(
            scope::chroma_codes(v, v, v, Matrix::Bt709),
            (128, 128),
            "grey {v}"
        );
        assert_eq!(scope::chroma_cell(v, v, v, 256, Matrix::Bt709), (128, 127));
        assert_eq!(scope::chroma_cell(v, v, v, 16, Matrix::Bt709), (8, 7));
    }
    // Primaries and secondaries at full strength, as worked out in f64.
    let colours = [
        (255, 0, 0),
        (0, 255, 0),
        (0, 0, 255),
        (255, 255, 0),
        (0, 255, 255),
        (255, 0, 255),
        (191, 0, 0),
    ];
    // (A secondary's chroma at full strength is -0.5 or 0.5 of one axis, code
    // 128 -+ 127.5 + 0.5: on an edge, where f32 and f64 may round apart.)
    for (matrix, (r, g, b)) in MATRICES.into_iter().flat_map(|m| colours.map(|c| (m, c))) {
        let (got, want) = (
            scope::chroma_codes(r, g, b, matrix),
            codes_f64(r, g, b, matrix),
        );
        let (cb, cr) = chroma_f64([r, g, b].map(|v| v as f64 / 255.0), matrix);
        let edge = |d: f64| ((128.5 + 255.0 * d) - (128.5 + 255.0 * d).round()).abs() < 1e-9;
        let near = |a: u32, b: u32, on: bool| a == b || (on && a.abs_diff(b) == 1);
        assert!(
            near(got.0, want.0, edge(cb)) && near(got.1, want.1, edge(cr)),
            "{matrix:?} {r},{g},{b}: {got:?} for {want:?}"
        );
    }
    // BT.2020's red is Cr 0.5 (the top edge) and Cb -0.2627 / 1.8814; its 75%
    // bars' targets are not BT.709's.
    assert_eq!(scope::chroma_codes(255, 0, 0, Matrix::Bt2020), (92, 255));
    assert_eq!(scope::chroma_codes(255, 0, 0, Matrix::Bt709), (99, 255));
    let (sdr, hdr) = (
        scope::colour_bar_targets(191, Matrix::Bt709),
        scope::colour_bar_targets(191, Matrix::Bt2020),
    );
    assert!(sdr.iter().zip(&hdr).all(|(a, b)| a != b), "{sdr:?} {hdr:?}");
    // Pure blue is the most +Cb (right edge), pure red the most +Cr (top row).
    assert_eq!(scope::chroma_codes(0, 0, 255, Matrix::Bt709).0, 255);
    assert_eq!(scope::chroma_cell(255, 0, 0, 256, Matrix::Bt709).1, 0);
    // Every 8-bit colour, sampled, lands where the f64 definition puts it, but for
    // a value exactly on a rounding edge (f32 against f64).
    for matrix in MATRICES {
        let mut moved = 0;
        let mut n = 0;
        for r in (0..=255u8).step_by(5) {
            for g in (0..=255u8).step_by(3) {
                for b in (0..=255u8).step_by(7) {
                    let (a, e) = (
                        scope::chroma_codes(r, g, b, matrix),
                        codes_f64(r, g, b, matrix),
                    );
                    assert!(a.0.abs_diff(e.0) <= 1 && a.1.abs_diff(e.1) <= 1);
                    moved += (a != e) as u32;
                    n += 1;
                }
            }
        }
        assert!(
            moved * 1000 < n,
            "{matrix:?}: {moved} of {n} moved by f32 rounding"
        );
    }
}

#[test]
fn vectorscope_counts_every_pixel_once() {
    let image = Image::noise(97, 31, 4);
    for size in [1, 2, 16, 64, 128, 256] {
        let v = scope::vectorscope(&image, None, size, Matrix::Bt709).unwrap();
        assert_eq!(v.counts.len(), (size * size) as usize);
        assert_eq!(v.counts.iter().map(|&c| c as u64).sum::<u64>(), v.pixels);
        let mut want = vec![0u32; (size * size) as usize];
        for p in image.rgba().chunks(4) {
            let (cb, cr) = codes_f64(p[0], p[1], p[2], Matrix::Bt709);
            want[((255 - cr) * size / 256 * size + cb * size / 256) as usize] += 1;
        }
        let diff: u32 = v
            .counts
            .iter()
            .zip(&want)
            .map(|(a, b)| a.abs_diff(*b))
            .sum();
        assert!(diff <= 2, "size {size}: {diff} counts moved");
    }
    assert!(Scope::Vectorscope { size: 100 }.check().is_err());
    assert!(Scope::Vectorscope { size: 0 }.check().is_err());
    assert!(Scope::Vectorscope { size: 512 }.check().is_err());
}

/// The boxes round the 100% targets, which lie on the code plane's edge, are drawn
/// whole in the margin round the plane; the margin holds no counts.
#[test]
fn vectorscope_boxes_are_drawn_whole_in_a_margin() {
    let style = Style {
        log: false,
        gain: 1.0,
        zoom: 1.0,
        nits: None,
    };
    for (size, matrix) in [256, 64].into_iter().flat_map(|n| MATRICES.map(|m| (n, m))) {
        let v = scope::vectorscope(&Image::noise(40, 30, 2), None, size, matrix).unwrap();
        let drawn = scope::draw_vectorscope(&v, style);
        let side = scope::vectorscope_side(size);
        assert_eq!((drawn.width(), drawn.height()), (side, side));
        let margin = (side - size) / 2;
        // The pixel of code (cb, cr): cb right, cr up.
        let at = |cb: i32, cr: i32| {
            let cell = |c: i32| (c as f32 + 0.5) * size as f32 / 256.0;
            let (x, y) = (margin as f32 + cell(cb), margin as f32 + cell(255 - cr));
            let (x, y) = (x.floor() as u32, y.floor() as u32);
            let i = ((y * side + x) * 4) as usize;
            drawn.rgba()[i..i + 3].to_vec()
        };
        let lit = |p: Vec<u8>| {
            p.iter()
                .zip(scope::GRATICULE)
                .all(|(&v, g)| v as f32 >= g * 255.0 - 1.0)
        };
        let mut beyond = 0;
        for (cb, cr) in scope::vectorscope_targets(matrix) {
            let (cb, cr) = (cb as i32, cr as i32);
            for (x, y) in [(cb - 5, cr), (cb + 5, cr), (cb, cr - 5), (cb, cr + 5)] {
                assert!(
                    lit(at(x, y)),
                    "size {size}, {matrix:?}: the box round ({cb}, {cr}) at ({x}, {y})"
                );
                beyond += usize::from(!(0..256).contains(&x) || !(0..256).contains(&y));
            }
        }
        assert!(beyond >= 4, "some box sides lie past the plane ({beyond})");
        // The margin's corner is black: no counts there.
        assert_eq!(drawn.rgba()[..3], [0, 0, 0]);
    }
}

const SCOPE_KERNELS: [ScopeKernel; 2] = [ScopeKernel::Workgroups, ScopeKernel::Columns];

/// The GPU's counts with each kernel (lavapipe is a CPU: `ScopeCount::new` would
/// always take the columns' kernel here).
fn gpu_counts(
    gpu: &Gpu,
    kernels: &mut Kernels,
    image: &GpuImage,
    (scope, matrix): (Scope, Matrix),
    region: Option<Region>,
) -> Vec<(ScopeKernel, Counts)> {
    SCOPE_KERNELS
        .iter()
        .map(|&k| {
            let mut count = ScopeCount::with_kernel(gpu, kernels, image, scope, region, k).unwrap();
            count.set_matrix(gpu, matrix);
            (k, pollster::block_on(count.execute(gpu)).unwrap().0)
        })
        .collect()
}

/// GPU counts equal the CPU's; a vectorscope pixel may move to a neighbouring
/// cell where f32 rounds differently (the luminance rule allows the same), but
/// only a pixel whose chroma lies that close to a code's edge, and only to a cell
/// its other rounding gives.
fn assert_close(name: &str, image: &Image, region: Option<Region>, got: &Counts, want: &Counts) {
    match (got, want) {
        (Counts::Waveform(g), Counts::Waveform(w)) => {
            assert_eq!((g.width, g.height), (w.width, w.height), "{name}");
            for x in 0..g.width {
                for ch in 0..4 {
                    assert_eq!(
                        g.column(x, ch),
                        w.column(x, ch),
                        "{name}: column {x}, ch {ch}"
                    );
                }
            }
        }
        (Counts::Vectorscope(g), Counts::Vectorscope(w)) => {
            assert_eq!(
                (g.size, g.pixels, g.matrix),
                (w.size, w.pixels, w.matrix),
                "{name}"
            );
            let total: u64 = g.counts.iter().map(|&c| c as u64).sum();
            assert_eq!(total, g.pixels, "{name}: every pixel counted once");
            let (edges, cells) = edge_cells(image, region, g.size, w.matrix);
            let mut moved = 0;
            for (i, (a, b)) in g.counts.iter().zip(&w.counts).enumerate() {
                if a != b {
                    assert!(cells.contains(&i), "{name}: cell {i} has {a}, not {b}");
                    moved += a.abs_diff(*b) as u64;
                }
            }
            assert!(
                moved / 2 <= edges,
                "{name}: {} pixels moved, {edges} near an edge",
                moved / 2
            );
        }
        _ => panic!("{name}: different scopes"),
    }
}

/// How many pixels of `image` (in `region`) have a chroma code within 1/1000 of
/// a rounding edge (in f64), and the cells either rounding puts them in.
fn edge_cells(
    image: &Image,
    region: Option<Region>,
    size: u32,
    matrix: Matrix,
) -> (u64, HashSet<usize>) {
    let pixels = region.map_or_else(|| image.clone(), |r| image.crop(r));
    let mut edges = 0;
    let mut cells = HashSet::new();
    for p in pixels.rgba().chunks(4) {
        let (cb, cr) = chroma_f64([p[0], p[1], p[2]].map(|v| v as f64 / 255.0), matrix);
        let codes = |d: f64| {
            let t = 128.5 + 255.0 * d;
            // Near an edge, the codes either side of it.
            let (low, high) = if (t - t.round()).abs() < 1e-3 {
                (t.round() - 1.0, t.round())
            } else {
                (t.floor(), t.floor())
            };
            [low, high].map(|c| c.clamp(0.0, 255.0) as u32)
        };
        let (cb, cr) = (codes(cb), codes(cr));
        if cb[0] == cb[1] && cr[0] == cr[1] {
            continue;
        }
        edges += 1;
        for x in cb {
            for y in cr {
                cells.insert(((255 - y) * size / 256 * size + x * size / 256) as usize);
            }
        }
    }
    (edges, cells)
}

const SCOPES: [Scope; 4] = [
    Scope::Waveform,
    Scope::Vectorscope { size: 256 },
    Scope::Vectorscope { size: 64 },
    Scope::Vectorscope { size: 8 },
];

#[test]
fn gpu_scopes_equal_the_cpu() {
    let gpu = gpu();
    let mut images = test_images();
    images.push(("pure primaries", primaries()));
    images.push(("one colour", Image::solid(33, 17, [200, 40, 90, 255])));
    let mut kernels = Kernels::default();
    for (name, image) in images {
        let uploaded = GpuImage::upload_as_is(&gpu, &image);
        // The vectorscope by either matrix (BT.2020's for HDR codes).
        let cases = SCOPES.into_iter().flat_map(|scope| {
            let matrices = match scope {
                Scope::Vectorscope { .. } => &MATRICES[..],
                _ => &MATRICES[..1],
            };
            matrices.iter().map(move |&m| (scope, m))
        });
        for (scope, matrix) in cases {
            let want = scope::count(&image, None, scope, matrix).unwrap();
            for (k, got) in gpu_counts(&gpu, &mut kernels, &uploaded, (scope, matrix), None) {
                assert_close(
                    &format!("{name}, {scope:?}, {matrix:?}, {k:?}"),
                    &image,
                    None,
                    &got,
                    &want,
                );
            }
        }
    }
}

/// A picture of the six primaries and secondaries, black and white, in stripes.
fn primaries() -> Image {
    let colours: [[u8; 4]; 8] = [
        [255, 0, 0, 255],
        [0, 255, 0, 255],
        [0, 0, 255, 255],
        [255, 255, 0, 255],
        [0, 255, 255, 255],
        [255, 0, 255, 255],
        [0, 0, 0, 255],
        [255, 255, 255, 255],
    ];
    let (w, h) = (40, 9);
    let rgba = (0..w * h)
        .flat_map(|i| colours[(i % w) as usize / 5])
        .collect();
    Image::from_rgba(w, h, rgba).unwrap()
}

#[test]
fn regions_tiles_and_bands_count_as_the_cpu() {
    let gpu = gpu();
    let image = photo(8);
    let (w, h) = (image.width(), image.height());
    let regions = [
        None,
        Some(Region {
            x: 0,
            y: 0,
            width: 1,
            height: 1,
        }),
        Some(Region {
            x: w - 37,
            y: 5,
            width: 37,
            height: h - 9,
        }),
        Some(Region {
            x: 50,
            y: 60,
            width: 101,
            height: 3,
        }),
    ];
    // In one texture, and in tiles of 64 pixels a side.
    let mut kernels = Kernels::default();
    for tiled in [false, true] {
        let uploaded = if tiled {
            GpuImage::upload_as_is_with(&gpu, &image, 64)
        } else {
            GpuImage::upload_as_is(&gpu, &image)
        };
        for region in regions {
            for scope in SCOPES {
                let want = scope::count(&image, region, scope, Matrix::Bt709).unwrap();
                for (k, got) in gpu_counts(
                    &gpu,
                    &mut kernels,
                    &uploaded,
                    (scope, Matrix::Bt709),
                    region,
                ) {
                    assert_close(
                        &format!("tiled {tiled}, {region:?}, {scope:?}, {k:?}"),
                        &image,
                        region,
                        &got,
                        &want,
                    );
                }
            }
        }
    }
    // Past 65535 rows a waveform column is counted in two dispatches, which add.
    let tall = Image::noise(2, 70_001, 9);
    let uploaded = GpuImage::upload_as_is(&gpu, &tall);
    let want = scope::count(&tall, None, Scope::Waveform, Matrix::Bt709).unwrap();
    for (k, got) in gpu_counts(
        &gpu,
        &mut kernels,
        &uploaded,
        (Scope::Waveform, Matrix::Bt709),
        None,
    ) {
        assert_close(&format!("2x70001, {k:?}"), &tall, None, &got, &want);
    }
}

#[test]
fn a_scope_moves_its_region_without_being_made_anew() {
    let gpu = gpu();
    let image = Image::noise(120, 80, 5);
    let uploaded = GpuImage::upload_as_is(&gpu, &image);
    let mut kernels = Kernels::default();
    for (scope, k) in SCOPES
        .into_iter()
        .flat_map(|s| SCOPE_KERNELS.map(|k| (s, k)))
    {
        let mut count =
            ScopeCount::with_kernel(&gpu, &mut kernels, &uploaded, scope, None, k).unwrap();
        for region in [
            Region {
                x: 10,
                y: 10,
                width: 50,
                height: 20,
            },
            Region::whole(120, 80),
            Region {
                x: 119,
                y: 79,
                width: 1,
                height: 1,
            },
        ] {
            count.set_region(&gpu, &uploaded, region).unwrap();
            let got = pollster::block_on(count.execute(&gpu)).unwrap().0;
            let want = scope::count(&image, Some(region), scope, Matrix::Bt709).unwrap();
            assert_close(
                &format!("{scope:?} {k:?} {region:?}"),
                &image,
                Some(region),
                &got,
                &want,
            );
        }
        let outside = Region {
            x: 100,
            y: 0,
            width: 30,
            height: 5,
        };
        assert!(count.set_region(&gpu, &uploaded, outside).is_err());
    }
    // Scopes read columns: a thin image laid out anew for the histograms is refused.
    let thin = GpuImage::upload(&gpu, &Image::noise(3, 500, 1));
    assert!(ScopeCount::new(&gpu, &mut kernels, &thin, Scope::Waveform, None).is_err());
}

/// Draws `counts` on the GPU at natural size (one pixel per bin) and reads it back;
/// a waveform's luma from the image's alpha with `decoded_luma`.
fn draw_on_gpu(
    gpu: &Gpu,
    image: &Image,
    (scope, decoded_luma): (Scope, bool),
    shown: &[usize],
    style: Style,
) -> Image {
    let size = match scope {
        Scope::Waveform => (image.width(), 256),
        Scope::Parade => (image.width() * scope::parade_order(shown).len() as u32, 256),
        Scope::Vectorscope { size } => {
            (scope::vectorscope_side(size), scope::vectorscope_side(size))
        }
    };
    draw_on_gpu_at(gpu, image, (scope, decoded_luma), shown, style, size)
}

/// `draw_on_gpu` in a panel of `size`.
fn draw_on_gpu_at(
    gpu: &Gpu,
    image: &Image,
    (scope, decoded_luma): (Scope, bool),
    shown: &[usize],
    style: Style,
    size: (u32, u32),
) -> Image {
    let mut kernels = Kernels::default();
    let uploaded = GpuImage::upload_as_is(gpu, image);
    let mut count = ScopeCount::new(gpu, &mut kernels, &uploaded, scope, None).unwrap();
    count.set_decoded_luma(gpu, decoded_luma);
    count.set_matrix(gpu, Matrix::of_codes(style.nits));
    let format = wgpu::TextureFormat::Rgba8Unorm;
    let painter = ScopePainter::new(gpu, &count, format);
    painter.set_view(&gpu.queue, &count, scope, &Panel::full(shown), size, style);
    let rgba = drawn(gpu, size, |encoder, view| {
        count.encode(encoder);
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    // On black, as the command line's PNGs are.
                    load: wgpu::LoadOp::Clear(wgpu::Color::BLACK),
                    store: wgpu::StoreOp::Store,
                },
            })],
            ..Default::default()
        });
        painter.draw(&mut pass);
    });
    Image::from_rgba(size.0, size.1, rgba).unwrap()
}

/// The GPU drawing at natural size is the CPU drawing (`histogram scope` PNGs),
/// within rounding.
#[test]
fn gpu_drawing_matches_the_cpu_drawing() {
    let gpu = gpu();
    let image = photo(16);
    let cases = [
        (
            Scope::Waveform,
            vec![3],
            Style {
                log: false,
                gain: 1.0,
                zoom: 1.0,
                nits: None,
            },
        ),
        (
            Scope::Waveform,
            vec![0, 1, 2],
            Style {
                log: true,
                gain: 1.5,
                zoom: 1.0,
                nits: None,
            },
        ),
        (
            Scope::Parade,
            vec![0, 1, 2],
            Style {
                log: false,
                gain: 2.0,
                zoom: 1.0,
                nits: None,
            },
        ),
        (
            Scope::Vectorscope { size: 256 },
            vec![],
            Style {
                log: true,
                gain: 1.0,
                zoom: 1.0,
                nits: None,
            },
        ),
        (
            Scope::Parade,
            vec![2, 3, 0],
            Style {
                log: true,
                gain: 1.0,
                zoom: 1.0,
                nits: None,
            },
        ),
        (
            Scope::Vectorscope { size: 256 },
            vec![],
            Style {
                log: true,
                gain: 2.0,
                zoom: 2.0,
                nits: None,
            },
        ),
        (
            Scope::Vectorscope { size: 64 },
            vec![],
            Style {
                log: false,
                gain: 4.0,
                zoom: 1.0,
                nits: None,
            },
        ),
        // HDR codes' lines in nits, the reference white in the labels' colour.
        (
            Scope::Waveform,
            vec![3],
            Style {
                nits: Some(scope::Transfer::Pq),
                ..Style::PLAIN
            },
        ),
        (
            Scope::Parade,
            vec![0, 1, 2],
            Style {
                nits: Some(scope::Transfer::Hlg),
                ..Style::PLAIN
            },
        ),
        // HDR codes' chroma by BT.2020's matrix: its hues and its targets.
        (
            Scope::Vectorscope { size: 256 },
            vec![],
            Style {
                zoom: 2.0,
                nits: Some(scope::Transfer::Pq),
                ..Style::PLAIN
            },
        ),
        (
            Scope::Vectorscope { size: 64 },
            vec![],
            Style {
                gain: 4.0,
                nits: Some(scope::Transfer::Hlg),
                ..Style::PLAIN
            },
        ),
    ];
    for (scope, shown, style) in cases {
        let got = draw_on_gpu(&gpu, &image, (scope, false), &shown, style);
        let matrix = Matrix::of_codes(style.nits);
        let want = match scope::count(&image, None, scope, matrix).unwrap() {
            Counts::Waveform(w) if scope == Scope::Waveform => {
                scope::draw_waveform(&w, &shown, style)
            }
            counts => counts.draw(scope, &shown, style),
        };
        assert_eq!((got.width(), got.height()), (want.width(), want.height()));
        let off = got
            .rgba()
            .iter()
            .zip(want.rgba())
            .filter(|(a, b)| a.abs_diff(**b) > 2)
            .count();
        // Graticule pixels on a circle's edge may fall either side in f32.
        assert!(
            off * 500 <= got.rgba().len(),
            "{scope:?} {style:?}: {off} of {} bytes differ",
            got.rgba().len()
        );
    }
}

/// A waveform or parade drawn taller or shorter than its 256 levels has each
/// graticule line (and the HDR reference white) on one row, the one holding the
/// middle of its level: not two rows where a level spans two, nor none.
#[test]
fn graticule_lines_are_one_row_at_any_height() {
    let gpu = gpu();
    // Grey 100: its counts light level 100 alone, which is no line's.
    let image = Image::from_rgba(16, 4, [100, 100, 100, 255].repeat(64)).unwrap();
    let line = scope::GRATICULE.map(|v| (v * 255.0 + 0.5) as u8);
    let white = scope::LABEL_COLOUR;
    let cases = [
        (Scope::Waveform, None),
        (Scope::Parade, None),
        (Scope::Waveform, Some(scope::Transfer::Pq)),
    ];
    for (scope, nits) in cases {
        let style = Style {
            nits,
            ..Style::PLAIN
        };
        let graticule = scope::Graticule::new(nits, false);
        let shown = [0, 1, 2];
        let columns = if scope == Scope::Waveform { 16 } else { 48 };
        for rows in [100, 224, 256, 300, 512, 600] {
            let got = draw_on_gpu_at(&gpu, &image, (scope, false), &shown, style, (columns, rows));
            // Rows from the bottom where every pixel is a line's or the white's colour.
            let lit = |colour: [u8; 3]| -> Vec<u32> {
                (0..rows)
                    .filter(|&r| {
                        let top = rows - 1 - r;
                        got.rgba()[(top * columns * 4) as usize..][..(columns * 4) as usize]
                            .chunks(4)
                            .all(|p| (0..3).all(|k| p[k].abs_diff(colour[k]) <= 1))
                    })
                    .collect()
            };
            let white_row = graticule
                .reference_white()
                .map(|w| scope::line_row(w, rows));
            let mut want: Vec<u32> = graticule
                .lines()
                .iter()
                .map(|&(level, _)| scope::line_row(level, rows))
                .filter(|&r| Some(r) != white_row)
                .collect();
            want.dedup();
            assert_eq!(lit(line), want, "{scope:?} {nits:?} {rows} rows");
            let want_white: Vec<u32> = white_row.into_iter().collect();
            assert_eq!(
                lit(white),
                want_white,
                "{scope:?} {nits:?} {rows} rows: the white"
            );
        }
    }
}

/// A picture whose alpha plays a video's Y′ bytes: every code 0 to 255, so below
/// 16 and above 235 too.
fn with_luma_in_alpha(image: &Image) -> Image {
    let noise = Image::noise(image.width(), image.height(), 11);
    let rgba = image
        .rgba()
        .chunks(4)
        .zip(noise.rgba().chunks(4))
        .flat_map(|(p, n)| [p[0], p[1], p[2], n[0]])
        .collect();
    Image::from_rgba(image.width(), image.height(), rgba).unwrap()
}

/// The CPU's waveform of `image` with its luma the alpha bytes (Y′ as decoded),
/// made here by hand.
fn decoded_waveform(image: &Image) -> scope::Waveform {
    let mut want = scope::waveform(image, None).unwrap();
    let w = image.width() as usize;
    for x in 0..w {
        want.counts[(x * 4 + 3) * LEVELS..][..LEVELS].fill(0);
    }
    for (i, p) in image.rgba().chunks(4).enumerate() {
        want.counts[((i % w) * 4 + 3) * LEVELS + p[3] as usize] += 1;
    }
    want.decoded_luma = true;
    want
}

/// With Y′ as decoded (a video frame's alpha: shaders/frames/yuv.wgsl), both waveform
/// kernels count the alpha bytes as luma and R, G, B as ever; only a waveform
/// takes it. Drawn, its graticule marks video levels and tints what lies past
/// them, on the GPU as on the CPU.
#[test]
fn a_waveform_of_decoded_luma_counts_alpha_and_marks_video_levels() {
    let gpu = gpu();
    let mut kernels = Kernels::default();
    let image = with_luma_in_alpha(&photo(16));
    let uploaded = GpuImage::upload_as_is(&gpu, &image);
    let want = decoded_waveform(&image);
    for kernel in SCOPE_KERNELS {
        let mut count =
            ScopeCount::with_kernel(&gpu, &mut kernels, &uploaded, Scope::Waveform, None, kernel)
                .unwrap();
        count.set_decoded_luma(&gpu, true);
        let (got, _) = pollster::block_on(count.execute(&gpu)).unwrap();
        assert_eq!(got, Counts::Waveform(want.clone()), "{kernel:?}");
        // And back: luminance from R, G, B again.
        count.set_decoded_luma(&gpu, false);
        let (got, _) = pollster::block_on(count.execute(&gpu)).unwrap();
        assert_eq!(
            got,
            scope::count(&image, None, Scope::Waveform, Matrix::Bt709).unwrap()
        );
    }
    let mut parade = ScopeCount::new(&gpu, &mut kernels, &uploaded, Scope::Parade, None).unwrap();
    parade.set_decoded_luma(&gpu, true);
    assert!(!parade.decoded_luma(), "a parade's luma is computed");

    let style = Style::PLAIN;
    let got = draw_on_gpu(&gpu, &image, (Scope::Waveform, true), &[3], style);
    let cpu = scope::draw_waveform(&want, &[3], style);
    let off = got
        .rgba()
        .iter()
        .zip(cpu.rgba())
        .filter(|(a, b)| a.abs_diff(**b) > 2)
        .count();
    assert!(off * 500 <= got.rgba().len(), "{off} bytes differ");
    // The 0% and 100% lines at codes 16 and 235; the tint below and above.
    let pixel = |image: &Image, x: u32, level: u32| {
        let at = (((255 - level) * image.width() + x) * 4) as usize;
        [image.rgba()[at], image.rgba()[at + 1], image.rgba()[at + 2]]
    };
    let graticule = scope::GRATICULE.map(|v| (v * 255.0 + 0.5) as u8);
    let tint = scope::OUTSIDE_LEGAL.map(|v| (v * 255.0 + 0.5) as u8);
    for image in [&got, &cpu] {
        for x in 0..image.width() {
            for level in [16, 235] {
                let p = pixel(image, x, level);
                assert!((0..3).all(|k| p[k] >= graticule[k]), "x {x} level {level}");
            }
            for level in [0, 15, 236, 255] {
                let p = pixel(image, x, level);
                assert!((0..3).all(|k| p[k] >= tint[k] - 1), "x {x} level {level}");
            }
        }
    }
    assert_eq!(
        scope::graticule_labels(Scope::Waveform, 1.0, scope::Graticule::Video)
            .iter()
            .map(|l| ((1.0 - l.y) * 256.0 - 0.5).round() as u32)
            .collect::<Vec<_>>(),
        vec![16, 38, 60, 82, 104, 126, 147, 169, 191, 213, 235]
    );
}

#[test]
fn a_pixels_points_lie_on_its_own_counts_as_drawn() {
    // A picture of one colour, drawn at natural size: the pixel drawn under each
    // point of one of its pixels is lit in the point's channel (the vectorscope's:
    // lit at all).
    let colour = [200u8, 90, 30];
    let image = Image::solid(5, 3, [colour[0], colour[1], colour[2], 255]);
    let shown = [0, 1, 2];
    for scope in Scope::ALL {
        let counts = scope::count(&image, None, scope, Matrix::Bt709).unwrap();
        let drawn = counts.draw(scope, &shown, Style::PLAIN);
        let points = scope::scope_points(scope, &shown, 1.0, (2, 5), (colour, None), Matrix::Bt709);
        // A point a channel shown, on a scope of levels; one on the chroma's.
        let levels = scope.kind().counted() == scope::Counted::Columns;
        assert_eq!(points.len(), if levels { 3 } else { 1 }, "{scope:?}");
        for p in points {
            let (x, y) = (
                (p.x * drawn.width() as f32) as u32,
                (p.y * drawn.height() as f32) as u32,
            );
            let lit = &drawn.rgba()[((y * drawn.width() + x) * 4) as usize..][..3];
            let light = match p.channel {
                3 => *lit.iter().max().unwrap(),
                c => lit[c],
            };
            assert!(light > 100, "{scope:?}: {p:?} on {lit:?}");
        }
    }
    // A video frame's Y′ as decoded, where the waveform counts that, places its
    // luminance, not the one of its R, G and B.
    let decoded = scope::scope_points(
        Scope::Waveform,
        &[3],
        1.0,
        (2, 5),
        (colour, Some(40)),
        Matrix::Bt709,
    );
    let y = 1.0 - 40.5 / 256.0;
    assert_eq!(
        decoded,
        [scope::Point {
            channel: 3,
            x: 0.5,
            y
        }]
    );
}

#[test]
fn reference_lines_lie_on_their_levels_as_drawn() {
    use scope::Reference;
    // The percents of the graticule fall on its lines' levels.
    for (k, &level) in scope::WAVEFORM_LINES.iter().enumerate() {
        assert_eq!(Reference::Percent(10.0 * k as f32).value(255), level);
    }
    // Video black and white: the same share of full scale at 16 bits.
    assert_eq!(Reference::Level(16).value(255), 16);
    assert_eq!(Reference::Level(235).value(65535), 235 * 257);
    assert_eq!(Reference::Percent(5.0).value(255), 13);
    assert_eq!(Reference::Percent(95.0).value(255), 242);
    assert_eq!(
        Reference::parse_list("16, 235 5%,95%").unwrap(),
        [
            Reference::Level(16),
            Reference::Level(235),
            Reference::Percent(5.0),
            Reference::Percent(95.0)
        ]
    );
    for bad in ["256", "-1", "101%", "5%%", "x", "1 2 3 4 5 6 7 8 9"] {
        let word = Reference::parse_list(bad).unwrap_err();
        assert!(bad.contains(&word) && !word.is_empty(), "{bad}: {word}");
    }
    // A grey picture at each line's level: the line's row of the waveform, drawn at
    // natural size, is the one its luminance lights.
    for line in ["16", "235", "5%", "95%", "0", "100%"] {
        let at = Reference::placed(line, 255).unwrap()[0].at;
        let level = Reference::parse_list(line).unwrap()[0].value(255) as u8;
        let image = Image::solid(4, 2, [level, level, level, 255]);
        let counts = scope::count(&image, None, Scope::Waveform, Matrix::Bt709).unwrap();
        let drawn = counts.draw(Scope::Waveform, &[3], Style::PLAIN);
        let row = ((1.0 - at) * drawn.height() as f32) as u32;
        // Lit grey (the graticule's lines are amber).
        let lit = |y: u32| {
            let p = &drawn.rgba()[((y * drawn.width() + 1) * 4) as usize..][..3];
            p[0] > 100 && p[0] == p[2]
        };
        assert!(lit(row), "{line}: row {row} of {}", drawn.height());
        for near in [row.wrapping_sub(2), row + 2] {
            assert!(
                near >= drawn.height() || !lit(near),
                "{line}: row {near} lit too"
            );
        }
    }
}

/// The registry: every scope found by its name, counted, drawn at natural size,
/// its graticule named and a pixel placed on it, each by its own folder, its
/// counts drawn as what they are whatever scope is asked; the controls the
/// pages build their forms from are each offered by some scope.
#[test]
fn every_scope_of_the_registry_is_named_counted_drawn_and_labelled() {
    use scope::{Control, Counted, Graticule};
    let image = Image::noise(37, 11, 5);
    let names: HashSet<&str> = Scope::ALL.iter().map(|s| s.name()).collect();
    assert_eq!(names.len(), Scope::ALL.len(), "a name a scope");
    assert!(Scope::named("histogram", 256).is_err());
    assert!(
        Scope::named("vectorscope", 100).is_err(),
        "a grid that divides 256"
    );
    for scope in Scope::ALL {
        let kind = scope.kind();
        assert_eq!(Scope::named(kind.name(), scope.size()), Ok(scope));
        let counts = scope::count(&image, None, scope, Matrix::Bt709).unwrap();
        let drawn = counts.draw(scope, kind.drawn_channels(), Style::PLAIN);
        let width = match kind.counted() {
            Counted::Columns => kind.columns(37).unwrap() as u32,
            Counted::Chroma => scope::vectorscope_side(scope.size()),
        };
        assert_eq!(drawn.width(), width, "{scope:?}");
        let labels = scope::graticule_labels(scope, 1.0, Graticule::Full);
        assert!(labels.len() >= 6, "{scope:?}: {labels:?}");
        let points = scope::scope_points(
            scope,
            &[3],
            1.0,
            (3, 37),
            ([90, 60, 30], None),
            Matrix::Bt709,
        );
        assert!(!points.is_empty(), "{scope:?}");
        // Asked to draw another kind of counts, a scope draws them as the first
        // scope that counts them.
        let own = Scope::ALL
            .into_iter()
            .find(|s| s.kind().counted() == kind.counted());
        let own = own.unwrap().with_size(scope.size());
        for other in Scope::ALL.map(|s| s.with_size(8)) {
            if other.kind().counted() != kind.counted() {
                assert_eq!(
                    counts.draw(other, &[3], Style::PLAIN),
                    counts.draw(own, &[3], Style::PLAIN)
                );
            }
        }
    }
    let vectorscope = Scope::named("vectorscope", 32).unwrap();
    assert_eq!(vectorscope, Scope::Vectorscope { size: 32 });
    let offered = |c| Scope::ALL.iter().any(|s| s.offers(c));
    for control in [
        Control::Channels,
        Control::Yrgb,
        Control::Grid,
        Control::Zoom,
        Control::Nits,
        Control::DecodedLuma,
        Control::Lines,
    ] {
        assert!(offered(control), "{control:?} offered by none");
    }
}
