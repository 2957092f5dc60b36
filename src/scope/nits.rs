//! HDR codes read in nits (issue #77, item 3): a waveform of PQ (SMPTE ST 2084) or
//! HLG (BT.2100) codes keeps its axis of codes, as HDR scopes do, and names its
//! lines by the light a display gives for them, with the reference white
//! (BT.2408's 203 nits) marked. A floating-point picture's linear light becomes
//! such codes here too (`Transfer::encode`, 1.0 at the reference white), which
//! shaders/hdr/hdr.wgsl's `csExposeCodes` follows on the GPU.

use crate::hdr::HdrImage;
use crate::Image;

/// How a picture's codes become light.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transfer {
    /// SMPTE ST 2084: absolute, 0 to 10,000 nits.
    Pq,
    /// BT.2100's hybrid log-gamma on its reference display (1,000 nits, system
    /// gamma 1.2), which relative codes need to be read in nits at all.
    Hlg,
}

/// BT.2408's HDR reference white ("graphics white"), in nits.
pub const REFERENCE_WHITE: f64 = 203.0;

/// The HLG reference display's peak, in nits.
const HLG_PEAK: f64 = 1000.0;

/// Linear light of BT.709's primaries as BT.2020's (BT.2087, its rows summing
/// to 1: a grey stays that grey); shaders/hdr/hdr.wgsl's `toBt2020`.
pub const BT709_TO_BT2020: [[f64; 3]; 3] = [
    [0.6274, 0.3293, 0.0433],
    [0.0691, 0.9195, 0.0114],
    [0.0164, 0.0880, 0.8956],
];

/// BT.2100's luminance of R, G, B (HLG's OOTF weighs its channels by it).
const BT2100_LUMA: [f64; 3] = [0.2627, 0.6780, 0.0593];

impl Transfer {
    pub const ALL: [Transfer; 2] = [Transfer::Pq, Transfer::Hlg];

    /// "pq" or "hlg", as the command line takes it.
    pub fn parse(name: &str) -> Result<Transfer, String> {
        match name {
            "pq" => Ok(Transfer::Pq),
            "hlg" => Ok(Transfer::Hlg),
            other => Err(format!("unknown transfer '{other}' (pq, hlg)")),
        }
    }

    /// The codes a page's Scale names: SDR's ("sdr", or none named), or HDR
    /// codes of a transfer ("pq", "hlg"), whose lines are named in nits.
    pub fn of_codes(codes: Option<&str>) -> Result<Option<Transfer>, String> {
        match codes.unwrap_or("sdr") {
            "sdr" => Ok(None),
            name => Transfer::parse(name).map(Some),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Transfer::Pq => "pq",
            Transfer::Hlg => "hlg",
        }
    }

    /// The code, 0 to 1, a display shows at `nits` (grey: R = G = B).
    pub fn code(self, nits: f64) -> f64 {
        self.encode([nits / REFERENCE_WHITE; 3])[0]
    }

    /// The codes, 0 to 1, of linear light `rgb` of BT.709's primaries (sRGB's,
    /// as a floating-point picture is drawn) in which 1.0 is the reference
    /// white (BT.2408: a floating-point picture's diffuse white, at 203 nits),
    /// taken to BT.2020's primaries, whose codes BT.2100's are. Below 0 is
    /// black, past the transfer's peak its peak (light is taken up to 1e30,
    /// where a gain's product past f32's range is infinite).
    pub fn encode(self, rgb: [f64; 3]) -> [f64; 3] {
        let light = rgb.map(|v| v.clamp(0.0, 1e30));
        // Each channel plus its row's shares of the others' differences from it
        // (the rows sum to 1): a grey stays exactly that grey.
        let nits: [f64; 3] = std::array::from_fn(|i| {
            let others: f64 = (0..3)
                .filter(|&j| j != i)
                .map(|j| BT709_TO_BT2020[i][j] * (light[j] - light[i]))
                .sum();
            (light[i] + others) * REFERENCE_WHITE
        });
        match self {
            // ST 2084's inverse EOTF, each channel alone.
            Transfer::Pq => nits.map(|n| {
                let (m1, m2) = (2610.0 / 16384.0, 2523.0 / 4096.0 * 128.0);
                let (c1, c2, c3) = (
                    3424.0 / 4096.0,
                    2413.0 / 4096.0 * 32.0,
                    2392.0 / 4096.0 * 32.0,
                );
                let y = (n / 10_000.0).min(1.0).powf(m1);
                ((c1 + c2 * y) / (1.0 + c3 * y)).powf(m2)
            }),
            // The inverse OOTF (the scene light the display's light comes from:
            // E = F / (peak * Ys^(gamma - 1)), Ys = (Y / peak)^(1 / gamma)), then
            // the OETF.
            Transfer::Hlg => {
                let y: f64 = nits.iter().zip(BT2100_LUMA).map(|(n, k)| n * k).sum();
                if y <= 0.0 {
                    return [0.0; 3];
                }
                let scene = (y / HLG_PEAK).powf(1.0 / 1.2);
                let (a, b) = (0.178_832_77, 1.0 - 4.0 * 0.178_832_77);
                let c = 0.5 - a * (4.0f64 * a).ln();
                nits.map(|n| {
                    let e = (n / (HLG_PEAK * scene.powf(0.2))).min(1.0);
                    if e <= 1.0 / 12.0 {
                        (3.0 * e).sqrt()
                    } else {
                        a * (12.0 * e - b).ln() + c
                    }
                })
            }
        }
    }

