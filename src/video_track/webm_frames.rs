//! Where a WebM file's frames lie, found by walking its elements a window at a
//! time: a page reads a file of any size through it, never whole, and the
//! frames' bytes later one at a time, as an MP4 file's (DECISIONS 102).
//!
//! Matroska (RFC 9559) is a tree of EBML elements, each an ID and a size (both
//! variable-length integers) before its data. The walk enters the Segment, its
//! Clusters and their BlockGroups, reads a Cluster's Timestamp and each block's
//! header (its track, its time relative to the cluster's, its flags), and skips
//! everything else by its size: a frame's bytes are only placed.

use super::{Sample, VideoTrack, LARGEST_FRAME, MOST_FRAMES};

const SEGMENT: u32 = 0x1853_8067;
const CLUSTER: u32 = 0x1F43_B675;
const TIMESTAMP: u32 = 0xE7;
const SIMPLE_BLOCK: u32 = 0xA3;
const BLOCK_GROUP: u32 = 0xA0;
const BLOCK: u32 = 0xA1;
const REFERENCE_BLOCK: u32 = 0xFB;
/// The Segment's other children: one of them ends a Cluster of unknown size.
const SEGMENT_CHILDREN: [u32; 7] = [
    0x114D_9B74, // SeekHead
    0x1549_A966, // Info
    0x1654_AE6B, // Tracks
    0x1C53_BB6B, // Cues
    0x1941_A469, // Attachments
    0x1043_A770, // Chapters
    0x1254_C367, // Tags
];

/// An element entered: where it ends (`None`: its size is unknown, as a live
/// recording writes it).
#[derive(Debug)]
enum Level {
    Segment(Option<u64>),
    Cluster {
        end: Option<u64>,
        time: u64,
    },
    /// A BlockGroup: whether a ReferenceBlock said its frame depends on another
    /// (else it is a key frame), and its frame's index once placed.
    Group {
        end: u64,
        referenced: bool,
        placed: Option<usize>,
    },
}

/// The walk over one WebM file's elements, placing its video track's frames.
#[derive(Debug)]
pub struct WebmFrames {
    size: u64,
    /// The next element's offset.
    at: u64,
    levels: Vec<Level>,
    done: bool,
    track: u64,
    /// Nanoseconds a tick of the file's timestamps.
    scale_ns: f64,
    head: VideoTrack,
    /// The first frame's VP9 profile and depth, read from its header.
    vp9: Option<(u8, u8)>,
    samples: Vec<Sample>,
}

/// An element's header: its ID, its data's offset and size (`None`: unknown).
struct Header {
    id: u32,
    data: u64,
    size: Option<u64>,
}

/// A variable-length integer at the start of `bytes` (EBML): its length and its
/// value with the length's marker bit kept (`keep`, as IDs are written) or not.
/// `None` where `bytes` end before it; an error where its first byte is zero.
fn vint(bytes: &[u8], most: usize, keep: bool) -> Result<Option<(usize, u64)>, String> {
    let Some(&first) = bytes.first() else {
        return Ok(None);
    };
    let len = first.leading_zeros() as usize + 1;
    if len > most {
        return Err("an element's header is not EBML".into());
    }
    let Some(all) = bytes.get(..len) else {
        return Ok(None);
    };
    let marker = if keep { 0 } else { 0x80 >> (len - 1) };
    let value = all[1..]
        .iter()
        .fold(u64::from(first & !marker), |v, &b| v << 8 | u64::from(b));
    Ok(Some((len, value)))
}

impl WebmFrames {
    /// A walk from the file's start, for the track `head` describes (its
    /// number, its timestamps' scale): a file of `size` bytes.
    pub(super) fn new(size: u64, head: VideoTrack, track: u64, scale_ns: f64) -> WebmFrames {
        WebmFrames {
            size,
            at: 0,
            levels: Vec::new(),
            done: false,
            track,
            scale_ns,
            head,
            vp9: None,
            samples: Vec::new(),
        }
    }

    /// The track, described; its codec is known once the walk is done.
    pub fn track(&self) -> &VideoTrack {
        &self.head
    }

    /// The offset of the file to read next (the walk goes on from there), or
    /// `None` once every frame is placed.
    pub fn wants(&self) -> Option<u64> {
        (!self.done).then_some(self.at)
    }

    /// Walks on through `bytes`, the file's from offset `at` (which holds
    /// `wants()`), as far as they go; the error says why the file is not read.
    pub fn feed(&mut self, at: u64, bytes: &[u8]) -> Result<(), String> {
        if self.done || !(at..=at.saturating_add(bytes.len() as u64)).contains(&self.at) {
            return Err("bytes given from elsewhere than the walk is".into());
        }
        let from = self.at;
        // Every step moves `self.at` on by an element's header or more, or ends.
        while !self.done && self.step(at, bytes)? {}
        if !self.done && self.at == from {
            return Err("an element's header is longer than the bytes given".into());
        }
        Ok(())
    }

