//! A WebM (Matroska) file's VP9 track, described by matroska-demuxer; its
//! frames placed by the walk of webm_frames.rs.

use super::{held, TrackColour, VideoTrack, WebmFrames};
use matroska_demuxer::{
    MatrixCoefficients, MatroskaFile, Primaries, Range, TrackType, TransferCharacteristics,
};
use std::io::{Cursor, Read, Seek};

impl VideoTrack {
    /// The first video track of a WebM (Matroska) file of VP9, or why not: its
    /// frames placed by the walk a page makes a window at a time, here over the
    /// whole file at once.
    pub(super) fn webm(bytes: &[u8]) -> Result<VideoTrack, String> {
        let mut walk = webm_walk(Cursor::new(bytes), bytes.len() as u64)?;
        walk.feed(0, bytes)?;
        let (mut track, samples) = walk.finish()?;
        track.chunks = held(bytes, &samples)?;
        Ok(track)
    }
}

/// A walk placing the frames of the WebM file read by `file` (its head and
/// cues: as much as the demuxer reads of it to describe its tracks), `size`
/// bytes long: its track described, the frames not yet placed.
pub(super) fn webm_walk<R: Read + Seek>(file: R, size: u64) -> Result<WebmFrames, String> {
    let file = MatroskaFile::open(file).map_err(|e| e.to_string())?;
    let scale_ns = file.info().timestamp_scale().get() as f64;
    let (number, (width, height), colour) = video_track(&file)?;
    let track = VideoTrack {
        codec: String::new(),
        width: u32::try_from(width).map_err(|_| "its width is too large")?,
        height: u32::try_from(height).map_err(|_| "its height is too large")?,
        colour,
        chunks: Vec::new(),
    };
    Ok(WebmFrames::new(size, track, number, scale_ns))
}

/// The first video track's number, size and colour, where it is VP9.
fn video_track<R: Read + Seek>(
    file: &MatroskaFile<R>,
) -> Result<(u64, (u64, u64), TrackColour), String> {
    let track = file
        .tracks()
        .iter()
        .find(|t| t.track_type() == TrackType::Video)
        .ok_or("the file has no video track")?;
    if track.codec_id() != "V_VP9" {
        return Err(format!("its video is {}, not VP9", track.codec_id()));
    }
    let video = track
        .video()
        .ok_or("its video track has no video settings")?;
    let size = (video.pixel_width().get(), video.pixel_height().get());
    // Matroska's Colour element holds ISO/IEC 23091-2's code points, as MP4's
    // boxes do: named by `TrackColour::from_codes`, those the scopes read.
    let colour = video.colour();
    let primaries = match colour.and_then(|c| c.primaries()) {
        Some(Primaries::Bt709) => 1,
        Some(Primaries::Bt2020) => 9,
        _ => 2,
    };
    let transfer = match colour.and_then(|c| c.transfer_characteristics()) {
        Some(TransferCharacteristics::Bt709) => 1,
        Some(TransferCharacteristics::Bt2100) => 16,
        Some(TransferCharacteristics::Hlg) => 18,
        _ => 2,
    };
    let matrix = match colour.and_then(|c| c.matrix_coefficients()) {
        Some(MatrixCoefficients::Bt709) => 1,
        Some(MatrixCoefficients::Bt2020Ncl) => 9,
        _ => 2,
    };
    let full_range = colour.and_then(|c| c.range()) == Some(Range::Full);
    let colour = TrackColour::from_codes(primaries, transfer, matrix, full_range);
    Ok((track.track_number().get(), size, colour))
}

/// A VP9 key frame's profile and bit depth, from its uncompressed header (VP9's
/// bitstream specification, 6.2): the frame marker, the profile's low and high
/// bits (and a reserved bit in profile 3), four flags, the sync code, and from
/// profile 2 on whether the samples are 12 bits rather than 10.
pub(super) fn vp9_profile(frame: &[u8]) -> Result<(u8, u8), String> {
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
