//! A JPEG's planes finished by src/jpeg_planes.rs equal libjpeg-turbo's own RGB,
//! pixel for pixel: the planes and the expected RGB both come from TurboJPEG
//! (raw planes, as the browser's ImageDecoder hands them, and its full decode, the
//! one Pillow and the browsers run), on JPEGs made here by TurboJPEG at every
//! subsampling, baseline and progressive, with restart intervals, at odd sizes
//! (chroma planes 1 and 2 samples wide), and on the photos.

use crate::common::{gpu, media, photo};
use histogram::gpu::PlanesUpload;
use histogram::jpeg_planes::{
    finish, finish_rows, Orientation, Plane, PlaneLayout, Planes, Subsampling,
};
use histogram::Image;
use std::ffi::c_int;
use turbojpeg_sys as tj;

/// A TurboJPEG handle for `init`, destroyed when dropped.
struct Handle(tj::tjhandle);

impl Handle {
    fn new(init: tj::TJINIT) -> Handle {
        // SAFETY: tj3Init has no preconditions.
        let h = unsafe { tj::tj3Init(init as c_int) };
        assert!(!h.is_null());
        Handle(h)
    }

    fn set(&self, param: tj::TJPARAM, value: i32) {
        // SAFETY: a live handle.
        assert_eq!(unsafe { tj::tj3Set(self.0, param as c_int, value) }, 0);
    }

    fn get(&self, param: tj::TJPARAM) -> i32 {
        // SAFETY: a live handle.
        unsafe { tj::tj3Get(self.0, param as c_int) }
    }
}

impl Drop for Handle {
    fn drop(&mut self) {
        // SAFETY: from tj3Init, destroyed once.
        unsafe { tj::tj3Destroy(self.0) }
    }
}

/// `image` compressed by TurboJPEG at `subsamp`, progressive or not, with a
/// restart marker every `restart` MCU rows (0: none).
pub(crate) fn compress(
    image: &Image,
    subsamp: tj::TJSAMP,
    progressive: bool,
    restart: i32,
) -> Vec<u8> {
    let h = Handle::new(tj::TJINIT_TJINIT_COMPRESS);
    h.set(tj::TJPARAM_TJPARAM_QUALITY, 90);
    h.set(tj::TJPARAM_TJPARAM_SUBSAMP, subsamp);
    h.set(tj::TJPARAM_TJPARAM_PROGRESSIVE, progressive as i32);
    h.set(tj::TJPARAM_TJPARAM_RESTARTROWS, restart);
    let (mut buf, mut size): (*mut u8, tj::size_t) = (std::ptr::null_mut(), 0);
    // SAFETY: a live handle; the source is width * 4 bytes a row, height rows;
    // TurboJPEG allocates the output, freed below with tj3Free.
    let status = unsafe {
        tj::tj3Compress8(
            h.0,
            image.rgba().as_ptr(),
            image.width() as c_int,
            (image.width() * 4) as c_int,
            image.height() as c_int,
            tj::TJPF_TJPF_RGBA as c_int,
            &mut buf,
            &mut size,
        )
    };
    assert_eq!(status, 0, "compressed");
    // SAFETY: TurboJPEG wrote `size` bytes at `buf`.
    let bytes = unsafe { std::slice::from_raw_parts(buf, size as usize) }.to_vec();
    // SAFETY: allocated by TurboJPEG.
    unsafe { tj::tj3Free(buf.cast()) };
    bytes
}

/// A decompressing handle that has read the file's header, and its size.
fn header(bytes: &[u8]) -> (Handle, i32, i32) {
    let h = Handle::new(tj::TJINIT_TJINIT_DECOMPRESS);
    // SAFETY: a live handle and the file's bytes.
    assert_eq!(
        unsafe { tj::tj3DecompressHeader(h.0, bytes.as_ptr(), bytes.len() as _) },
        0
    );
    let (w, ht) = (
        h.get(tj::TJPARAM_TJPARAM_JPEGWIDTH),
        h.get(tj::TJPARAM_TJPARAM_JPEGHEIGHT),
    );
    (h, w, ht)
}

/// TurboJPEG's full decode: RGBA, as Pillow reads the file.
pub(crate) fn decode_rgba(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let (h, w, ht) = header(bytes);
    let mut rgba = vec![0u8; (w * ht * 4) as usize];
    // SAFETY: `rgba` holds `ht` rows of `w * 4` bytes.
    let status = unsafe {
        tj::tj3Decompress8(
            h.0,
            bytes.as_ptr(),
            bytes.len() as _,
            rgba.as_mut_ptr(),
            w * 4,
            tj::TJPF_TJPF_RGBA as c_int,
        )
    };
    assert_eq!(status, 0, "decoded");
    (w as u32, ht as u32, rgba)
}

