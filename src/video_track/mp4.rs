//! An MP4 (ISO BMFF) file's VP9 or AV1 track: the boxes on the way to it walked
//! here, the ones read decoded by mp4-atom (each by its own decoder: the crate's
//! decoder of any box took 130 KB more of the decoder's wasm, gzipped), its frames found
//! through the sample table (each sample's size in `stsz`, its chunk's place in
//! `stsc` and `stco` or `co64`, its time in `stts`, `ctts` and the edit list, the
//! decoder's starting points in `stss`).

use super::{held, Sample, TrackColour, VideoTrack, LARGEST_BYTES, LARGEST_FRAME, MOST_FRAMES};
use mp4_atom::{
    Atom, Av1c, Co64, Colr, Ctts, Decode, Elst, FourCC, Hdlr, Header, Mdhd, Stco, Stsc, Stss, Stsz,
    StszSamples, Stts, Visual, VpcC,
};

impl VideoTrack {
    /// The first video track of an MP4 file of VP9 or AV1, or why not.
    pub(super) fn mp4(bytes: &[u8]) -> Result<VideoTrack, String> {
        let (mut track, samples) = VideoTrack::mp4_movie(bytes, bytes.len() as u64)?;
        track.chunks = held(bytes, &samples)?;
        Ok(track)
    }

    /// An MP4 file's first video track of VP9 or AV1 without its frames' bytes,
    /// and where each frame lies in the file, from its movie box alone (`moov`:
    /// the box, or the file) and the file's size: a page reads the box, then each
    /// frame as it decodes it, never the whole file, whatever its size.
    pub fn mp4_movie(moov: &[u8], file_size: u64) -> Result<(VideoTrack, Vec<Sample>), String> {
        if moov.len() > LARGEST_BYTES {
            return Err(format!(
                "its movie box is larger than {} MB",
                LARGEST_BYTES >> 20
            ));
        }
        let (track, table) = VideoTrack::mp4_head(moov)?;
        let samples = table.samples(file_size)?;
        if samples.is_empty() {
            return Err("its video track has no frames (a fragmented MP4 is not read)".into());
        }
        Ok((track, samples))
    }

    /// An MP4 file's first video track without its frames, and its sample
    /// table, from the file's movie box (`bytes` the file, or its `moov` alone).
    fn mp4_head(bytes: &[u8]) -> Result<(VideoTrack, Table), String> {
        let moov = child(&boxes(bytes)?, b"moov").ok_or("it has no movie box (moov)")?;
        let trak = boxes(moov.body)?
            .into_iter()
            .filter(|b| b.kind == FourCC::new(b"trak"))
            .find(|trak| {
                let handler = path(trak.body, &[b"mdia", b"hdlr"]);
                handler
                    .and_then(|h| h.decode::<Hdlr>().ok())
                    .map(|h| h.handler)
                    == Some(FourCC::new(b"vide"))
            })
            .ok_or("the file has no video track")?;
        let stbl = path(trak.body, &[b"mdia", b"minf", b"stbl"])
            .ok_or("its video track has no sample table")?;
        let stbl = boxes(stbl.body)?;
        // The first sample entry: after the sample description's version, flags
        // and count.
        let stsd = child(&stbl, b"stsd").ok_or("its video track names no codec")?;
        let entry = stsd
            .body
            .get(8..)
            .and_then(|b| boxes(b).ok()?.into_iter().next())
            .ok_or("its video track names no codec")?;
        // A visual sample entry: its fields (the picture's size), then its boxes.
        let visual = Visual::decode(&mut &entry.body[..]).map_err(damaged)?;
        let inner = boxes(entry.body.get(78..).unwrap_or_default())?;
        let colr = child(&inner, b"colr")
            .and_then(|b| b.decode::<Colr>().ok())
            .as_ref()
            .and_then(nclx);
        let (codec, colour) = match entry.kind.as_ref() {
            b"vp09" => {
                let c: VpcC = child(&inner, b"vpcC")
                    .ok_or("its VP9 track has no configuration")?
                    .decode()?;
                let codec = format!("vp09.{:02}.{:02}.{:02}", c.profile, c.level, c.bit_depth);
                let colour = colr.unwrap_or_else(|| {
                    TrackColour::from_codes(
                        c.color_primaries.into(),
                        c.transfer_characteristics.into(),
                        c.matrix_coefficients.into(),
                        c.video_full_range_flag,
                    )
                });
                (codec, colour)
            }
            b"av01" => {
                // AV1's codec string (AV1 Codec ISO Media File Format Binding, a.5):
                // profile, level and tier, bit depth.
                let c: Av1c = child(&inner, b"av1C")
                    .ok_or("its AV1 track has no configuration")?
                    .decode()?;
                let depth = match (c.high_bitdepth, c.twelve_bit) {
                    (true, true) => 12,
                    (true, false) => 10,
                    _ => 8,
                };
                let tier = if c.seq_tier_0 { 'H' } else { 'M' };
                let codec = format!(
                    "av01.{}.{:02}{tier}.{depth:02}",
                    c.seq_profile, c.seq_level_idx_0
                );
                (codec, colr.unwrap_or_default())
            }
            b"avc1" | b"avc3" => return Err("its video is H.264, not VP9 or AV1".into()),
            b"hev1" | b"hvc1" => return Err("its video is HEVC, not VP9 or AV1".into()),
            _ => return Err("its video is not VP9 or AV1".into()),
        };
        let timescale = path(trak.body, &[b"mdia", b"mdhd"])
            .ok_or("its track has no media header")?
            .decode::<Mdhd>()?
            .timescale;
        let edits = match path(trak.body, &[b"edts", b"elst"]) {
            Some(elst) => elst.decode::<Elst>()?.entries,
            None => Vec::new(),
        };
        let table = Table {
            stsz: child(&stbl, b"stsz")
                .ok_or("its track has no sample sizes")?
                .decode()?,
            stsc: child(&stbl, b"stsc")
                .ok_or("its track has no chunks")?
                .decode()?,
            stts: child(&stbl, b"stts")
                .ok_or("its track has no sample times")?
                .decode()?,
            stco: child(&stbl, b"stco").map(Part::decode).transpose()?,
            co64: child(&stbl, b"co64").map(Part::decode).transpose()?,
            ctts: child(&stbl, b"ctts").map(Part::decode).transpose()?,
            stss: child(&stbl, b"stss").map(Part::decode).transpose()?,
            timescale,
            start: edits.iter().find_map(|e| e.media_time).unwrap_or(0),
        };
        let track = VideoTrack {
            codec,
            width: visual.width.into(),
            height: visual.height.into(),
            colour,
            chunks: Vec::new(),
        };
        Ok((track, table))
    }
}

