//! Video files demuxed for WebCodecs' VideoDecoder (src/video_track): an HDR
//! video's track and its frames, a WebM file's track from its two ends and its
//! frames placed by a walk a window at a time.

use crate::common::{media, repo};
use histogram::video_track::{webm_walk, Chunk, Sample, TrackColour, VideoTrack, WebmFrames};
use std::path::PathBuf;

/// The colour a WebM file's track names, from parts of the file (`None` where
/// they do not describe it).
fn webm_colour(size: u64, parts: &[(u64, &[u8])]) -> Result<Option<TrackColour>, String> {
    webm_walk(size, parts).map(|walk| walk.map(|w| w.track().colour.clone()))
}

/// The walk fed `bytes` (the file, or its start: a file cut short) from where it
/// wants them, `window` bytes at a time, as a page feeds it: its track and
/// frames, or why not. Every feed moves it on, so it ends.
fn walked(
    mut walk: WebmFrames,
    bytes: &[u8],
    window: usize,
) -> Result<(VideoTrack, Vec<Chunk>), String> {
    let mut feeds = 0;
    while let Some(at) = walk.wants() {
        let at = at as usize;
        let part = bytes
            .get(at..(at + window).min(bytes.len()))
            .unwrap_or_default();
        walk.feed(at as u64, part)?;
        feeds += 1;
        assert!(feeds <= bytes.len() + 1, "the walk goes on past the file");
    }
    let (track, samples) = walk.finish()?;
    let frames = samples
        .iter()
        .map(|s: &Sample| Chunk {
            timestamp_us: s.timestamp_us,
            key: s.key,
            data: bytes[s.offset as usize..][..s.size as usize].to_vec(),
        })
        .collect();
    Ok((track, frames))
}

/// A WebM file's video frames as matroska-demuxer gives them: their bytes, times
/// (in microseconds) and key flags.
fn demuxed(bytes: &[u8]) -> Vec<Chunk> {
    use matroska_demuxer::{Frame, MatroskaFile, TrackType};
    let mut file = MatroskaFile::open(std::io::Cursor::new(bytes)).unwrap();
    let scale = file.info().timestamp_scale().get() as f64;
    let video = file
        .tracks()
        .iter()
        .find(|t| t.track_type() == TrackType::Video)
        .unwrap()
        .track_number()
        .get();
    let mut frames = Vec::new();
    let mut frame = Frame::default();
    while file.next_frame(&mut frame).unwrap() {
        if frame.track == video {
            frames.push(Chunk {
                timestamp_us: frame.timestamp as f64 * scale / 1000.0,
                key: frame.is_keyframe.unwrap(),
                data: std::mem::take(&mut frame.data),
            });
        }
    }
    frames
}

/// The project's PQ video (`pq`) with its track's description past its first
/// MiB, as tests/browser/scopes.test.mjs makes it too: its seek head (63 bytes
/// at 48) made a Void, and a Void of 2 MiB inserted before its Tracks (at 264),
/// the Segment's size (8 bytes at 40) grown by it.
fn far_described(pq: &[u8]) -> Vec<u8> {
    let void = 2 << 20;
    let mut far = pq[..48].to_vec();
    far.extend_from_slice(&[0xec, 0x01, 0, 0, 0, 0, 0, 0, 54]);
    far.resize(far.len() + 54, 0);
    far.extend_from_slice(&pq[111..264]);
    far.extend_from_slice(&[0xec, 0x01]);
    far.extend_from_slice(&(void as u64 - 9).to_be_bytes()[1..]);
    far.resize(far.len() + void - 9, 0);
    far.extend_from_slice(&pq[264..]);
    let size = u64::from_be_bytes([0, pq[41], pq[42], pq[43], pq[44], pq[45], pq[46], pq[47]]);
    far[41..48].copy_from_slice(&(size + void as u64).to_be_bytes()[1..]);
    far
}

fn webm_files() -> Vec<PathBuf> {
    let fixtures = fixtures();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&fixtures)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "webm"))
        .collect();
    files.sort();
    files.push(repo().join("www/media/sunset.webm"));
    files.push(media("pexels-kosmo-politeska-5750980-540p.webm"));
    files.push(media(
        "Golden_retriever_swimming_the_doggy_paddle-360-no-audio.webm",
    ));
    files
}

