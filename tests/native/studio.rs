//! The studio's views (src/studio), the same code the page runs, drawing into
//! offscreen textures: the picture at its own size equals its pixels, and the
//! histogram panel's bars stand where a CPU count of the picture puts them,
//! under the labels' strip.

use crate::common;

use common::{drawn, gpu, test_images};
use histogram::gpu::{Counts, Gpu, GpuImage, Kernels, Method, Run, RunOptions};
use histogram::layout::PanelLayout;
use histogram::studio::{Frame, PanelView, PictureView, Studio, Target, Targets};
use histogram::{compute_cpu, deep, deep::DeepImage, Histogram, Image, Region, Spec};
use std::rc::Rc;

const FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;

/// Three grey levels side by side, a third of the picture each: 0, 128 and 255.
fn thirds() -> Image {
    let (w, h) = (96, 64);
    let rgba = (0..w * h)
        .flat_map(|i| {
            let v = [0, 128, 255][(i % w / (w / 3)) as usize];
            [v, v, v, 255]
        })
        .collect();
    Image::from_rgba(w, h, rgba).unwrap()
}

#[test]
fn the_picture_drawn_at_its_size_is_its_pixels() {
    let gpu = gpu();
    for image in [Image::noise(64, 48, 3), thirds()] {
        let size = (image.width(), image.height());
        let uploaded = GpuImage::upload_as_is(&gpu, &image);
        let texture = uploaded.texture_view().unwrap();
        let view = PictureView::new(&gpu, texture, size, FORMAT, size);
        assert_eq!(
            view.rect(),
            [0.0, 0.0, 1.0, 1.0],
            "fills a target of its shape"
        );
        let pixels = drawn(&gpu, size, |encoder, target| {
            view.draw(&gpu, encoder, Target { view: target, size })
        });
        let differing = pixels
            .iter()
            .zip(image.rgba())
            .filter(|(a, b)| a != b)
            .count();
        assert_eq!(
            differing, 0,
            "{}x{}: {differing} bytes differ",
            size.0, size.1
        );
    }
}

#[test]
fn the_picture_shown_through_a_display_table_is_each_pixel_looked_up() {
    // A table whose colour for each level is 255 minus it: linear, so sampling
    // between its levels is exact, and the CPU says every shown pixel.
    let side = histogram::profile::TABLE_SIDE as usize;
    let level = |i: usize| ((i * 255 + (side - 1) / 2) / (side - 1)) as u8;
    let mut table = Vec::new();
    for b in 0..side {
        for g in 0..side {
            for r in 0..side {
                table.extend_from_slice(&[255 - level(r), 255 - level(g), 255 - level(b), 255]);
            }
        }
    }
    let gpu = gpu();
    let image = Image::noise(64, 48, 5);
    let size = (image.width(), image.height());
    let uploaded = GpuImage::upload_as_is(&gpu, &image);
    let view = PictureView::new(&gpu, uploaded.texture_view().unwrap(), size, FORMAT, size);
    view.set_display(&gpu, Some(&table));
    let pixels = drawn(&gpu, size, |encoder, target| {
        view.draw(&gpu, encoder, Target { view: target, size })
    });
    let worst = pixels
        .chunks(4)
        .zip(image.rgba().chunks(4))
        .flat_map(|(shown, stored)| (0..3).map(move |c| shown[c].abs_diff(255 - stored[c])))
        .max()
        .unwrap();
    assert!(worst <= 1, "{worst} levels from 255 minus the stored value");
    // And without it, the stored values again.
    view.set_display(&gpu, None);
    let pixels = drawn(&gpu, size, |encoder, target| {
        view.draw(&gpu, encoder, Target { view: target, size })
    });
    assert!(pixels == image.rgba(), "no table: the stored values");
}

