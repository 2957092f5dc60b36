//! A picture's bands counted: on the GPU or by the CPU method, band by band from
//! its decoder, with what the count says of its depth.

use super::*;

/// A band counted on the GPU by `method`, or by the hdr kernel.
pub(super) fn count_on_gpu(
    gpu: &Gpu,
    kernels: &mut Kernels,
    settings: &Settings,
    method: Method,
    band: Band,
) -> Result<(Counts, &'static str), String> {
    let spec = settings.spec;
    let image = match &band {
        Band::Hdr(image) => {
            let counted = count_hdr(gpu, kernels, image, spec.num_bins, settings.stops);
            return pollster::block_on(counted)
                .map(|h| (Counts::Hdr(h), "hdr"))
                .map_err(|e| e.0);
        }
        Band::Eight(image) => GpuImage::upload_for(gpu, image, method.input()),
        Band::Deep(image) => GpuImage::upload_deep(gpu, image),
    };
    let chunk = settings.chunk.unwrap_or(method.default_shape());
    let options = RunOptions::new(method, spec).chunk(chunk);
    let run = Run::new(gpu, kernels, &image, options).map_err(|e| e.0)?;
    let (histogram, _) = pollster::block_on(run.execute(gpu)).map_err(|e| e.0)?;
    Ok((Counts::Levels(histogram), method.name()))
}

/// A band counted by the CPU method.
pub(super) fn count_on_cpu(settings: &Settings, band: Band) -> Counts {
    let spec = settings.spec;
    match band {
        Band::Eight(image) => Counts::Levels(compute_cpu(&image, spec)),
        Band::Deep(image) => Counts::Levels(deep::count_cpu(&image, spec)),
        Band::Hdr(image) => {
            let mut range = Range::of(&image);
            if let Some(stops) = settings.stops {
                range.stops = stops;
            }
            Counts::Hdr(hdr::count_cpu(&image, spec.num_bins, range))
        }
    }
}

/// Rows of 1 to 4 samples a pixel as RGBA (grey to R, G and B; alpha `alpha`).
pub(super) fn to_rgba<'a, T: Copy + 'a>(
    rows: impl Iterator<Item = &'a [T]>,
    channels: usize,
    alpha: T,
) -> Vec<T> {
    let mut rgba = Vec::new();
    for row in rows {
        for p in row.chunks_exact(channels) {
            let [r, g, b] = if channels >= 3 {
                [p[0], p[1], p[2]]
            } else {
                [p[0]; 3]
            };
            rgba.extend_from_slice(&[r, g, b, alpha]);
        }
    }
    rgba
}

/// With more bins than a channel has levels (2^depth), R, G and B leave bins that
/// no level can fill, between full ones.
pub(super) fn comb_note(spec: Spec, depth: u32) -> Option<Words> {
    let n = spec.num_bins as u64;
    let levels = 1u64 << depth;
    (n > levels).then(|| {
        Words::new("note-comb")
            .count("levels", levels)
            .count("depth", depth)
            .count("empty", n - levels)
            .count("bins", n)
    })
}

/// An image file counted band by band, before its notes are added.
pub(super) struct Counted {
    pub(super) width: u32,
    pub(super) height: u32,
    pub(super) depth: u32,
    pub(super) region: Option<Region>,
    pub(super) counts: Counts,
    /// Bands the GPU threads are counting, to add to `counts`.
    pub(super) pending: Vec<mpsc::Receiver<Result<Histogram, String>>>,
    pub(super) hdr_stats: Option<[Option<HdrStats>; 4]>,
    pub(super) notes: Vec<Words>,
}

/// A band's counts, or their coming from the GPU threads.
pub(super) enum Part {
    Counted(Counts),
    Pending(mpsc::Receiver<Result<Histogram, String>>),
}

/// Counts the file `reader` holds band by band with `count`, all of it or only
/// the settings' region, at 8 bits a sample or as stored.
pub(super) fn count_bands(
    reader: impl BufRead + Seek,
    settings: &Settings,
    mut count: impl FnMut(Band) -> Result<Part, String>,
) -> Result<Counted, String> {
    let (spec, region) = (settings.spec, settings.region);
    let mut decoder = Decoder::new(reader, u64::MAX, memory_budget()).map_err(|e| e.to_string())?;
    let (width, height) = (decoder.width(), decoder.height());
    let pixels = width as u64 * height as u64;
    if pixels > u32::MAX as u64 {
        return Err(format!(
            "the image is {width}x{height}: {pixels} pixels, more than a 32-bit count holds \
             ({}); split it into parts",
            u32::MAX
        ));
    }
    if let Some(region) = region {
        region.within(width, height)?;
    }
    if decoder.is_float() && !settings.eight_bits {
        let whole = decoder.float_image().expect("a float file's samples");
        let image = region.map_or_else(|| whole.clone(), |r| whole.crop(r));
        let hdr_stats = Some(HdrStats::of_image(&image));
        let Part::Counted(counts) = count(Band::Hdr(image))? else {
            unreachable!("HDR pictures are counted at once")
        };
        return Ok(Counted {
            width,
            height,
            depth: 32,
            region,
            hdr_stats,
            counts,
            pending: Vec::new(),
            notes: decoder.notes_at_depth(),
        });
    }
    let mut histogram = Histogram::from_counts(spec, vec![0; spec.len()]);
    let mut pending = Vec::new();
    let depth = if settings.eight_bits {
        8
    } else {
        decoder.depth()
    };
    let mut top = 0;
    loop {
        let band = if depth > 8 {
            decoder
                .next_deep_band(BAND_PIXELS)
                .map(|b| b.map(Band::Deep))
        } else {
            decoder.next_band(BAND_PIXELS).map(|b| b.map(Band::Eight))
        };
        let Some(band) = band.map_err(|e| e.to_string())? else {
            break;
        };
        let rows = band.height();
        // The rows of the region in this band, cut out of it (a copy of those rows).
        let part = match region {
            None => Some(band),
            Some(region) => region.in_rows(top, rows).map(|r| band.crop(r)),
        };
        top += rows;
        if let Some(part) = part {
            match count(part)? {
                Part::Counted(Counts::Levels(h)) => histogram.add(&h),
                Part::Counted(Counts::Hdr(_)) => unreachable!("8- and 16-bit bands count levels"),
                Part::Pending(counts) => pending.push(counts),
            }
        }
    }
    Ok(Counted {
        width,
        height,
        depth,
        region,
        counts: Counts::Levels(histogram),
        pending,
        hdr_stats: None,
        notes: decoder.notes(),
    })
}
