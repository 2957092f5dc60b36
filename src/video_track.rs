//! An HDR video's frames as its file holds them (issue #77): a WebM file's VP9
//! track demuxed (matroska-demuxer) for WebCodecs' VideoDecoder, which gives the
//! page 10-bit planes where the <video> element gives 8-bit pictures
//! (docs/DECISIONS.md, 94).

use matroska_demuxer::{
    Frame, MatrixCoefficients, MatroskaFile, Primaries, Range, TrackType, TransferCharacteristics,
};
use std::io::Cursor;

/// The largest file demuxed (bytes): it is read whole, and its frames' bytes
/// kept beside it, so a page holds about twice this.
pub const LARGEST_BYTES: usize = 256 << 20;

/// A video track: its WebCodecs codec string, size and colour space, and its
/// chunks in decoding order.
#[derive(Clone, Debug, PartialEq)]
pub struct VideoTrack {
    pub codec: String,
    pub width: u32,
    pub height: u32,
    pub colour: TrackColour,
    pub chunks: Vec<Chunk>,
}

/// A track's colour space in WebCodecs' names (VideoColorSpaceInit), where the
/// file names it.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TrackColour {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub primaries: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transfer: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub matrix: Option<&'static str>,
    pub full_range: bool,
}

/// One frame's bytes, its time in microseconds, and whether it starts a run the
/// decoder can begin at.
#[derive(Clone, Debug, PartialEq)]
pub struct Chunk {
    pub timestamp_us: f64,
    pub key: bool,
    pub data: Vec<u8>,
}

impl VideoTrack {
    /// The first video track of a WebM (Matroska) file of VP9, or why not.
    pub fn webm(bytes: &[u8]) -> Result<VideoTrack, String> {
        if bytes.len() > LARGEST_BYTES {
            return Err(format!("it is larger than {} MB", LARGEST_BYTES >> 20));
        }
        let mut file = MatroskaFile::open(Cursor::new(bytes)).map_err(|e| e.to_string())?;
        let scale_ns = file.info().timestamp_scale().get() as f64;
        let track = file
            .tracks()
            .iter()
            .find(|t| t.track_type() == TrackType::Video)
            .ok_or("the file has no video track")?;
        if track.codec_id() != "V_VP9" {
            return Err(format!("its video is {}, not VP9", track.codec_id()));
        }
        let number = track.track_number().get();
        let video = track
            .video()
            .ok_or("its video track has no video settings")?;
        let (width, height) = (video.pixel_width().get(), video.pixel_height().get());
        let colour = video.colour();
        let colour = TrackColour {
            primaries: colour.and_then(|c| c.primaries()).and_then(|p| match p {
                Primaries::Bt709 => Some("bt709"),
                Primaries::Bt2020 => Some("bt2020"),
                _ => None,
            }),
            transfer: colour
                .and_then(|c| c.transfer_characteristics())
                .and_then(|t| match t {
                    TransferCharacteristics::Bt709 => Some("bt709"),
                    TransferCharacteristics::Bt2100 => Some("pq"),
                    TransferCharacteristics::Hlg => Some("hlg"),
                    _ => None,
                }),
            matrix: colour
                .and_then(|c| c.matrix_coefficients())
                .and_then(|m| match m {
                    MatrixCoefficients::Bt709 => Some("bt709"),
                    MatrixCoefficients::Bt2020Ncl => Some("bt2020-ncl"),
                    _ => None,
                }),
            full_range: colour.and_then(|c| c.range()) == Some(Range::Full),
        };
        let mut chunks = Vec::new();
        let mut frame = Frame::default();
        while file.next_frame(&mut frame).map_err(|e| e.to_string())? {
            if frame.track != number {
                continue;
            }
            chunks.push(Chunk {
                timestamp_us: frame.timestamp as f64 * scale_ns / 1000.0,
                key: frame.is_keyframe.unwrap_or(false),
                data: std::mem::take(&mut frame.data),
            });
        }
        let first = chunks.first().ok_or("its video track has no frames")?;
        let (profile, depth) = vp9_profile(&first.data)?;
        Ok(VideoTrack {
            codec: format!("vp09.{profile:02}.10.{depth:02}"),
            width: u32::try_from(width).map_err(|_| "its width is too large")?,
            height: u32::try_from(height).map_err(|_| "its height is too large")?,
            colour,
            chunks,
        })
    }
}

/// A VP9 key frame's profile and bit depth, from its uncompressed header (VP9's
/// bitstream specification, 6.2): the frame marker, the profile's low and high
/// bits (and a reserved bit in profile 3), four flags, the sync code, and from
/// profile 2 on whether the samples are 12 bits rather than 10.
fn vp9_profile(frame: &[u8]) -> Result<(u8, u8), String> {
    let bit = |i: usize| frame.get(i / 8).map(|b| (b >> (7 - i % 8)) & 1);
    let read = |i: usize| bit(i).ok_or("its first frame is cut short");
    let profile = read(2)? | (read(3)? << 1);
    let at = 4 + usize::from(profile == 3);
    // show_existing_frame, frame_type (0: a key frame), show_frame, error_resilient.
    if read(at)? != 0 || read(at + 1)? != 0 {
        return Err("its first frame is not a key frame".into());
    }
    let sync = (0..24).try_fold(0u32, |code, k| {
        Ok::<_, String>(code << 1 | u32::from(read(at + 4 + k)?))
    })?;
    if sync != 0x49_83_42 {
        return Err("its first frame is not VP9".into());
    }
    let depth = match profile {
        0 | 1 => 8,
        _ if read(at + 28)? == 0 => 10,
        _ => 12,
    };
    Ok((profile, depth))
}
