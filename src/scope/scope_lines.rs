//! The scopes' counts as JSON, as the command line writes them.

use super::*;
use crate::json::Packed;

/// What a scope's JSON line says first: the picture, the scope, what was counted.
#[derive(serde::Serialize)]
struct Header<'a> {
    file: &'a str,
    width: u32,
    height: u32,
    scope: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    size: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    region: Option<[u32; 4]>,
    /// "decoded": the waveform's luminance is Y′ as the video's decoder made it.
    #[serde(skip_serializing_if = "Option::is_none")]
    luma: Option<&'static str>,
    /// "bt2020": the vectorscope's chroma is read by BT.2020's matrix (HDR codes).
    #[serde(skip_serializing_if = "Option::is_none")]
    matrix: Option<&'static str>,
}

/// A header and the counts after it, as one object.
#[derive(serde::Serialize)]
struct Line<'a, T> {
    #[serde(flatten)]
    header: Header<'a>,
    #[serde(flatten)]
    counts: T,
}

/// A channel's columns, each written from its lowest level with a pixel to its
/// highest: `from[x]` is that level, `counts[x]` the counts from it on; the levels
/// outside hold none. Most columns of a photo span half the levels or less, so the
/// zeros outside (a 12-megapixel photo's waveform was 8 MB of them) are left out.
#[derive(serde::Serialize)]
#[serde(bound(serialize = "Rows<F>: serde::Serialize"))]
struct Spans<F> {
    #[serde(serialize_with = "packed")]
    from: Vec<u32>,
    counts: Rows<F>,
}

fn packed<S: serde::Serializer>(counts: &[u32], serializer: S) -> Result<S::Ok, S::Error> {
    serde::Serialize::serialize(&Packed(counts), serializer)
}

/// A column's counts from its first level with a pixel to its last, and that
/// first level (0 and none for a column without one).
fn span(column: &[u32]) -> (u32, &[u32]) {
    let from = column.iter().position(|&n| n != 0).unwrap_or(0);
    let to = column.iter().rposition(|&n| n != 0).map_or(from, |t| t + 1);
    (from as u32, &column[from..to])
}

/// The waveform (the parade's counts too) of an image of `width` x `height` as one JSON
/// object: `{"file", "width", "height", "scope", "r": {"from": [...], "counts":
/// [...]}, "g", "b", "luminance"}`, each channel its columns as `Spans` (`width` of
/// them, or the region's width and a `"region": [x, y, w, h]` when only a rectangle
/// was counted).
pub fn waveform_json(
    file: &str,
    waveform: &Waveform,
    (width, height): (u32, u32),
    region: Option<Region>,
) -> String {
    // Each column's span found once, for its first level and its counts.
    let spans: Vec<Vec<(u32, &[u32])>> = (0..4)
        .map(|c| {
            (0..waveform.width)
                .map(|x| span(waveform.column(x, c)))
                .collect()
        })
        .collect();
    let columns = |c: usize| {
        let spans: &[(u32, &[u32])] = &spans[c];
        Spans {
            from: spans.iter().map(|s| s.0).collect(),
            counts: Rows(spans.len(), move |x: usize| spans[x].1),
        }
    };
    crate::json::line(&Line {
        header: Header {
            file,
            width,
            height,
            scope: "waveform",
            size: None,
            region: region.map(Region::xywh),
            luma: waveform.decoded_luma.then_some("decoded"),
            matrix: None,
        },
        counts: Entries(
            Channels::Rgbl
                .names()
                .iter()
                .enumerate()
                .map(|(c, &name)| (name, columns(c)))
                .collect(),
        ),
    })
}

/// The vectorscope as one JSON object: `{"file", "width", "height", "scope":
/// "vectorscope", "size", "counts"}`, `size` rows (row 0 at the top) of `size`
/// counts; `"matrix": "bt2020"` where it read HDR codes.
pub fn vectorscope_json(
    file: &str,
    scope: &Vectorscope,
    (width, height): (u32, u32),
    region: Option<Region>,
) -> String {
    let n = scope.size as usize;
    let rows: Vec<Packed> = scope.counts.chunks(n).map(Packed).collect();
    crate::json::line(&Line {
        header: Header {
            file,
            width,
            height,
            scope: "vectorscope",
            size: Some(scope.size),
            region: region.map(Region::xywh),
            luma: None,
            matrix: (scope.matrix != Matrix::Bt709).then_some(scope.matrix.name()),
        },
        counts: Entries(vec![("counts", rows)]),
    })
}