fn damaged(e: mp4_atom::Error) -> String {
    format!("its boxes are damaged ({e})")
}

/// A box of the file: its kind, the whole of it and its body.
#[derive(Clone, Copy)]
struct Part<'a> {
    kind: FourCC,
    whole: &'a [u8],
    body: &'a [u8],
}

impl Part<'_> {
    /// This box decoded as a `T` by mp4-atom.
    fn decode<T: Atom>(self) -> Result<T, String> {
        T::decode(&mut &self.whole[..]).map_err(damaged)
    }
}

/// The most boxes side by side that are read: real files hold a few dozen, and a
/// file of 8-byte boxes would otherwise list 32 million.
const MOST_BOXES: usize = 4096;

/// The boxes one after another in `bytes`, or why not.
fn boxes(bytes: &[u8]) -> Result<Vec<Part<'_>>, String> {
    let mut parts = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        if parts.len() == MOST_BOXES {
            return Err(format!("it has more than {MOST_BOXES} boxes side by side"));
        }
        let mut rest = &bytes[at..];
        let header = Header::decode(&mut rest).map_err(damaged)?;
        let head = bytes.len() - at - rest.len();
        let size = header.size.unwrap_or(rest.len());
        let whole = bytes
            .get(at..at.saturating_add(head).saturating_add(size))
            .ok_or("a box runs past the file's end")?;
        parts.push(Part {
            kind: header.kind,
            whole,
            body: &whole[head..],
        });
        at += whole.len();
    }
    Ok(parts)
}

/// The first box of `kind` among `parts`.
fn child<'a>(parts: &[Part<'a>], kind: &[u8; 4]) -> Option<Part<'a>> {
    parts.iter().copied().find(|p| p.kind == FourCC::new(kind))
}

/// The box at `kinds` down from the boxes in `bytes`.
fn path<'a>(bytes: &'a [u8], kinds: &[&[u8; 4]]) -> Option<Part<'a>> {
    let (first, rest) = kinds.split_first()?;
    let found = child(&boxes(bytes).ok()?, first)?;
    if rest.is_empty() {
        Some(found)
    } else {
        path(found.body, rest)
    }
}

/// A track's sample table, its timescale and the media time its first edit shows.
pub(super) struct Table {
    stsz: Stsz,
    stsc: Stsc,
    stts: Stts,
    stco: Option<Stco>,
    co64: Option<Co64>,
    ctts: Option<Ctts>,
    stss: Option<Stss>,
    timescale: u32,
    start: u64,
}

