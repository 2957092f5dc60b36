//! An HDR video's frames as its file holds them (issue #77): a WebM file's VP9
//! track (webm.rs) or an MP4 file's VP9 or AV1 track (mp4.rs) demuxed for
//! WebCodecs' VideoDecoder, which gives the page 10-bit planes where the <video>
//! element gives 8-bit pictures (docs/DECISIONS.md, 94, 97).

mod mp4;
mod webm;
mod webm_frames;

pub use webm_frames::WebmFrames;

/// The largest file demuxed whole (bytes), and the largest MP4 movie box. A
/// page reads neither container whole: an MP4 file's frames are placed by its
/// movie box (`VideoTrack::mp4_movie`), a WebM file's by a walk over its elements
/// (`webm_walk`), and each frame read as it is decoded, so a file may be any size.
pub const LARGEST_BYTES: usize = 256 << 20;

/// The most frames a track is read with: 4.8 hours at 60 a second, so that a
/// file's counts cannot make the page hold more than a file's frames.
const MOST_FRAMES: usize = 1 << 20;

/// The largest frame read (bytes): a page reads a frame of a file of any size
/// whole, so its claimed size is bounded before that; a VP9 or AV1 frame of 8K
/// is a few MB.
const LARGEST_FRAME: u32 = 64 << 20;

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

/// Where one frame's bytes lie in its file, its time in microseconds, and
/// whether it starts a run the decoder can begin at.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub timestamp_us: f64,
    pub key: bool,
    pub offset: u64,
    pub size: u32,
}

/// The containers read, by how their files begin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Container {
    /// Matroska's EBML header.
    WebM,
    /// ISO BMFF's first box, `ftyp`.
    Mp4,
}

impl Container {
    /// The container a file beginning with `start` (its first 8 bytes or more) is
    /// read as, if any.
    pub fn of(start: &[u8]) -> Option<Container> {
        if start.starts_with(&[0x1a, 0x45, 0xdf, 0xa3]) {
            Some(Container::WebM)
        } else if start.get(4..8) == Some(b"ftyp") {
            Some(Container::Mp4)
        } else {
            None
        }
    }
}

impl VideoTrack {
    /// The first video track of a WebM file of VP9 or an MP4 file of VP9 or AV1,
    /// or why not.
    pub fn read(bytes: &[u8]) -> Result<VideoTrack, String> {
        if bytes.len() > LARGEST_BYTES {
            return Err(format!("it is larger than {} MB", LARGEST_BYTES >> 20));
        }
        match Container::of(bytes) {
            Some(Container::WebM) => VideoTrack::webm(bytes),
            Some(Container::Mp4) => VideoTrack::mp4(bytes),
            None => Err("it is neither a WebM nor an MP4 file".into()),
        }
    }
}

/// A walk placing a WebM file's frames (`WebmFrames`), its track described from
/// parts of the file: `parts` its `(offset, bytes)` pieces (a page reads the
/// first and last MiB, where muxers put the track's description and the cues),
/// `size` its length. `None` where the demuxer needed a byte not among them (the
/// caller reads the whole file, within `LARGEST_BYTES`); an error says why the
/// file is not read.
pub fn webm_walk(size: u64, parts: &[(u64, &[u8])]) -> Result<Option<WebmFrames>, String> {
    let mut file = Parts {
        size,
        parts,
        at: 0,
        missed: false,
    };
    match webm::webm_walk(&mut file, size) {
        Ok(walk) => Ok(Some(walk)),
        Err(_) if file.missed => Ok(None),
        Err(why) => Err(why),
    }
}

/// The frames `samples` places, copied from their file, `bytes`.
fn held(bytes: &[u8], samples: &[Sample]) -> Result<Vec<Chunk>, String> {
    samples
        .iter()
        .map(|s| {
            let data = usize::try_from(s.offset)
                .ok()
                .and_then(|at| bytes.get(at..at.checked_add(s.size as usize)?))
                .ok_or("a frame lies past the file's end")?;
            Ok(Chunk {
                timestamp_us: s.timestamp_us,
                key: s.key,
                data: data.to_vec(),
            })
        })
        .collect()
}

/// A file known in parts: a read of a byte outside them fails, and says so.
struct Parts<'a> {
    size: u64,
    parts: &'a [(u64, &'a [u8])],
    at: u64,
    missed: bool,
}

impl std::io::Read for Parts<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at >= self.size || buf.is_empty() {
            return Ok(0);
        }
        let at = self.at;
        let part = self
            .parts
            .iter()
            .find(|(start, bytes)| (*start..*start + bytes.len() as u64).contains(&at));
        let Some((start, bytes)) = part else {
            self.missed = true;
            return Err(std::io::Error::other("a part of the file not read"));
        };
        let from = &bytes[(at - start) as usize..];
        let n = from.len().min(buf.len());
        buf[..n].copy_from_slice(&from[..n]);
        self.at += n as u64;
        Ok(n)
    }
}

impl std::io::Seek for Parts<'_> {
    fn seek(&mut self, to: std::io::SeekFrom) -> std::io::Result<u64> {
        let at = match to {
            std::io::SeekFrom::Start(at) => Some(at),
            std::io::SeekFrom::End(by) => self.size.checked_add_signed(by),
            std::io::SeekFrom::Current(by) => self.at.checked_add_signed(by),
        };
        self.at = at.ok_or_else(|| std::io::Error::other("a seek before the file's start"))?;
        Ok(self.at)
    }
}

impl TrackColour {
    /// A colour space from its code points (ISO/IEC 23091-2, H.273), as MP4's
    /// `colr` and `vpcC` boxes give them: those the scopes read by name.
    fn from_codes(primaries: u16, transfer: u16, matrix: u16, full_range: bool) -> TrackColour {
        TrackColour {
            primaries: match primaries {
                1 => Some("bt709"),
                9 => Some("bt2020"),
                _ => None,
            },
            transfer: match transfer {
                1 => Some("bt709"),
                16 => Some("pq"),
                18 => Some("hlg"),
                _ => None,
            },
            matrix: match matrix {
                1 => Some("bt709"),
                9 => Some("bt2020-ncl"),
                _ => None,
            },
            full_range,
        }
    }
}
