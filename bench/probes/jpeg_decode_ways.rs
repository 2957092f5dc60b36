//! What a JPEG's planes could save the command line (issue #60, item 4): one
//! core's time for libjpeg-turbo to decode a photo to RGBA (today's way) and to
//! its raw planes (no upsampling, no colour conversion: what the GPU would finish).
//!
//!     cargo run --release --example jpeg_decode_ways -- PHOTO.jpg...

use std::ffi::c_int;
use std::time::Instant;
use turbojpeg_sys as tj;

fn main() {
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).unwrap();
        // SAFETY: TurboJPEG's calls on a live handle, into buffers sized for the header.
        unsafe {
            let h = tj::tj3Init(tj::TJINIT_TJINIT_DECOMPRESS as c_int);
            assert_eq!(
                tj::tj3DecompressHeader(h, bytes.as_ptr(), bytes.len() as _),
                0
            );
            let w = tj::tj3Get(h, tj::TJPARAM_TJPARAM_JPEGWIDTH as c_int);
            let ht = tj::tj3Get(h, tj::TJPARAM_TJPARAM_JPEGHEIGHT as c_int);
            let subsamp = tj::tj3Get(h, tj::TJPARAM_TJPARAM_SUBSAMP as c_int);
            let mut rgba = vec![0u8; (w * ht * 4) as usize];
            let mut planes: Vec<(Vec<u8>, c_int)> = (0..3)
                .map(|c| {
                    let pw = tj::tj3YUVPlaneWidth(c, w, subsamp);
                    (
                        vec![0u8; (pw * tj::tj3YUVPlaneHeight(c, ht, subsamp)) as usize],
                        pw,
                    )
                })
                .collect();
            let mut best = [f64::MAX; 2];
            for _ in 0..15 {
                let t = Instant::now();
                let s = tj::tj3Decompress8(
                    h,
                    bytes.as_ptr(),
                    bytes.len() as _,
                    rgba.as_mut_ptr(),
                    w * 4,
                    tj::TJPF_TJPF_RGBA as c_int,
                );
                assert_eq!(s, 0);
                best[0] = best[0].min(t.elapsed().as_secs_f64());
                let mut pointers: Vec<*mut u8> =
                    planes.iter_mut().map(|p| p.0.as_mut_ptr()).collect();
                let mut strides: Vec<c_int> = planes.iter().map(|p| p.1).collect();
                let t = Instant::now();
                let s = tj::tj3DecompressToYUVPlanes8(
                    h,
                    bytes.as_ptr(),
                    bytes.len() as _,
                    pointers.as_mut_ptr(),
                    strides.as_mut_ptr(),
                );
                assert_eq!(s, 0);
                best[1] = best[1].min(t.elapsed().as_secs_f64());
            }
            tj::tj3Destroy(h);
            let mpx = (w * ht) as f64 / 1e6;
            println!(
                "{path}: {w}x{ht} subsampling {subsamp}: RGBA {:.1} ms ({:.2} ms/Mpx), planes {:.1} ms ({:.2} ms/Mpx): planes {:.2}x RGBA's time",
                best[0] * 1e3, best[0] * 1e3 / mpx, best[1] * 1e3, best[1] * 1e3 / mpx, best[1] / best[0]
            );
        }
    }
}