/// `image` counted in 256 bins of R, G, B and luminance on the GPU, and the studio's
/// panel over its bins for targets of `size` (the picture kept: its texture is
/// the count's).
fn counted_panel(gpu: &Gpu, image: &Image, size: (u32, u32)) -> (GpuImage, Run, PanelView) {
    let spec = Spec::rgbl();
    let mut kernels = Kernels::default();
    let uploaded = GpuImage::upload_as_is(gpu, image);
    let options = RunOptions::new(Method::Privatized, spec);
    let run = Run::new(gpu, &mut kernels, &uploaded, options).unwrap();
    let pixels = image.pixel_count();
    let panel = PanelView::new(gpu, &mut kernels, (spec, run.bins()), pixels, FORMAT, size);
    (uploaded, run, panel)
}

#[test]
fn the_panel_draws_the_counted_bars_under_the_labels_strip() {
    let gpu = gpu();
    let image = thirds();
    let spec = Spec::rgbl();
    let size = (256, 200);
    let (_uploaded, run, panel) = counted_panel(&gpu, &image, size);
    // The CPU's count: which bins hold pixels (levels 0, 128 and 255).
    let expected = compute_cpu(&image, spec);
    let full: Vec<usize> = (0..256).filter(|&b| expected.channel(3)[b] > 0).collect();
    assert_eq!(full, vec![0, 128, 255]);
    for (layout, label) in [
        // Luminance alone, no label: the fullest bin reaches 90% of the height.
        (
            PanelLayout {
                parade: false,
                shown: [false, false, false, true],
            },
            0.0,
        ),
        // The parade of four, labelled: each panel's top strip stays free.
        (
            PanelLayout {
                parade: true,
                shown: [true; 4],
            },
            0.1,
        ),
    ] {
        panel.set_options(layout, Counts::Linear);
        panel.set_label(label);
        panel.place(&gpu, None);
        let pixels = drawn(&gpu, size, |encoder, view| {
            run.encode(encoder);
            panel.encode(encoder, run.bins());
            panel.draw(&gpu, encoder, Target { view, size }, None);
        });
        let lit = |x: u32, y: u32| pixels[((y * size.0 + x) * 4 + 3) as usize] != 0;
        for p in panel.panels(false) {
            let [px, py, pw, ph] = p.rect;
            let (width, height) = (size.0 as f32, size.1 as f32);
            let columns = (px * width).round() as u32..((px + pw) * width).round() as u32;
            let rows = (py * height).round() as u32..((py + ph) * height).round() as u32;
            let pixels_a_bin = pw * width / 256.0;
            // The fullest bin reaches 90% of its panel, less where a label's strip
            // takes more (decided in src/gpu/bars.rs; written out again here).
            let reach = (1.0 - label / ph).clamp(0.5, 0.9);
            let want = (ph * height * reach).round() as usize;
            let strip = (ph * height * (1.0 - reach)).floor() as usize;
            for x in columns.clone() {
                let centre = x as f32 + 0.5 - columns.start as f32;
                // How far this column is from the nearest full bin's centre, in pixels.
                let away = full
                    .iter()
                    .map(|&b| ((b as f32 + 0.5) * pixels_a_bin - centre).abs())
                    .fold(f32::MAX, f32::min);
                let column: Vec<bool> = rows.clone().map(|y| lit(x, y)).collect();
                let bar = column.iter().position(|&l| l).map(|top| column.len() - top);
                // A bar is drawn at least five pixels wide (two either side of its
                // own), so that a lone full bin is never lost.
                if away <= 2.0 {
                    let bar = bar.unwrap_or(0);
                    assert!(
                        bar.abs_diff(want) <= 1,
                        "column {x}: a bar {bar} px high, want {want} ({layout:?})"
                    );
                } else if away >= 4.0 {
                    assert_eq!(
                        bar, None,
                        "column {x}: lit {away} px from any counted bin ({layout:?})"
                    );
                }
                assert!(
                    column[..strip].iter().all(|&l| !l),
                    "column {x}: lit in the label's strip ({layout:?})"
                );
            }
        }
    }
}