    /// A floating-point picture as 8-bit codes of its light times `gain`: what
    /// the scopes count to read it in nits. A pixel with a sample not a number
    /// or infinite is black, as the picture shows it.
    pub fn picture_codes(self, image: &HdrImage, gain: f32) -> Result<Image, String> {
        let rgba = image
            .rgba()
            .chunks_exact(4)
            .flat_map(|p| {
                let [r, g, b] = match p[..3].iter().all(|v| v.is_finite()) {
                    true => self
                        .encode([p[0], p[1], p[2]].map(|v| f64::from(v * gain)))
                        .map(|c| (c * 255.0).round() as u8),
                    false => [0; 3],
                };
                [r, g, b, 255]
            })
            .collect();
        Image::from_rgba(image.width(), image.height(), rgba).map_err(|e| e.to_string())
    }

    /// The waveform's lines: each a level (of 256, the nearest to the code) and
    /// its light in nits as written, the reference white among them.
    pub fn lines(self) -> Vec<(u32, &'static str)> {
        let nits: &[(f64, &str)] = match self {
            Transfer::Pq => &[
                (0.0, "0"),
                (1.0, "1"),
                (10.0, "10"),
                (100.0, "100"),
                (REFERENCE_WHITE, "203"),
                (1000.0, "1000"),
                (4000.0, "4000"),
                (10_000.0, "10000"),
            ],
            Transfer::Hlg => &[
                (0.0, "0"),
                (1.0, "1"),
                (10.0, "10"),
                (100.0, "100"),
                (REFERENCE_WHITE, "203"),
                (500.0, "500"),
                (HLG_PEAK, "1000"),
            ],
        };
        nits.iter()
            .map(|&(n, text)| (self.level(n), text))
            .collect()
    }

    /// The level (of 256) of the reference white's line.
    pub fn reference_white(self) -> u32 {
        self.level(REFERENCE_WHITE)
    }