/// TurboJPEG's raw planes (no upsampling, no colour conversion), with the
/// file's subsampling.
pub(crate) fn decode_planes(bytes: &[u8]) -> (u32, u32, Subsampling, [(Vec<u8>, usize); 3]) {
    let (h, w, ht) = header(bytes);
    let subsamp = h.get(tj::TJPARAM_TJPARAM_SUBSAMP);
    let subsampling = match subsamp as tj::TJSAMP {
        tj::TJSAMP_TJSAMP_444 => Subsampling::S444,
        tj::TJSAMP_TJSAMP_422 => Subsampling::S422,
        tj::TJSAMP_TJSAMP_420 => Subsampling::S420,
        tj::TJSAMP_TJSAMP_440 => Subsampling::S440,
        other => panic!("subsampling {other}"),
    };
    let mut planes: [(Vec<u8>, usize); 3] = std::array::from_fn(|c| {
        // SAFETY: pure functions of their arguments.
        let (pw, ph) = unsafe {
            (
                tj::tj3YUVPlaneWidth(c as c_int, w, subsamp),
                tj::tj3YUVPlaneHeight(c as c_int, ht, subsamp),
            )
        };
        (vec![0u8; (pw * ph) as usize], pw as usize)
    });
    let mut pointers: Vec<*mut u8> = planes.iter_mut().map(|p| p.0.as_mut_ptr()).collect();
    let mut strides: Vec<c_int> = planes.iter().map(|p| p.1 as c_int).collect();
    // SAFETY: each plane holds its plane height's rows of its stride.
    let status = unsafe {
        tj::tj3DecompressToYUVPlanes8(
            h.0,
            bytes.as_ptr(),
            bytes.len() as _,
            pointers.as_mut_ptr(),
            strides.as_mut_ptr(),
        )
    };
    assert_eq!(status, 0, "decoded to planes");
    (w as u32, ht as u32, subsampling, planes)
}

/// The file's planes finished here, against TurboJPEG's RGBA: equal, every pixel.
fn assert_finished_as_turbojpeg(bytes: &[u8], what: &str) {
    let (width, height, subsampling, planes) = decode_planes(bytes);
    let plane = |i: usize| Plane {
        bytes: &planes[i].0,
        stride: planes[i].1,
    };
    let p = Planes {
        width,
        height,
        subsampling,
        y: plane(0),
        cb: plane(1),
        cr: plane(2),
    };
    let (w, h, want) = decode_rgba(bytes);
    assert_eq!((w, h), (width, height));
    let got = finish(&p);
    if let Some(i) = got.iter().zip(&want).position(|(a, b)| a != b) {
        let pixel = i / 4;
        panic!(
            "{what} {subsampling:?}: pixel ({}, {}) channel {}: {} where libjpeg-turbo has {}",
            pixel % width as usize,
            pixel / width as usize,
            i % 4,
            got[i],
            want[i]
        );
    }
    // A band of rows finishes as the whole does.
    if height > 3 {
        let rows = 1..height - 1;
        let mut band = vec![0; width as usize * rows.len() * 4];
        finish_rows(&p, rows.clone(), &mut band);
        assert_eq!(
            band,
            want[width as usize * 4..][..band.len()],
            "{what}: a band"
        );
    }
}

pub(crate) const SUBSAMPLINGS: [tj::TJSAMP; 4] = [
    tj::TJSAMP_TJSAMP_444,
    tj::TJSAMP_TJSAMP_422,
    tj::TJSAMP_TJSAMP_420,
    tj::TJSAMP_TJSAMP_440,
];

#[test]
fn odd_sizes_at_every_subsampling_finish_as_libjpeg_turbo() {
    // 1, 2, 3 and 4 samples wide chroma (the plain upsampler at 2 and under),
    // odd heights, a single row and column.
    let sizes = [
        (1, 1),
        (2, 2),
        (3, 5),
        (2, 9),
        (4, 3),
        (5, 1),
        (1, 7),
        (7, 3),
        (33, 17),
        (257, 3),
        (1, 40),
    ];
    for (width, height) in sizes {
        let noise = Image::noise(width, height, width + height);
        for subsamp in SUBSAMPLINGS {
            for progressive in [false, true] {
                let bytes = compress(&noise, subsamp, progressive, 0);
                assert_finished_as_turbojpeg(
                    &bytes,
                    &format!("noise {width}x{height} progressive {progressive}"),
                );
            }
        }
    }
}

#[test]
fn photos_with_restart_intervals_finish_as_libjpeg_turbo() {
    let small = photo(4);
    for subsamp in SUBSAMPLINGS {
        for (progressive, restart) in [(false, 0), (false, 2), (true, 1)] {
            let bytes = compress(&small, subsamp, progressive, restart);
            assert_finished_as_turbojpeg(
                &bytes,
                &format!("photo/4 progressive {progressive} restart {restart}"),
            );
        }
    }
    // The photos as their cameras and editors wrote them.
    for name in [
        "pexels-francesco-ungaro-96938-mid.jpg",
        "pexels-chevanon-photography-1108099.jpg",
    ] {
        let bytes = std::fs::read(media(name)).unwrap();
        assert_finished_as_turbojpeg(&bytes, name);
    }
}