#[test]
fn the_cumulative_view_stands_each_bin_at_the_share_of_pixels_up_to_it() {
    let gpu = gpu();
    let image = Image::noise(61, 47, 9);
    let spec = Spec::rgbl();
    // A column a bin.
    let size = (256, 200);
    let (_uploaded, run, panel) = counted_panel(&gpu, &image, size);
    let expected = compute_cpu(&image, spec);
    let total = image.pixel_count() as f32;
    for channel in 0..4 {
        let mut shown = [false; 4];
        shown[channel] = true;
        let layout = PanelLayout {
            parade: false,
            shown,
        };
        panel.set_options(layout, Counts::Cumulative);
        panel.set_label(0.0);
        panel.place(&gpu, None);
        let pixels = drawn(&gpu, size, |encoder, view| {
            run.encode(encoder);
            panel.encode(encoder, run.bins());
            panel.draw(&gpu, encoder, Target { view, size }, None);
        });
        // The last bin holds every pixel and reaches 90% of the height (no
        // label: src/gpu/bars.rs's reach), each bin its share of that.
        let mut below = 0u64;
        for (x, &count) in expected.channel(channel).iter().enumerate() {
            below += count as u64;
            let want = (size.1 as f32 * 0.9 * below as f32 / total).round() as usize;
            let bar = (0..size.1)
                .position(|y| pixels[((y * size.0 + x as u32) * 4 + 3) as usize] != 0)
                .map_or(0, |top| size.1 as usize - top);
            assert!(
                bar.abs_diff(want) <= 1,
                "channel {channel}, bin {x}: a bar {bar} px high, want {want}"
            );
        }
    }
}

#[test]
fn the_pinned_cumulative_outline_stands_at_the_pinned_shares_whatever_view_it_was_pinned_in() {
    use wgpu::util::DeviceExt;
    let gpu = gpu();
    let spec = Spec::rgbl();
    let size = (256, 200);
    // Bins written by hand (a pixel count of 100 in every channel): all at level
    // 0 when pinned, all at 255 live after.
    let at = |level: usize| -> Vec<u8> {
        let mut bins = vec![0u32; 256 * 4];
        bins[level * 4..level * 4 + 4].fill(100);
        bins.iter().flat_map(|v| v.to_le_bytes()).collect()
    };
    let bins = gpu
        .device
        .create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("bins"),
            contents: &at(0),
            usage: wgpu::BufferUsages::STORAGE
                | wgpu::BufferUsages::COPY_SRC
                | wgpu::BufferUsages::COPY_DST,
        });
    let panel = PanelView::new(
        &gpu,
        &mut Kernels::default(),
        (spec, &bins),
        100,
        FORMAT,
        size,
    );
    let layout = PanelLayout {
        parade: false,
        shown: [false, false, false, true],
    };
    let frame = || {
        drawn(&gpu, size, |encoder, view| {
            panel.encode(encoder, &bins);
            panel.draw(&gpu, encoder, Target { view, size }, None);
        })
    };
    // Pinned in the linear view, then shown cumulative; and pinned there.
    for pinned_in in [Counts::Linear, Counts::Cumulative] {
        gpu.queue.write_buffer(&bins, 0, &at(0));
        panel.set_options(layout, pinned_in);
        panel.set_label(0.0);
        panel.pin();
        panel.place(&gpu, None);
        frame();
        panel.set_options(layout, Counts::Cumulative);
        panel.place(&gpu, None);
        gpu.queue.write_buffer(&bins, 0, &at(255));
        // Every pinned bin holds every pixel: its outline at 90% of the height
        // (row 20 from the top), frame after frame; the live bars (all at 255)
        // leave every other column dark below it.
        for shown in 0..3 {
            let pixels = frame();
            let lit = |x: u32, y: u32| pixels[((y * size.0 + x) * 4 + 3) as usize] != 0;
            for x in 8..248 {
                assert!(
                    (16..=24).any(|y| lit(x, y)),
                    "pinned in {pinned_in:?}, frame {shown}: no outline at column {x}"
                );
                assert!(
                    (30..size.1).all(|y| !lit(x, y)),
                    "pinned in {pinned_in:?}, frame {shown}: column {x} lit under the outline"
                );
            }
        }
    }
}