    /// The track and its frames' places, once the walk is done.
    pub fn finish(self) -> Result<(VideoTrack, Vec<Sample>), String> {
        if !self.done {
            return Err("the walk is not done".into());
        }
        let (profile, depth) = self.vp9.ok_or("its video track has no frames")?;
        let mut track = self.head;
        track.codec = format!("vp09.{profile:02}.10.{depth:02}");
        Ok((track, self.samples))
    }

    /// One element at `self.at`: `false` where `bytes` (from `at`) end before
    /// what it needs of it (the next window starts there), or the walk ends.
    fn step(&mut self, at: u64, bytes: &[u8]) -> Result<bool, String> {
        self.close_levels();
        let parent_end = self.parent_end();
        if self.at >= self.size || parent_end.is_some_and(|end| self.at >= end) {
            // The file's (or the Segment's) end: the walk is done.
            self.done = true;
            return Ok(false);
        }
        let Some(here) = bytes.get((self.at - at) as usize..) else {
            return Ok(self.cut(at, bytes));
        };
        let Some(header) = self.header(here)? else {
            return Ok(self.cut(at, bytes));
        };
        let end = header.size.map(|s| header.data.saturating_add(s));
        if let (Some(end), Some(parent)) = (end, parent_end) {
            if end > parent {
                return Err("an element runs past the one that holds it".into());
            }
        }
        let in_cluster = matches!(self.levels.last(), Some(Level::Cluster { .. }));
        let in_group = matches!(self.levels.last(), Some(Level::Group { .. }));
        // A Cluster of unknown size ends where the Segment's next child begins.
        if matches!(self.levels.last(), Some(Level::Cluster { end: None, .. }))
            && (header.id == CLUSTER || SEGMENT_CHILDREN.contains(&header.id))
        {
            self.levels.pop();
            return Ok(true);
        }
        match (header.id, end) {
            (SEGMENT, _) if self.levels.is_empty() => {
                self.levels.push(Level::Segment(end));
                self.at = header.data;
            }
            (CLUSTER, _) if matches!(self.levels.last(), Some(Level::Segment(_))) => {
                self.levels.push(Level::Cluster { end, time: 0 });
                self.at = header.data;
            }
            (BLOCK_GROUP, Some(end)) if in_cluster => {
                self.levels.push(Level::Group {
                    end,
                    referenced: false,
                    placed: None,
                });
                self.at = header.data;
            }
            (_, None) => return Err("an element of unknown size holds no others".into()),
            (TIMESTAMP, Some(end)) if in_cluster => {
                let Some(data) = self.data(at, bytes, header.data, end, 8)? else {
                    return Ok(self.cut(at, bytes));
                };
                let time = data.iter().fold(0u64, |v, &b| v << 8 | u64::from(b));
                if let Some(Level::Cluster { time: t, .. }) = self.levels.last_mut() {
                    *t = time;
                }
                self.at = end;
            }
            (SIMPLE_BLOCK, Some(end)) if in_cluster => {
                match self.block(at, bytes, header.data, end)? {
                    None => return Ok(self.cut(at, bytes)),
                    Some(Some((offset, size, flags, time))) => {
                        self.place(offset, size, time, flags & 0x80 != 0)?;
                    }
                    Some(None) => {}
                }
                self.at = end;
            }
            (BLOCK, Some(end)) if in_group => {
                match self.block(at, bytes, header.data, end)? {
                    None => return Ok(self.cut(at, bytes)),
                    Some(Some((offset, size, _, time))) => {
                        let referenced = matches!(
                            self.levels.last(),
                            Some(Level::Group {
                                referenced: true,
                                ..
                            })
                        );
                        // Not placed where it lies past the file's end (the walk ends).
                        let index = self.place(offset, size, time, !referenced)?;
                        if let Some(Level::Group { placed, .. }) = self.levels.last_mut() {
                            *placed = index;
                        }
                    }
                    Some(None) => {}
                }
                self.at = end;
            }
            // Before its Block or after it: the frame is not a key frame.
            (REFERENCE_BLOCK, Some(end)) if in_group => {
                if let Some(Level::Group {
                    referenced, placed, ..
                }) = self.levels.last_mut()
                {
                    *referenced = true;
                    if let Some(sample) = placed.and_then(|i| self.samples.get_mut(i)) {
                        sample.key = false;
                    }
                }
                self.at = end;
            }
            (_, Some(end)) => self.at = end,
        }
        Ok(true)
    }

