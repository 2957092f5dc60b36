//! Where panels and pictures go: the studio's panel layouts, the adjustment's
//! halves, the video page's panels, and a picture fitted into its canvas.

use histogram::layout::{fit, in_half, video_panels, Half, Panel, PanelLayout};

const EPS: f32 = 1e-5;

fn inside(rect: [f32; 4]) -> bool {
    let [x, y, w, h] = rect;
    x >= -EPS && y >= -EPS && w > 0.0 && h > 0.0 && x + w <= 1.0 + EPS && y + h <= 1.0 + EPS
}

fn apart(a: &Panel, b: &Panel) -> bool {
    let ([ax, ay, aw, ah], [bx, by, bw, bh]) = (a.rect, b.rect);
    ax + aw <= bx + EPS || bx + bw <= ax + EPS || ay + ah <= by + EPS || by + bh <= ay + EPS
}

#[test]
fn every_layout_shows_each_chosen_channel_once_inside_the_target() {
    for parade in [false, true] {
        for mask in 0..16u32 {
            let shown = std::array::from_fn(|c| mask & (1 << c) != 0);
            let panels = PanelLayout { parade, shown }.panels();
            let mut drawn: Vec<usize> = panels.iter().flat_map(|p| p.shown.clone()).collect();
            drawn.sort();
            let want: Vec<usize> = (0..4).filter(|&c| shown[c]).collect();
            assert_eq!(drawn, want, "parade {parade}, mask {mask:04b}");
            assert!(panels.len() <= PanelLayout::MOST);
            for (i, p) in panels.iter().enumerate() {
                assert!(inside(p.rect), "{p:?}");
                for q in &panels[i + 1..] {
                    assert!(apart(p, q), "{p:?} overlaps {q:?}");
                }
            }
        }
    }
}

#[test]
fn overlaid_puts_colours_above_luminance_and_a_parade_side_by_side() {
    let overlaid = PanelLayout::default().panels();
    assert_eq!(overlaid.len(), 2);
    assert_eq!(overlaid[0].shown, vec![0, 1, 2]);
    assert_eq!(overlaid[1].shown, vec![3]);
    assert!(overlaid[0].rect[1] < overlaid[1].rect[1], "colours on top");
    assert_eq!(overlaid[0].mask(), 0b0111);
    let parade = PanelLayout {
        parade: true,
        shown: [true, false, true, true],
    }
    .panels();
    let xs: Vec<f32> = parade.iter().map(|p| p.rect[0]).collect();
    assert!(xs.windows(2).all(|w| w[0] < w[1]), "left to right: {xs:?}");
    assert!(parade.iter().all(|p| p.rect[3] == 1.0), "full height");
}

#[test]
fn halves_keep_the_panels_apart() {
    let panels = PanelLayout::default().panels();
    let left = in_half(panels.clone(), Half::Left);
    let right = in_half(panels, Half::Right);
    for l in &left {
        assert!(inside(l.rect) && l.rect[0] + l.rect[2] <= 0.5);
        for r in &right {
            assert!(inside(r.rect) && r.rect[0] >= 0.5);
            assert!(apart(l, r));
        }
    }
}

#[test]
fn video_panels_sit_along_the_bottom_on_any_canvas() {
    for (w, h) in [(1280, 800), (390, 844), (844, 390), (3840, 2160), (40, 30)] {
        let [rgb, luma] = video_panels(w, h);
        assert!(
            inside(rgb.rect) && inside(luma.rect),
            "{w}x{h}: {rgb:?} {luma:?}"
        );
        assert!(apart(&rgb, &luma));
        assert!(
            rgb.rect[2] * w as f32 <= 512.0 + 0.01,
            "at most 512 px wide"
        );
        // The pair centred: as much room left of it as right.
        let right = 1.0 - luma.rect[0] - luma.rect[2];
        assert!(
            (rgb.rect[0] - right).abs() * (w as f32) < 0.5,
            "{w}x{h}: centred"
        );
    }
}

#[test]
fn a_picture_fitted_is_whole_and_centred() {
    // 2:1 in a square: full width and half height, centred.
    let [x, y, w, h] = fit((200, 100), (300, 300));
    assert!((x, w) == (0.0, 1.0) && (y - 0.25).abs() < EPS && (h - 0.5).abs() < EPS);
    // 1:2 in a square: full height, half width.
    let [x, y, w, h] = fit((100, 200), (300, 300));
    assert!((y, h) == (0.0, 1.0) && (x - 0.25).abs() < EPS && (w - 0.5).abs() < EPS);
    // The aspect is kept and the picture stays within, whatever the shapes.
    for (picture, target) in [
        ((257, 131), (800, 600)),
        ((1, 4099), (640, 480)),
        ((64, 64), (10, 900)),
        ((1280, 720), (812, 312)),
    ] {
        let [_, _, w, h] = fit(picture, target);
        let shown = (w * target.0 as f32) / (h * target.1 as f32);
        let aspect = picture.0 as f32 / picture.1 as f32;
        assert!(
            (shown / aspect - 1.0).abs() < 1e-4,
            "{picture:?} in {target:?}"
        );
        assert!(
            w <= 1.0 + EPS && h <= 1.0 + EPS,
            "{picture:?} in {target:?}"
        );
    }
}