/// One frame of `studio` drawn offscreen (picture and panel), then the bins it
/// counted, read back.
fn frame(gpu: &Gpu, studio: &Studio) -> Histogram {
    let usage = wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC;
    let textures =
        [(96, 64), (256, 100)].map(|size| (gpu.texture("target", size, FORMAT, usage), size));
    let views = textures
        .each_ref()
        .map(|(t, _)| t.create_view(&Default::default()));
    let run = studio.source().run().unwrap().clone();
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    let frame = Frame {
        picture: Target {
            view: &views[0],
            size: textures[0].1,
        },
        panel: Target {
            view: &views[1],
            size: textures[1].1,
        },
        label: 0.1,
        scopes: Vec::new(),
    };
    studio.encode(gpu, &mut encoder, false, frame);
    run.encode_readback(&mut encoder);
    gpu.queue.submit([encoder.finish()]);
    pollster::block_on(run.read(gpu)).unwrap().0
}

fn studio_over(gpu: &Gpu, image: &Image, bins: u32) -> Studio {
    let uploaded = Rc::new(GpuImage::upload_as_is(gpu, image));
    let targets = Targets {
        picture: (FORMAT, (96, 64)),
        panel: (FORMAT, (256, 100)),
    };
    Studio::for_picture(
        gpu,
        &mut Kernels::default(),
        (uploaded, None),
        bins,
        targets,
    )
    .unwrap()
}

#[test]
fn the_studio_counts_the_picture_then_the_region_it_is_given() {
    let gpu = gpu();
    let image = Image::noise(96, 64, 7);
    let studio = studio_over(&gpu, &image, 64);
    let spec = Spec::new(64, histogram::Channels::Rgbl).unwrap();
    assert_eq!(frame(&gpu, &studio), compute_cpu(&image, spec));
    let region = Region {
        x: 10,
        y: 5,
        width: 33,
        height: 21,
    };
    studio.set_region(&gpu, region).unwrap();
    assert_eq!(frame(&gpu, &studio), compute_cpu(&image.crop(region), spec));
    // A region past the picture is refused, and the last one kept.
    let refused = studio.set_region(
        &gpu,
        Region {
            x: 90,
            y: 0,
            width: 10,
            height: 1,
        },
    );
    assert!(refused.is_err());
    assert_eq!(studio.region(), region);
}

#[test]
fn a_count_made_elsewhere_is_drawn_until_the_region_changes() {
    let gpu = gpu();
    let image = thirds();
    let studio = studio_over(&gpu, &image, 256);
    // Counts of another shape are ignored: the first frame counts.
    studio.precounted(&gpu, false, 64, &[1; 64 * 4]);
    assert_eq!(frame(&gpu, &studio), compute_cpu(&image, Spec::rgbl()));
    // A count given for these bins is the picture's until the region changes
    // (the page's worker counted it on the CPU where the CPU plays the GPU).
    let given = vec![7; 256 * 4];
    let studio = studio_over(&gpu, &image, 256);
    studio.precounted(&gpu, false, 256, &given);
    assert_eq!(frame(&gpu, &studio).counts(), &given[..]);
    studio.set_region(&gpu, Region::whole(96, 64)).unwrap();
    assert_eq!(frame(&gpu, &studio), compute_cpu(&image, Spec::rgbl()));
}