    /// Leaves the elements that end at or before `self.at`.
    fn close_levels(&mut self) {
        while self.parent_end().is_some_and(|end| self.at >= end) && self.levels.len() > 1 {
            self.levels.pop();
        }
    }

    /// Where the element that holds `self.at` ends, if known: its own end, or
    /// for one of unknown size the nearest known end of those holding it (a
    /// Cluster of unknown size in a Segment of known size ends with it).
    fn parent_end(&self) -> Option<u64> {
        self.levels.iter().rev().find_map(|level| match level {
            Level::Segment(end) | Level::Cluster { end, .. } => *end,
            Level::Group { end, .. } => Some(*end),
        })
    }

    /// The element header at the start of `here`, or `None` where it is cut.
    fn header(&self, here: &[u8]) -> Result<Option<Header>, String> {
        let Some((id_len, id)) = vint(here, 4, true)? else {
            return Ok(None);
        };
        let Some((size_len, size)) = vint(&here[id_len..], 8, false)? else {
            return Ok(None);
        };
        let unknown = size == (1u64 << (7 * size_len)) - 1;
        Ok(Some(Header {
            id: id as u32,
            data: self.at + (id_len + size_len) as u64,
            size: (!unknown).then_some(size),
        }))
    }

    /// The first `most` bytes of an element's data (from `data` to `end`) where
    /// `bytes` (from `at`) hold them; the error where they are more than `most`.
    fn data<'a>(
        &self,
        at: u64,
        bytes: &'a [u8],
        data: u64,
        end: u64,
        most: u64,
    ) -> Result<Option<&'a [u8]>, String> {
        if end - data > most {
            return Err(format!("an element's value is longer than {most} bytes"));
        }
        let (from, to) = ((data - at) as usize, (end - at) as usize);
        Ok(bytes.get(from..to))
    }

    /// A block's header (RFC 9559, 10.1): `None` where `bytes` end before it;
    /// `Some(None)` for another track's block; else its frame's place and size,
    /// its flags and its time. The first frame's VP9 header is read here.
    #[allow(clippy::type_complexity)]
    fn block(
        &mut self,
        at: u64,
        bytes: &[u8],
        data: u64,
        end: u64,
    ) -> Result<Option<Option<(u64, u32, u8, u64)>>, String> {
        let here = bytes.get((data - at) as usize..).unwrap_or_default();
        let Some((len, track)) = vint(here, 8, false)? else {
            return Ok(None);
        };
        let Some(head) = here.get(len..len + 3) else {
            return Ok(None);
        };
        if track != self.track {
            return Ok(Some(None));
        }
        let flags = head[2];
        if flags & 0x06 != 0 {
            return Err("its video frames are laced".into());
        }
        let offset = data + len as u64 + 3;
        let size = end
            .checked_sub(offset)
            .ok_or("a block is shorter than its header")?;
        if size > u64::from(LARGEST_FRAME) {
            return Err(format!(
                "it has a frame larger than {} MB",
                LARGEST_FRAME >> 20
            ));
        }
        if self.vp9.is_none() {
            // VP9's uncompressed header: its first bytes tell the profile.
            let start = (offset - at) as usize;
            let Some(frame) = bytes.get(start..start + (size as usize).min(8)) else {
                return Ok(None);
            };
            self.vp9 = Some(super::webm::vp9_profile(frame)?);
        }
        let cluster = self
            .levels
            .iter()
            .rev()
            .find_map(|l| match l {
                Level::Cluster { time, .. } => Some(*time),
                _ => None,
            })
            .unwrap_or(0);
        let relative = i16::from_be_bytes([head[0], head[1]]);
        let time = cluster.saturating_add_signed(relative.into());
        Ok(Some(Some((offset, size as u32, flags, time))))
    }

    /// Places a frame, its index; its bytes must lie within the file.
    fn place(
        &mut self,
        offset: u64,
        size: u32,
        time: u64,
        key: bool,
    ) -> Result<Option<usize>, String> {
        if self.samples.len() >= MOST_FRAMES {
            return Err(format!("its track has more than {MOST_FRAMES} frames"));
        }
        if offset + u64::from(size) > self.size {
            // A file cut short in its last frame: the frames before it are read.
            self.done = true;
            return Ok(None);
        }
        self.samples.push(Sample {
            timestamp_us: time as f64 * self.scale_ns / 1000.0,
            key,
            offset,
            size,
        });
        Ok(Some(self.samples.len() - 1))
    }

    /// Where `bytes` end before an element: the walk goes on from it with the
    /// next window, or ends where the file does (a file cut short).
    fn cut(&mut self, at: u64, bytes: &[u8]) -> bool {
        if at + bytes.len() as u64 >= self.size {
            self.done = true;
        }
        false
    }
}
