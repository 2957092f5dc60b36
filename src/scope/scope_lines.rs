//! The scopes' counts as JSON, as the command line writes them.

use super::*;

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
}

/// A header and the counts after it, as one object.
#[derive(serde::Serialize)]
struct Line<'a, T> {
    #[serde(flatten)]
    header: Header<'a>,
    #[serde(flatten)]
    counts: T,
}

/// The waveform (the parade's counts too) of an image of `width` x `height` as one JSON
/// object: `{"file", "width", "height", "scope", "r": [...], "g", "b",
/// "luminance"}`, each channel a list of columns of 256 counts (`width` of them,
/// or the region's width and a `"region": [x, y, w, h]` when only a rectangle was
/// counted).
pub fn waveform_json(
    file: &str,
    waveform: &Waveform,
    (width, height): (u32, u32),
    region: Option<Region>,
) -> String {
    let columns = |c: usize| {
        Rows(waveform.width as usize, move |x| {
            waveform.column(x as u32, c)
        })
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
/// "vectorscope", "size", "counts"}`, `size` rows (row 0 at the top) of `size` counts.
pub fn vectorscope_json(
    file: &str,
    scope: &Vectorscope,
    (width, height): (u32, u32),
    region: Option<Region>,
) -> String {
    let n = scope.size as usize;
    let rows: Vec<&[u32]> = scope.counts.chunks(n).collect();
    crate::json::line(&Line {
        header: Header {
            file,
            width,
            height,
            scope: "vectorscope",
            size: Some(scope.size),
            region: region.map(Region::xywh),
            luma: None,
        },
        counts: Entries(vec![("counts", rows)]),
    })
}