#[test]
fn a_16_bit_pictures_count_made_elsewhere_is_of_its_samples() {
    let gpu = gpu();
    // 96x64 16-bit samples whose 8-bit view loses the low byte.
    let rgba = (0..96 * 64 * 4)
        .map(|i| (i as u16).wrapping_mul(2654))
        .collect();
    let deep = DeepImage::new(96, 64, 16, rgba).unwrap();
    let studio = || {
        let image = Rc::new(GpuImage::upload_as_is(&gpu, &deep.to_8_bits()));
        let samples = Rc::new(GpuImage::upload_deep(&gpu, &deep));
        let targets = Targets {
            picture: (FORMAT, (96, 64)),
            panel: (FORMAT, (256, 100)),
        };
        Studio::for_picture(
            &gpu,
            &mut Kernels::default(),
            (image, Some(samples)),
            256,
            targets,
        )
        .unwrap()
    };
    let of_samples = deep::count_cpu(&deep, Spec::rgbl());
    // A count of the 8-bit view is not the samples': ignored, the first frame counts.
    let studio_a = studio();
    let eight = compute_cpu(&deep.to_8_bits(), Spec::rgbl());
    assert_ne!(eight, of_samples);
    studio_a.precounted(&gpu, false, 256, eight.counts());
    assert_eq!(frame(&gpu, &studio_a), of_samples);
    // The samples' count made where they were read (the page's worker, band by
    // band) is the picture's until the region changes.
    let given = vec![3; 256 * 4];
    let studio_b = studio();
    studio_b.precounted(&gpu, true, 256, &given);
    assert_eq!(frame(&gpu, &studio_b).counts(), &given[..]);
    studio_b.set_region(&gpu, Region::whole(96, 64)).unwrap();
    assert_eq!(frame(&gpu, &studio_b), of_samples);
}

#[test]
fn the_studio_refuses_what_it_cannot_count() {
    let gpu = gpu();
    let image = thirds();
    let uploaded = Rc::new(GpuImage::upload_as_is(&gpu, &image));
    let targets = Targets {
        picture: (FORMAT, (96, 64)),
        panel: (FORMAT, (256, 100)),
    };
    let mut kernels = Kernels::default();
    let refused = |bins| {
        Studio::for_picture(
            &gpu,
            &mut Kernels::default(),
            (uploaded.clone(), None),
            bins,
            targets,
        )
        .err()
    };
    assert_eq!(
        refused(8).unwrap(),
        "the studio counts 16 to 4096 bins, a power of 2, not 8"
    );
    // Decision 25: an 8-bit picture in at most 256 bins (no comb of empty ones).
    for bins in [512, 4096] {
        assert_eq!(
            refused(bins).unwrap(),
            format!(
                "a picture of 8 bits a channel has 256 levels: at most that many bins, not {bins}"
            )
        );
    }
    let studio = Studio::for_picture(&gpu, &mut kernels, (uploaded, None), 256, targets).unwrap();
    assert_eq!(
        studio.set_exposure(&gpu, 1.0).unwrap_err(),
        "only an HDR picture has an exposure"
    );
    assert_eq!(
        (studio.depth(), studio.num_bins(), studio.size()),
        (8, 256, (96, 64))
    );
}