/// A WebM file's frames, placed by the core's walk over its elements a window at
/// a time (as a page reads a file of any size), are matroska-demuxer's frame for
/// frame: their bytes, times and key flags, in windows of 64 bytes, 4 KiB, 4 MiB.
/// The same in a live recording's layout (the Segment and Clusters of unknown
/// size), and in a file past the largest read whole (a Void element after its
/// Segment, never read). A file cut short gives the frames before the cut;
/// damage gives an error or fewer frames, never a panic or a walk without end.
#[test]
fn a_webm_files_frames_are_placed_by_a_walk_a_window_at_a_time() {
    for path in webm_files() {
        let bytes = std::fs::read(&path).unwrap();
        let name = path.display();
        let reference = demuxed(&bytes);
        let size = bytes.len() as u64;
        for window in [64, 4 << 10, 4 << 20] {
            let walk = webm_walk(size, &[(0, &bytes)]).unwrap().unwrap();
            let (track, frames) = walked(walk, &bytes, window).unwrap();
            assert_eq!(frames, reference, "{name} in windows of {window}");
            assert_eq!(
                track,
                VideoTrack {
                    chunks: Vec::new(),
                    ..VideoTrack::read(&bytes).unwrap()
                }
            );
        }
    }
    let pq = std::fs::read(fixtures().join("hdr-pq.webm")).unwrap();
    let reference = demuxed(&pq);
    // A live recording's layout: each size of the Segment and the Cluster all ones.
    let mut live = pq.clone();
    for id in [[0x18, 0x53, 0x80, 0x67], [0x1f, 0x43, 0xb6, 0x75]] {
        let at = live.windows(4).position(|w| *w == id).unwrap() + 4;
        let len = live[at].leading_zeros() as usize + 1;
        live[at] = 0xff >> (len - 1);
        live[at + 1..at + len].fill(0xff);
    }
    let walk = webm_walk(pq.len() as u64, &[(0, &pq)]).unwrap().unwrap();
    assert_eq!(
        walked(walk, &live, 64).unwrap().1,
        reference,
        "a live recording"
    );
    // A Cluster of unknown size last in a Segment of known size ends with the
    // Segment: a block after the Segment (its last one copied there, then an
    // empty Void, the file as long as before) is not placed.
    let mut stray = pq[..631].to_vec();
    stray[40..48].copy_from_slice(&(0x0100_0000_0000_0000u64 | (631 - 48)).to_be_bytes());
    stray[492..494].copy_from_slice(&[0x7f, 0xff]);
    stray.extend_from_slice(&pq[611..631]);
    stray.extend_from_slice(&[0xec, 0x80]);
    let walk = webm_walk(pq.len() as u64, &[(0, &pq)]).unwrap().unwrap();
    assert_eq!(
        walked(walk, &stray, 64).unwrap().1,
        reference,
        "a block after the Segment"
    );
    // 300 MiB of a Void element after the Segment: the file's ends describe it
    // (its first MiB holds the whole Segment), the walk never reads the Void.
    let size = pq.len() as u64 + (300 << 20);
    let tail = vec![0; 1 << 20];
    let walk = webm_walk(size, &[(0, &pq), (size - (1 << 20), &tail)])
        .unwrap()
        .unwrap();
    let mut padded = pq.clone();
    padded.extend_from_slice(&[0xec, 0x01, 0, 0, 0, 0x12, 0xbf, 0xff, 0xf7]);
    let (track, frames) = walked(walk, &padded, 4 << 20).unwrap();
    assert_eq!(
        (track.codec.as_str(), frames),
        ("vp09.02.10.10", reference.clone())
    );
    // The track's description past the first MiB (the seek head made a Void, 2
    // MiB of Void before the Tracks) and before the last (2 MiB of Void after the
    // Segment): not described by the file's ends, which a page then reads whole
    // within the largest; described by the whole file.
    let mut far = far_described(&pq);
    far.extend_from_slice(&[0xec, 0x01, 0, 0, 0, 0, 0x1f, 0xff, 0xf7]);
    far.resize(far.len() + (2 << 20) - 9, 0);
    let (len, cut) = (far.len() as u64, far.len() - (1 << 20));
    let ends = [(0, &far[..1 << 20]), (cut as u64, &far[cut..])];
    assert!(webm_walk(len, &ends).unwrap().is_none());
    let walk = webm_walk(len, &[(0, &far)]).unwrap().unwrap();
    assert_eq!(
        walked(walk, &far, 4 << 20).unwrap().1,
        reference,
        "described far"
    );
    // Cut short anywhere: the frames wholly before the cut, or an error.
    for len in 0..pq.len() {
        let walk = webm_walk(len as u64, &[(0, &pq[..len])]);
        if let Ok(Some(walk)) = walk {
            if let Ok((_, frames)) = walked(walk, &pq[..len], 64) {
                assert!(reference.starts_with(&frames), "cut at {len}");
            }
        }
    }
    // The first frame in a BlockGroup (no ReferenceBlock: a key frame), the
    // sizes grown by its 2 bytes and the seek head made a Void (so that a file
    // cut short is still described): the same frames; cut anywhere, the frames
    // before the cut or an error, never a panic.
    let mut group = pq[..497].to_vec();
    group.extend_from_slice(&[0xa0, 0x80 | 74, 0xa1]);
    group.extend_from_slice(&pq[498..]);
    group[47] += 2; // the Segment's size
    group[493] += 2; // the Cluster's
    group[48..57].copy_from_slice(&[0xec, 0x01, 0, 0, 0, 0, 0, 0, 54]);
    group[57..111].fill(0);
    let mut described = 0;
    let whole = webm_walk(group.len() as u64, &[(0, &group)])
        .unwrap()
        .unwrap();
    assert_eq!(
        walked(whole, &group, 64).unwrap().1,
        reference,
        "a BlockGroup"
    );
    for len in 0..group.len() {
        if let Ok(Some(walk)) = webm_walk(len as u64, &[(0, &group[..len])]) {
            described += usize::from(len > 497);
            if let Ok((_, frames)) = walked(walk, &group[..len], 64) {
                assert!(reference.starts_with(&frames), "a BlockGroup cut at {len}");
            }
        }
    }
    assert!(described > 100, "cut files walked: {described}");
    // Each byte of the Segment after the track's description flipped in turn:
    // the walk ends, with an error or frames inside the file.
    for at in 353..pq.len() {
        let mut damaged = pq.clone();
        damaged[at] ^= 0xff;
        let walk = webm_walk(pq.len() as u64, &[(0, &pq)]).unwrap().unwrap();
        let _ = walked(walk, &damaged, 64);
    }
    // Laced frames are refused: the first block's lacing bits set.
    let mut laced = pq.clone();
    laced[497 + 2 + 3] |= 0x02;
    let walk = webm_walk(pq.len() as u64, &[(0, &pq)]).unwrap().unwrap();
    assert_eq!(
        walked(walk, &laced, 64).unwrap_err(),
        "its video frames are laced"
    );
    // A Cluster claiming to run past its Segment is refused.
    let mut long = pq.clone();
    long[492..494].copy_from_slice(&[0x7f, 0xf0]);
    let walk = webm_walk(pq.len() as u64, &[(0, &pq)]).unwrap().unwrap();
    assert_eq!(
        walked(walk, &long, 4 << 10).unwrap_err(),
        "an element runs past the one that holds it"
    );
}

