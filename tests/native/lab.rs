//! The kernel lab natively (src/gpu/lab.rs): every step's own listing runs exact,
//! an edit that miscounts is caught bin for bin against the CPU reference, a
//! compile error is placed at its line, a loop that never ends is stopped, and the
//! device counts on after each.

use crate::common;
use std::cell::Cell;

use common::{gpu, photo, reference};
use histogram::gpu::lab::{try_text, Halt, Report};
use histogram::gpu::listing;
use histogram::gpu::{Gpu, GpuImage, Method, RunOptions};
use histogram::{Histogram, Image, Spec};

fn lab(gpu: &Gpu, image: &Image, method: Method, text: &str) -> Report {
    let picture = GpuImage::upload_for(gpu, image, method.input());
    lab_on(gpu, &picture, image, method, text, 2, &stop())
}

/// The lab's run of `text` on `picture` (`image` uploaded), checked against the
/// CPU's count of `image`, `runs` timed, `stop` as the visitor left it.
fn lab_on(
    gpu: &Gpu,
    picture: &GpuImage,
    image: &Image,
    method: Method,
    text: &str,
    runs: u32,
    stop: &Cell<bool>,
) -> Report {
    let spec = Spec::luminance();
    let expected = Histogram::from_counts(spec, reference(image, spec));
    let options = RunOptions::new(method, spec);
    pollster::block_on(try_text(gpu, picture, options, text, runs, &expected, stop)).unwrap()
}

/// `lines` put first in the body of `text`'s entry point `cs`.
fn at_start_of_cs(text: &str, lines: &str) -> String {
    let cs = text.find("fn cs(").expect("an entry point cs");
    let body = cs + text[cs..].find("{\n").unwrap() + 2;
    format!("{}{lines}{}", &text[..body], &text[body..])
}

/// `lines` put first in the body of every entry point `cs` of `text`.
fn at_start_of_every_cs(text: &str, lines: &str) -> String {
    let mut out = text.to_string();
    let starts: Vec<usize> = text.match_indices("fn cs(").map(|(i, _)| i).collect();
    // From the last, so that the places before it stay where they are.
    for &cs in starts.iter().rev() {
        let body = cs + out[cs..].find("{\n").expect("a body") + 2;
        out.insert_str(body, lines);
    }
    out
}

/// Stop, not pressed.
fn stop() -> Cell<bool> {
    Cell::new(false)
}

fn own(method: Method) -> String {
    listing::of(method.kernels(), Spec::luminance(), method.default_shape())
}

#[test]
fn every_steps_own_kernels_are_exact_in_the_lab() {
    let gpu = gpu();
    let image = photo(8);
    // Not the single invocation: lavapipe ends a loop past 65535 rounds on its own
    // (src/gpu/grid.rs), and the guarded single kernel, its bands cut to stay under
    // that unguarded, lost a quarter of this photo's counts here.
    let methods = Method::ALL
        .into_iter()
        .filter(|m| m.exact() && m.runs_on(&gpu));
    for method in methods.filter(|&m| m != Method::Single) {
        let report = lab(&gpu, &image, method, &own(method));
        assert!(
            report.messages.iter().all(|m| m.severity != "error"),
            "{}: {:?}",
            method.name(),
            report.messages
        );
        assert_eq!(report.refused, None, "{}", method.name());
        assert!(
            report.exact && !report.stopped,
            "{}: stopped {}, bounds {:?}, {} wrong: {:?}",
            method.name(),
            report.stopped,
            report.bounds,
            report.wrong.len(),
            &report.wrong[..report.wrong.len().min(4)]
        );
        assert_eq!(report.counted, image.pixel_count());
        assert_eq!(report.runs, 2);
    }
}

/// A barrier inside a loop and after it, at the top of every compute kernel of
/// every step (a tiling loop, the next thing a learner writes): valid WGSL, so the
/// guarded copy must stay valid and exact. The guard's counter is the loop's own
/// function variable, which WGSL's uniformity analysis sees as uniform.
#[test]
fn a_barrier_after_a_guarded_loop_stays_valid_in_every_step() {
    let gpu = gpu();
    let image = photo(8);
    let tiles = "  for (var t = 0u; t < 2u; t++) { workgroupBarrier(); }\n  workgroupBarrier();\n";
    let methods = Method::ALL
        .into_iter()
        .filter(|m| m.exact() && m.runs_on(&gpu) && *m != Method::Single);
    for method in methods {
        let text = own(method);
        if !text.contains("fn cs(") {
            continue;
        }
        let edited = at_start_of_every_cs(&text, tiles);
        let report = lab(&gpu, &image, method, &edited);
        assert!(
            report.messages.iter().all(|m| m.severity != "error") && report.refused.is_none(),
            "{}: {:?} {:?}",
            method.name(),
            report.messages,
            report.refused
        );
        assert!(
            report.exact && !report.stopped,
            "{}: {report:?}",
            method.name()
        );
    }
}