#[test]
fn zebra_and_false_colour_drawn_at_the_pictures_size_are_the_cpus() {
    use histogram::scope::{Overlay, BANDS};
    let gpu = gpu();
    // Greys on each side of every threshold: the zebra at 95% starts at level
    // 243 (95% of 255 is 242.25), each band at its first level and not before.
    let edges: Vec<u8> = [
        242, 243, 255, 0, 6, 7, 10, 11, 96, 97, 107, 108, 132, 133, 142, 143, 247, 248, 252, 253,
    ]
    .to_vec();
    let greys = Image::from_rgba(
        edges.len() as u32 * 8,
        8,
        (0..8)
            .flat_map(|_| {
                edges
                    .iter()
                    .flat_map(|&v| std::iter::repeat_n([v, v, v, 255], 8))
            })
            .flatten()
            .collect(),
    )
    .unwrap();
    assert_eq!(Overlay::zebra_level(95), 243);
    assert_eq!(Overlay::zebra_level(100), 255);
    assert_eq!(Overlay::FalseColour.overlay([97; 3], 0, 0), BANDS[2].colour);
    assert_eq!(Overlay::FalseColour.overlay([96; 3], 0, 0), [96; 3]);
    assert_eq!(
        Overlay::Zebra { percent: 95 }.overlay([243; 3], 0, 0),
        [0; 3]
    );
    assert_eq!(
        Overlay::Zebra { percent: 95 }.overlay([243; 3], 4, 0),
        [243; 3]
    );
    assert_eq!(
        Overlay::Zebra { percent: 95 }.overlay([242; 3], 0, 0),
        [242; 3]
    );
    // The registry the pages build their form from: each overlay found by its
    // name, a level where it takes one (checked), the bands' key where it paints them.
    for overlay in Overlay::ALL {
        let percent = overlay.percent().map_or(0, u32::from);
        assert_eq!(Overlay::named(overlay.name(), percent), Ok(overlay));
        assert_eq!(
            overlay.marked(&[1; 256]).is_empty(),
            overlay == Overlay::Off
        );
    }
    assert_eq!(
        Overlay::named("zebra", 70),
        Ok(Overlay::Zebra { percent: 70 })
    );
    assert!(Overlay::named("zebra", 101).is_err() && Overlay::named("zebras", 50).is_err());
    assert_eq!(Overlay::ALL.map(Overlay::banded), [false, false, true]);
    let mut pictures = common::test_images();
    pictures.push(("greys at the thresholds", greys));
    for (name, image) in pictures {
        let size = (image.width(), image.height());
        let uploaded = GpuImage::upload_as_is(&gpu, &image);
        let view = PictureView::new(&gpu, uploaded.texture_view().unwrap(), size, FORMAT, size);
        for overlay in [
            Overlay::Zebra { percent: 95 },
            Overlay::Zebra { percent: 50 },
            Overlay::FalseColour,
        ] {
            view.set_overlay(&gpu, overlay);
            let pixels = drawn(&gpu, size, |encoder, target| {
                view.draw(&gpu, encoder, Target { view: target, size })
            });
            let expected = overlay.draw(&image);
            let differing = pixels
                .chunks(4)
                .zip(expected.rgba().chunks(4))
                .filter(|(a, b)| a[..3] != b[..3])
                .count();
            assert_eq!(
                differing, 0,
                "{name}, {overlay:?}: {differing} pixels differ from the CPU's"
            );
        }
        view.set_overlay(&gpu, Overlay::Off);
        let pixels = drawn(&gpu, size, |encoder, target| {
            view.draw(&gpu, encoder, Target { view: target, size })
        });
        assert!(
            pixels == image.rgba(),
            "{name}: off, the stored values again"
        );
    }
}

/// The studio's pixel under the pointer of an 8-bit picture in textures of its
/// own layout (the browser's decode, or the GPU's, held there alone), read back
/// (tests/native/deep.rs reads a 16-bit one's): one texture or tiles of 128, odd
/// sizes; none outside it, nor from a thin picture laid out as a block.
#[test]
fn a_texel_is_read_back_from_the_gpu() {
    let gpu = gpu();
    let read = |held: &GpuImage, at: (u32, u32)| pollster::block_on(held.read_pixel(&gpu, at));
    for (name, image) in test_images() {
        let (w, h) = (image.width(), image.height());
        for held in [
            GpuImage::upload_as_is(&gpu, &image),
            GpuImage::upload_as_is_with(&gpu, &image, 128),
        ] {
            for (x, y) in [
                (0, 0),
                (w - 1, 0),
                (w / 2, h / 2),
                (127.min(w - 1), 128.min(h - 1)),
                (0, h - 1),
                (w - 1, h - 1),
            ] {
                let at = ((y * w + x) * 4) as usize;
                let stored: [u8; 4] = image.rgba()[at..at + 4].try_into().unwrap();
                assert_eq!(read(&held, (x, y)).unwrap(), stored, "{name} at {x},{y}");
            }
            assert!(
                read(&held, (w, 0)).is_err() && read(&held, (0, h)).is_err(),
                "{name}"
            );
        }
    }
    let thin = Image::solid(1, 4099, [1, 2, 3, 255]);
    assert!(
        read(&GpuImage::upload(&gpu, &thin), (0, 7)).is_err(),
        "laid out as a block"
    );
    assert_eq!(
        read(&GpuImage::upload_as_is(&gpu, &thin), (0, 4098)).unwrap(),
        [1, 2, 3, 255]
    );
}