fn fixtures() -> PathBuf {
    repo().join("tests/fixtures")
}

/// An HDR video's track demuxed for WebCodecs (src/video_track): the project's
/// PQ and HLG videos (scripts/make-hdr-videos.sh) are 10-bit, 64x32, BT.2020 and
/// limited range, four frames a tenth of a second apart, the first a key frame:
/// VP9 profile 2 in WebM (and PQ's at 4:4:4, profile 3); in MP4, AV1 (PQ, its
/// colour in `colr`) and VP9 (HLG, in `vpcC`). A file that is neither is refused, and so is every file cut short
/// (without a panic) but where only its last frame's end is cut.
#[test]
fn an_hdr_videos_track_is_demuxed_for_the_decoder() {
    let fixtures = fixtures();
    for (name, transfer, codec) in [
        ("hdr-pq.webm", "pq", "vp09.02.10.10"),
        ("hdr-hlg.webm", "hlg", "vp09.02.10.10"),
        ("hdr-pq-444.webm", "pq", "vp09.03.10.10"),
        ("hdr-pq.mp4", "pq", "av01.0.00M.10"),
        ("hdr-hlg.mp4", "hlg", "vp09.02.10.10"),
    ] {
        let bytes = std::fs::read(fixtures.join(name)).unwrap();
        let track = VideoTrack::read(&bytes).unwrap();
        assert_eq!(track.codec, codec, "{name}");
        assert_eq!((track.width, track.height), (64, 32));
        let colour = &track.colour;
        assert_eq!(
            (
                colour.primaries,
                colour.transfer,
                colour.matrix,
                colour.full_range
            ),
            (Some("bt2020"), Some(transfer), Some("bt2020-ncl"), false),
            "{name}"
        );
        let times: Vec<f64> = track.chunks.iter().map(|c| c.timestamp_us).collect();
        assert_eq!(times, [0.0, 100_000.0, 200_000.0, 300_000.0], "{name}");
        assert!(track.chunks[0].key && track.chunks.iter().all(|c| !c.data.is_empty()));
        // Cut short anywhere: refused, or read without the frames' bytes it lacks.
        for len in 0..bytes.len() {
            if let Ok(cut) = VideoTrack::read(&bytes[..len]) {
                assert!(cut.chunks.len() <= 4, "{name} cut at {len}");
            }
        }
    }
    // An MP4 file's track from its movie box alone, its frames placed in the
    // file, as a page reads it: the track read whole, each frame's bytes where
    // the box places them; the same in a file of any size (zeros after it, past
    // the largest read whole); a frame past a file's end refused.
    for name in ["hdr-hlg.mp4", "hdr-pq.mp4"] {
        let mp4 = std::fs::read(fixtures.join(name)).unwrap();
        let whole = VideoTrack::read(&mp4).unwrap();
        let moov = mp4.windows(4).position(|w| w == b"moov").unwrap() - 4;
        let size = u32::from_be_bytes(mp4[moov..moov + 4].try_into().unwrap()) as usize;
        let moov = &mp4[moov..moov + size];
        for file_size in [mp4.len() as u64, 5 << 30] {
            let (track, placed) = VideoTrack::mp4_movie(moov, file_size).unwrap();
            assert_eq!(track.chunks.len(), 0);
            assert_eq!(
                VideoTrack {
                    chunks: whole.chunks.clone(),
                    ..track
                },
                whole,
                "{name}"
            );
            let frames: Vec<Chunk> = placed
                .iter()
                .map(|s| Chunk {
                    timestamp_us: s.timestamp_us,
                    key: s.key,
                    data: mp4[s.offset as usize..][..s.size as usize].to_vec(),
                })
                .collect();
            assert_eq!(frames, whole.chunks, "{name}");
        }
        let (_, placed) = VideoTrack::mp4_movie(moov, mp4.len() as u64).unwrap();
        let end = placed
            .iter()
            .map(|s| s.offset + u64::from(s.size))
            .max()
            .unwrap();
        assert_eq!(
            VideoTrack::mp4_movie(moov, end - 1).unwrap_err(),
            "a frame lies past the file's end",
            "{name}"
        );
    }
    // An MP4 file's sample table lying: a count of identical frames past the
    // most read, and a frame larger than the file.
    let mp4 = std::fs::read(fixtures.join("hdr-pq.mp4")).unwrap();
    let stsz = mp4.windows(4).position(|w| w == b"stsz").unwrap() + 4;
    // Its table of four sizes (36 bytes) made one size for 2^21 frames (20 bytes)
    // and a free box of 16.
    let mut many = mp4.clone();
    many[stsz - 8..stsz - 4].copy_from_slice(&20u32.to_be_bytes());
    many[stsz + 4..stsz + 12].copy_from_slice(&[0, 0, 0, 9, 0, 0x20, 0, 0]);
    many[stsz + 12..stsz + 20].copy_from_slice(&[0, 0, 0, 16, b'f', b'r', b'e', b'e']);
    assert_eq!(
        VideoTrack::read(&many).unwrap_err(),
        "its track has more than 1048576 frames"
    );
    let mut large = mp4.clone();
    large[stsz + 12..stsz + 16].copy_from_slice(&[0x7f, 0xff, 0xff, 0xff]);
    assert_eq!(
        VideoTrack::read(&large).unwrap_err(),
        "its frames add up to more bytes than the file has"
    );
    // The same frame in a file large enough to hold it, read from the movie box
    // alone: refused before a page reads it.
    let moov = large.windows(4).position(|w| w == b"moov").unwrap() - 4;
    let size = u32::from_be_bytes(large[moov..moov + 4].try_into().unwrap()) as usize;
    assert_eq!(
        VideoTrack::mp4_movie(&large[moov..moov + size], 5 << 30).unwrap_err(),
        "it has a frame larger than 64 MB"
    );
    // A file of empty boxes side by side is refused before they are all listed.
    let mut boxes = mp4[..32].to_vec();
    for _ in 0..5000 {
        boxes.extend_from_slice(&[0, 0, 0, 8, b'f', b'r', b'e', b'e']);
    }
    assert_eq!(
        VideoTrack::read(&boxes).unwrap_err(),
        "it has more than 4096 boxes side by side"
    );
    let levels = std::fs::read(fixtures.join("levels.webm")).unwrap();
    assert_eq!(VideoTrack::read(&levels).unwrap().codec, "vp09.00.10.08");
    assert_eq!(
        VideoTrack::read(b"not a video").unwrap_err(),
        "it is neither a WebM nor an MP4 file"
    );
    // A file past the largest is refused before it is parsed.
    let large = vec![0u8; histogram::video_track::LARGEST_BYTES + 1];
    assert_eq!(
        VideoTrack::read(&large).unwrap_err(),
        "it is larger than 256 MB"
    );
    assert_eq!(
        VideoTrack::mp4_movie(&large, 1 << 40).unwrap_err(),
        "its movie box is larger than 256 MB"
    );
}