#[test]
fn an_edit_that_counts_twice_is_shown_bin_for_bin() {
    let gpu = gpu();
    let image = photo(8);
    let text = own(Method::Atomic).replace(", 1u);", ", 2u);");
    assert_ne!(text, own(Method::Atomic), "the edit applies");
    let report = lab(&gpu, &image, Method::Atomic, &text);
    let expected = reference(&image, Spec::luminance());
    let filled: Vec<usize> = (0..256).filter(|&b| expected[b] > 0).collect();
    assert!(!report.exact);
    assert_eq!(
        report.wrong.iter().map(|w| w.bin).collect::<Vec<_>>(),
        filled
    );
    for w in &report.wrong {
        assert_eq!(
            (w.counted, w.expected),
            (2 * expected[w.bin], expected[w.bin])
        );
    }
    assert_eq!(report.counted, 2 * image.pixel_count());
}

#[test]
fn a_compile_error_is_placed_at_its_line() {
    let gpu = gpu();
    let image = photo(16);
    let own = own(Method::ChunksReduce);
    // A line of the second kernel (reduce.wgsl), numbered in the whole text.
    let at = own
        .lines()
        .position(|l| l.contains("---- reduce.wgsl"))
        .unwrap()
        + 6;
    let mut lines: Vec<String> = own.lines().map(String::from).collect();
    lines.insert(at, "const broken: u32 = 1.5;".into());
    let report = lab(
        &gpu,
        &image,
        Method::ChunksReduce,
        &(lines.join("\n") + "\n"),
    );
    let error = report
        .messages
        .iter()
        .find(|m| m.severity == "error")
        .expect("an error");
    assert_eq!(
        (error.kernel, error.line),
        ("reduce", at as u32 + 1),
        "{error:?}"
    );
    assert_eq!(report.runs, 0);
    // Marks out of order are refused in a sentence.
    let report = lab(&gpu, &image, Method::ChunksReduce, "fn f() {}\n");
    assert!(report.refused.unwrap().contains("// ---- chunks.wgsl ----"));
}

#[test]
fn a_loop_that_never_ends_is_stopped_and_the_device_counts_on() {
    let gpu = gpu();
    let image = photo(8);
    let text = at_start_of_cs(
        &own(Method::Atomic),
        "  var spin = 0u;\n  loop { spin += 1u; }\n",
    );
    let report = lab(&gpu, &image, Method::Atomic, &text);
    assert!(
        report.messages.iter().all(|m| m.severity != "error"),
        "{:?}",
        report.messages
    );
    assert!(report.stopped && !report.exact, "{report:?}");
    let again = lab(&gpu, &image, Method::Atomic, &own(Method::Atomic));
    assert!(again.exact);
    // Bindings the step does not give are refused with the device's reason.
    let text = own(Method::Atomic) + "@group(0) @binding(9) var<storage, read_write> extra: array<u32>;\nfn touch() { extra[0] = 1u; }\n";
    let text = at_start_of_cs(&text, "  touch();\n");
    let report = lab(&gpu, &image, Method::Atomic, &text);
    assert!(report.refused.is_some(), "{report:?}");
}

#[test]
fn a_text_that_declares_the_picture_writable_is_refused_and_the_picture_kept() {
    let gpu = gpu();
    let image = photo(8);
    let method = Method::Packed;
    let picture = GpuImage::upload_for(&gpu, &image, method.input());
    let run = |text: &str| lab_on(&gpu, &picture, &image, method, text, 1, &stop());
    // The pipelines are laid out as the run binds them, the picture read only.
    let text = own(method).replace(
        "var<storage, read> pixels",
        "var<storage, read_write> pixels",
    );
    assert_ne!(text, own(method));
    let text = at_start_of_cs(&text, "  pixels[0] = vec4u(0u);\n");
    let report = run(&text);
    assert!(report.refused.is_some(), "{report:?}");
    // The same picture, counted by the step's own text, is still the photo.
    assert!(run(&own(method)).exact);
}

#[test]
fn stop_ends_an_edited_run_between_two_dispatches() {
    let gpu = gpu();
    let image = photo(8);
    let method = Method::Atomic;
    let picture = GpuImage::upload_for(&gpu, &image, method.input());
    // Pressed before the run: it gives up after its first dispatch, the device kept.
    let report = lab_on(
        &gpu,
        &picture,
        &image,
        method,
        &own(method),
        3,
        &Cell::new(true),
    );
    assert!(
        matches!(report.halted, Some((Halt::Pressed, _))),
        "{report:?}"
    );
    assert!(!report.exact && report.runs == 0, "{report:?}");
    assert!(report.budget_ms >= 10_000.0);
    assert!(lab(&gpu, &image, method, &own(method)).exact);
}