/// The file's planes in one buffer, one after another from byte `start` (odd:
/// planes at any alignment), as `VideoFrame.copyTo` lays them out.
fn packed_planes(bytes: &[u8], start: usize) -> (Vec<u8>, PlaneLayout) {
    let (width, height, subsampling, planes) = decode_planes(bytes);
    let mut all = vec![0xAB; start];
    let (mut offsets, mut strides) = ([0u32; 3], [0u32; 3]);
    for (i, (plane, stride)) in planes.iter().enumerate() {
        offsets[i] = all.len() as u32;
        strides[i] = *stride as u32;
        all.extend_from_slice(plane);
    }
    let layout = PlaneLayout {
        width,
        height,
        subsampling,
        offsets,
        strides,
        turn: Orientation::NoTransforms,
    };
    (all, layout)
}

/// The planes finished on the GPU (shaders/frames/planes.wgsl) equal libjpeg-turbo's
/// RGB, every pixel: odd sizes at every subsampling, planes at odd offsets, a
/// photo across tiles.
#[test]
fn planes_finished_on_the_gpu_equal_libjpeg_turbo() {
    let gpu = gpu();
    let mut cases = Vec::new();
    for (width, height) in [(1, 1), (2, 9), (3, 5), (5, 1), (33, 17), (257, 3)] {
        let noise = Image::noise(width, height, width * height);
        for subsamp in SUBSAMPLINGS {
            cases.push((
                format!("noise {width}x{height}"),
                compress(&noise, subsamp, false, 0),
                1 << 14,
            ));
        }
    }
    let small = photo(4);
    cases.push((
        "photo/4 in tiles of 128".into(),
        compress(&small, tj::TJSAMP_TJSAMP_420, true, 1),
        128,
    ));
    for (what, bytes, max_texture) in cases {
        for start in [0, 3] {
            let (all, layout) = packed_planes(&bytes, start);
            // In one band, and in bands of 1,000 bytes (a page's: `Steps`).
            let image = PlanesUpload::new(&gpu, &all[..], &layout, max_texture)
                .unwrap()
                .with_band(if start == 0 { usize::MAX / 2 } else { 1000 })
                .run(&gpu)
                .unwrap();
            let got = pollster::block_on(image.read_rgba(&gpu)).unwrap();
            let (_, _, want) = decode_rgba(&bytes);
            let at = got.rgba().iter().zip(&want).position(|(a, b)| a != b);
            assert!(
                at.is_none(),
                "{what} {:?} from byte {start}: byte {at:?} differs",
                layout.subsampling
            );
        }
    }
}

/// Planes turned on the GPU as each of EXIF's eight orientations says equal
/// libjpeg-turbo's RGB turned by the `image` crate, every pixel: an odd size, and
/// a photo across tiles.
#[test]
fn planes_are_turned_on_the_gpu_as_exif_says() {
    let gpu = gpu();
    let cases = [
        (
            compress(&Image::noise(33, 17, 5), tj::TJSAMP_TJSAMP_420, false, 0),
            1 << 14,
        ),
        (compress(&photo(8), tj::TJSAMP_TJSAMP_422, false, 0), 128),
    ];
    for (bytes, max_texture) in cases {
        let (all, stored) = packed_planes(&bytes, 0);
        let (w, h, rgba) = decode_rgba(&bytes);
        for exif in 1..=8 {
            let turn = Orientation::from_exif(exif).unwrap();
            let layout = PlaneLayout { turn, ..stored };
            let image = PlanesUpload::new(&gpu, &all[..], &layout, max_texture)
                .unwrap()
                .run(&gpu)
                .unwrap();
            let got = pollster::block_on(image.read_rgba(&gpu)).unwrap();
            let mut want = image::DynamicImage::ImageRgba8(
                image::RgbaImage::from_raw(w, h, rgba.clone()).unwrap(),
            );
            want.apply_orientation(turn);
            assert_eq!(
                (got.width(), got.height()),
                (want.width(), want.height()),
                "{turn:?}"
            );
            assert_eq!((got.width(), got.height()), layout.shown_size(), "{turn:?}");
            assert!(got.rgba() == want.to_rgba8().as_raw(), "{w}x{h} {turn:?}");
        }
    }
}

/// Planes that do not fit what they are said to hold are refused with a reason.
#[test]
fn planes_past_their_bytes_are_refused() {
    let gpu = gpu();
    let bytes = compress(&Image::noise(16, 16, 1), tj::TJSAMP_TJSAMP_420, false, 0);
    let (all, layout) = packed_planes(&bytes, 0);
    let short = PlanesUpload::new(&gpu, &all[..all.len() - 1], &layout, 1 << 14);
    assert!(short.is_err_and(|e| e.0.contains("runs past")));
    let empty = PlaneLayout {
        height: 0,
        ..layout
    };
    let none = PlanesUpload::new(&gpu, &all[..], &empty, 1 << 14);
    assert!(none.is_err_and(|e| e.0.contains("no pixels")));
}