/// A WebM file's colour read from its first and last bytes, as a page reads it
/// before the whole file: the same as the whole file's where the parts hold the
/// track's description and the cues; unknown (`None`) where the demuxer needed a
/// byte between them; refused where the track is not VP9.
#[test]
fn a_webm_files_colour_is_read_from_its_two_ends() {
    let photo = media("pexels-kosmo-politeska-5750980-540p.webm");
    let files = [
        "hdr-pq.webm",
        "hdr-hlg.webm",
        "levels.webm",
        "chroma-444.webm",
    ]
    .map(|name| fixtures().join(name))
    .into_iter()
    .chain([photo]);
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        let whole = VideoTrack::read(&bytes).unwrap().colour;
        let size = bytes.len() as u64;
        // The head up to the first cluster's header, and the tail from the cues on
        // (by Matroska's IDs of a Cluster, and of Cues, which the seek head names
        // first).
        let ids = |id: [u8; 4]| bytes.windows(4).enumerate().filter(move |(_, w)| *w == id);
        let head = ids([0x1f, 0x43, 0xb6, 0x75]).next().unwrap().0 + 16;
        let cues = ids([0x1c, 0x53, 0xbb, 0x6b]).next_back().unwrap().0;
        let ends = |head: usize, from: usize| {
            webm_colour(size, &[(0, &bytes[..head]), (from as u64, &bytes[from..])])
        };
        let name = path.display();
        assert_eq!(ends(head, cues).unwrap(), Some(whole), "{name}");
        assert_eq!(ends(200, cues).unwrap(), None, "{name}: its head cut");
        assert_eq!(ends(head, cues + 8).unwrap(), None, "{name}: its cues cut");
    }
    // The PQ video with 3 MiB after its segment (a Void element), as the browser
    // test has it: named PQ from its ends, then read whole, its frames all there.
    let mut padded = std::fs::read(fixtures().join("hdr-pq.webm")).unwrap();
    padded.extend_from_slice(&[0xec, 0x01, 0, 0, 0, 0, 0x30, 0, 0]);
    padded.resize(padded.len() + (3 << 20), 0);
    let size = padded.len() as u64;
    let cut = padded.len() - (1 << 20);
    let ends = [(0, &padded[..1 << 20]), (cut as u64, &padded[cut..])];
    let named = webm_colour(size, &ends).unwrap().unwrap();
    assert_eq!(named.transfer, Some("pq"));
    let track = VideoTrack::read(&padded).unwrap();
    assert_eq!((track.colour.transfer, track.chunks.len()), (Some("pq"), 4));
    // An AV1 WebM file: refused from its head, not read whole to learn it.
    let mut av1 = std::fs::read(fixtures().join("hdr-pq.webm")).unwrap();
    let id = av1.windows(5).position(|w| w == b"V_VP9").unwrap();
    av1[id..id + 5].copy_from_slice(b"V_AV1");
    let size = av1.len() as u64;
    let cut = av1.len() - 100;
    assert_eq!(
        webm_colour(size, &[(0, &av1[..550]), (cut as u64, &av1[cut..])]).unwrap_err(),
        "its video is V_AV1, not VP9"
    );
}