    fn level(self, nits: f64) -> u32 {
        (self.code(nits) * 255.0).round() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_where_the_standards_put_them() {
        // ST 2084's codes (BT.2408, table 1; 10-bit full range: 520, 769).
        let pq = |nits| Transfer::Pq.code(nits);
        assert!((pq(100.0) - 0.5081).abs() < 1e-4);
        assert!((pq(203.0) - 0.5807).abs() < 1e-4);
        assert!((pq(1000.0) - 0.7518).abs() < 1e-4);
        assert!((pq(10_000.0) - 1.0).abs() < 1e-9);
        assert!(pq(0.0) < 1e-6);
        // HLG on its 1,000-nit reference display: 75% is the reference white, 100%
        // the peak; 50% (the OETF's knee, scene light 1/12) is 51 nits.
        let hlg = |nits| Transfer::Hlg.code(nits);
        assert!((hlg(203.0) - 0.75).abs() < 1e-3);
        assert!((hlg(1000.0) - 1.0).abs() < 1e-6);
        assert!((hlg(1000.0 * (1.0f64 / 12.0).powf(1.2)) - 0.5).abs() < 1e-6);
    }

    #[test]
    fn a_floating_point_pictures_light_is_read_at_the_reference_white() {
        // 1.0 is 203 nits; PQ reads each channel alone, once BT.709's primaries
        // are BT.2020's: sRGB's red is 0.6274 R + 0.0691 G + 0.0164 B of them.
        let white = Transfer::Pq.encode([1.0; 3]);
        assert!((white[0] - 0.5807).abs() < 1e-4, "{white:?}");
        let red = Transfer::Pq.encode([1.0, 0.0, -3.0]);
        let pq = |share: f64| Transfer::Pq.code(share * 203.0);
        for (got, share) in red.iter().zip([0.6274, 0.0691, 0.0164]) {
            assert!((got - pq(share)).abs() < 1e-12, "{red:?}");
        }
        // HLG: a grey's codes are the grey's; a colour's scene light is its
        // display light over the OOTF's gain at its luminance. sRGB's red in
        // BT.2020's primaries keeps its luminance (BT.709's 0.2126 of white's).
        let grey = Transfer::Hlg.encode([1.0; 3]);
        assert!(
            (grey[0] - 0.75).abs() < 1e-3 && grey[0] == grey[2],
            "{grey:?}"
        );
        let luminance: f64 = 0.2627 * 0.6274 + 0.6780 * 0.0691 + 0.0593 * 0.0164;
        assert!((luminance - 0.2126).abs() < 1e-4, "{luminance}");
        let gain = 1000.0 * (luminance * 203.0 / 1000.0).powf(0.2 / 1.2);
        let e = 0.6274 * 203.0 / gain;
        let red = Transfer::Hlg.encode([1.0, 0.0, 0.0]);
        let oetf = 0.178_832_77 * (12.0 * e - (1.0 - 4.0 * 0.178_832_77)).ln() + 0.5
            - 0.178_832_77 * (4.0f64 * 0.178_832_77).ln();
        assert!(
            (red[0] - oetf).abs() < 1e-12 && red[1] > 0.0 && red[1] < red[0],
            "{red:?} {oetf}"
        );
        assert_eq!(Transfer::Hlg.encode([0.0; 3]), [0.0; 3]);
        // Past the peak, the peak; infinite light (a gain's product past f32's
        // range) too, not a NaN.
        assert_eq!(Transfer::Pq.encode([100.0; 3])[0], 1.0);
        for transfer in [Transfer::Pq, Transfer::Hlg] {
            let peak = transfer.encode([f64::INFINITY, 1.0, 0.0])[0];
            assert!((peak - 1.0).abs() < 1e-6, "{transfer:?}: {peak}");
        }
    }

    #[test]
    fn a_floating_point_picture_becomes_8_bit_codes() {
        let k = 100.0 / 203.0;
        let light = [1.0, 1.0, 1.0, 1.0, k, k, k, 1.0, 0.5, f32::NAN, 0.5, 1.0];
        let image = HdrImage::new(3, 1, light.to_vec()).unwrap();
        let codes = Transfer::Pq.picture_codes(&image, 1.0).unwrap();
        // Greys of 203 and 100 nits at 148 and 130; a pixel not a number is black.
        let want = [[148; 3], [130; 3], [0; 3]].map(|[r, g, b]| [r, g, b, 255]);
        assert_eq!(codes.rgba(), want.concat());
        let doubled = Transfer::Pq.picture_codes(&image, 2.0).unwrap();
        assert_eq!(
            doubled.rgba()[4],
            (Transfer::Pq.code(200.0) * 255.0).round() as u8
        );
    }

    #[test]
    fn a_pages_scale_names_sdr_or_a_transfer() {
        assert_eq!(Transfer::of_codes(None), Ok(None));
        assert_eq!(Transfer::of_codes(Some("sdr")), Ok(None));
        assert_eq!(Transfer::of_codes(Some("pq")), Ok(Some(Transfer::Pq)));
        assert_eq!(Transfer::of_codes(Some("hlg")), Ok(Some(Transfer::Hlg)));
        assert!(Transfer::of_codes(Some("hdr10")).is_err());
    }

    #[test]
    fn the_lines_climb_and_mark_the_reference_white() {
        for transfer in [Transfer::Pq, Transfer::Hlg] {
            let lines = transfer.lines();
            assert!(lines.windows(2).all(|w| w[0].0 < w[1].0), "{lines:?}");
            assert_eq!((lines[0].0, lines.last().unwrap().0), (0, 255));
            let white = transfer.reference_white();
            assert!(lines.contains(&(white, "203")), "{lines:?}");
        }
        assert_eq!(Transfer::Pq.reference_white(), 148);
        assert_eq!(Transfer::Hlg.reference_white(), 191);
    }
}