/// A `colr` box's colour space where it gives code points.
fn nclx(colr: &Colr) -> Option<TrackColour> {
    match *colr {
        Colr::Nclx {
            colour_primaries,
            transfer_characteristics,
            matrix_coefficients,
            full_range_flag,
        } => Some(TrackColour::from_codes(
            colour_primaries,
            transfer_characteristics,
            matrix_coefficients,
            full_range_flag,
        )),
        Colr::Nclc {
            colour_primaries,
            transfer_characteristics,
            matrix_coefficients,
        } => Some(TrackColour::from_codes(
            colour_primaries,
            transfer_characteristics,
            matrix_coefficients,
            false,
        )),
        _ => None,
    }
}

impl Table {
    /// The track's frames in decoding order, in a file of `file_size` bytes:
    /// where each sample lies, its presentation time and whether it is a sync
    /// sample.
    fn samples(&self, file_size: u64) -> Result<Vec<Sample>, String> {
        let count = match &self.stsz.samples {
            StszSamples::Identical { count, .. } => *count as usize,
            StszSamples::Different { sizes } => sizes.len(),
        };
        if count > MOST_FRAMES {
            return Err(format!("its track has more than {MOST_FRAMES} frames"));
        }
        let sizes = match &self.stsz.samples {
            StszSamples::Identical { size, .. } => vec![*size; count],
            StszSamples::Different { sizes } => sizes.clone(),
        };
        // Frames do not overlap: together they fit in the file, so their copies do.
        if sizes.iter().map(|&s| u64::from(s)).sum::<u64>() > file_size {
            return Err("its frames add up to more bytes than the file has".into());
        }
        if sizes.iter().any(|&s| s > LARGEST_FRAME) {
            return Err(format!(
                "it has a frame larger than {} MB",
                LARGEST_FRAME >> 20
            ));
        }
        let offsets: Vec<u64> = match (&self.stco, &self.co64) {
            (Some(stco), _) => stco.entries.iter().map(|&o| o.into()).collect(),
            (None, Some(co64)) => co64.entries.clone(),
            (None, None) => Vec::new(),
        };
        // Each sample's place: the chunks in order, each holding the samples per
        // chunk of the last `stsc` entry at or before it.
        let mut places = Vec::with_capacity(sizes.len());
        let mut entry = 0;
        for (index, &offset) in offsets.iter().enumerate() {
            let number = index as u64 + 1;
            while self
                .stsc
                .entries
                .get(entry + 1)
                .is_some_and(|e| u64::from(e.first_chunk) <= number)
            {
                entry += 1;
            }
            let per = self
                .stsc
                .entries
                .get(entry)
                .map_or(0, |e| e.samples_per_chunk);
            let mut at = offset;
            for _ in 0..per {
                let Some(&size) = sizes.get(places.len()) else {
                    break;
                };
                places.push((at, size));
                at = at.saturating_add(u64::from(size));
            }
        }
        if places.len() < sizes.len() {
            return Err("its sample table places fewer frames than it sizes".into());
        }
        let timescale = f64::from(self.timescale);
        if timescale == 0.0 {
            return Err("its track has no timescale".into());
        }
        let decode_times =
            self.stts.entries.iter().flat_map(|e| {
                std::iter::repeat_n(u64::from(e.sample_delta), e.sample_count as usize)
            });
        let mut offsets = self.ctts.iter().flat_map(|ctts| {
            ctts.entries
                .iter()
                .flat_map(|e| std::iter::repeat_n(e.sample_offset, e.sample_count as usize))
        });
        let start = self.start as f64;
        let mut decoded = 0u64;
        let mut samples = Vec::with_capacity(places.len());
        for (index, ((offset, size), delta)) in places.into_iter().zip(decode_times).enumerate() {
            let shown = decoded as f64 + offsets.next().unwrap_or(0) as f64;
            decoded += delta;
            if offset.saturating_add(size.into()) > file_size {
                return Err("a frame lies past the file's end".into());
            }
            let number = index as u32 + 1;
            samples.push(Sample {
                timestamp_us: (shown - start) * 1e6 / timescale,
                key: self
                    .stss
                    .as_ref()
                    .is_none_or(|s| s.entries.binary_search(&number).is_ok()),
                offset,
                size,
            });
        }
        if samples.len() < sizes.len() {
            return Err("its sample table times fewer frames than it sizes".into());
        }
        Ok(samples)
    }
}
