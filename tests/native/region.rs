//! Counting a region of the picture: the kernels read the rectangle through their
//! band uniforms (no copy), natively on Vulkan, against the CPU method on the
//! cropped pixels.

use crate::common;

use common::{gpu, reference};
use histogram::gpu::{GpuImage, Kernels, Method, Run, RunOptions};
use histogram::{Image, Region, Spec};

fn rectangles(w: u32, h: u32) -> Vec<Region> {
    let r = |x, y, width, height| Region {
        x,
        y,
        width,
        height,
    };
    vec![
        r(0, 0, w, h),         // the whole image
        r(0, 0, 1, 1),         // one pixel, top left
        r(w - 1, h - 1, 1, 1), // one pixel, bottom right
        r(0, 5, 17, 9),        // touching the left edge
        r(w - 23, 3, 23, 40),  // the right edge
        r(11, 0, 50, 7),       // the top
        r(4, h - 13, 61, 13),  // the bottom
        r(1, 1, w - 2, h - 2), // all but a frame
        r(30, 20, 1, h - 20),  // a one-pixel column
    ]
}

#[test]
fn regions_equal_the_cpu_on_the_cropped_pixels() {
    let gpu = gpu();
    let mut kernels = Kernels::default();
    let image = Image::noise(257, 131, 9);
    let uploaded = GpuImage::upload_as_is(&gpu, &image);
    for method in [
        Method::Single,
        Method::Atomic,
        Method::ChunksSum,
        Method::ChunksReduce,
        Method::Privatized,
    ] {
        for region in rectangles(image.width(), image.height()) {
            let run = Run::new(
                &gpu,
                &mut kernels,
                &uploaded,
                RunOptions::new(method, Spec::rgbl()).region(region),
            )
            .unwrap();
            let got = pollster::block_on(run.execute(&gpu)).unwrap().0;
            assert_eq!(
                got.counts(),
                reference(&image.crop(region), Spec::rgbl()),
                "{} on {region:?}",
                method.name()
            );
        }
    }
}

#[test]
fn a_region_moves_without_making_the_run_anew() {
    // The studio's run: privatized over one texture, its region set again and again.
    let gpu = gpu();
    let mut kernels = Kernels::default();
    let image = Image::sunset(300, 200);
    let uploaded = GpuImage::upload_as_is(&gpu, &image);
    let run = Run::new(
        &gpu,
        &mut kernels,
        &uploaded,
        RunOptions::new(Method::Privatized, Spec::rgbl()),
    )
    .unwrap();
    let whole = run.invocations();
    for region in rectangles(300, 200) {
        run.set_region(&gpu.queue, region).unwrap();
        let got = pollster::block_on(run.execute(&gpu)).unwrap().0;
        assert_eq!(
            got.counts(),
            reference(&image.crop(region), Spec::rgbl()),
            "{region:?}"
        );
        assert!(run.invocations() <= whole, "the grid follows the region");
    }
    let outside = Region {
        x: 290,
        y: 0,
        width: 20,
        height: 5,
    };
    let refused = run.set_region(&gpu.queue, outside).unwrap_err();
    assert!(
        refused.0.contains("does not fit in the 300x200 image"),
        "{refused}"
    );
}

#[test]
fn regions_need_the_image_in_its_own_layout() {
    let gpu = gpu();
    let mut kernels = Kernels::default();
    let image = Image::noise(20, 10, 1);
    let packed = GpuImage::upload_for(&gpu, &image, Method::Packed.input());
    let region = Region {
        x: 1,
        y: 1,
        width: 2,
        height: 2,
    };
    let refused = Run::new(
        &gpu,
        &mut kernels,
        &packed,
        RunOptions::new(Method::Packed, Spec::rgbl()).region(region),
    );
    assert!(refused.is_err());
}
