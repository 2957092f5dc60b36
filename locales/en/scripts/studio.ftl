# The studio and the chapters built on it (equalize, CLAHE, auto-levels, Otsu):
# the page (www/studio.js), its histogram panel, adjustment, region, statistics,
# HDR exposure and the equalize chapter's CPU steps. Its scopes: scopes.ftl.

## The page (www/studio.js)
studio-use-camera = Use the camera
studio-play-video = Play the project’s video
studio-try-gpu-again = Try the GPU again
studio-decode-times = On this GPU its scan was decoded in four steps: { $sync } ms to bring its stretches in step, { $write } ms to write its coefficients, { $idct } ms for the IDCT, { $planes } ms from planes to pixels.
studio-loading = Loading…
studio-picture-label = The picture
studio-choose-file = Choose a picture or video…
studio-drop-hint = Drop or paste a picture or a video here. Drag on it to count a region; Escape counts it all. A video: Space or K plays and pauses, the arrows step a frame, a double-click plays or pauses.
studio-panel-section = Histogram panel
studio-options-section = Options
studio-wgsl-adjust = The WGSL: the tables from the histogram, and the remapping
studio-wgsl-studio = The WGSL: counting, the panel, the picture
# The project's own sources, by name (captions, and the stem of exported files).
studio-sunset-name = Sunset (made by this project)
studio-video-name = The project’s video
studio-video-unnamed = Video
# What a refused video or camera leaves in place.
studio-kept = The previous picture or video is kept.
studio-reading = Reading { $name }…
studio-file-refused = { $error } The previous picture is kept.
studio-draw-failed = The studio could not draw: { $error }
studio-read-failed = The histogram could not be read: { $error }
# $counter: what counts, as pass-name-kernel or pass-name-frame-pass word it.
studio-caption-video = { $name }, { $width }×{ $height }, counted by the { $counter }
# $format: how the file was stored ("PNG", "JPEG"...), as the core names it.
studio-caption-picture = { $name }, { $width }×{ $height } ({ $format })
studio-caption-generated = { $name }, { $width }×{ $height }
studio-caption-picture-profile = { $name }, { $width }×{ $height } ({ $format }), shown through its colour profile ({ $profile }) as this browser shows the file; counted as stored
studio-caption-generated-profile = { $name }, { $width }×{ $height }, shown through its colour profile ({ $profile }) as this browser shows the file; counted as stored
# The pixel under the pointer.
studio-pixel-hint = Point at the picture to read a pixel’s stored values.
studio-pixel-frame = x { $x }, y { $y }: R { $r } · G { $g } · B { $b } of this frame as counted (0 to 255), Y′ { $luma } as decoded
studio-pixel-frame-rgb = x { $x }, y { $y }: R { $r } · G { $g } · B { $b } of this frame as counted (0 to 255)
studio-pixel-unread = x { $x }, y { $y }: this picture’s samples are held by the browser or the GPU, not in the page’s memory, so its values are not read here.
studio-pixel-linear = x { $x }, y { $y }: R { $r } · G { $g } · B { $b } · A { $a } (linear light)
studio-pixel-stored = x { $x }, y { $y }: R { $r } · G { $g } · B { $b } · A { $a } (stored values of 0 to { $max })
# Without WebGPU: "(who) needs WebGPU, and (why)." is the site's; then what works instead.
studio-who-chapter = This page
studio-who-studio = The studio
studio-cpu-instead = <a>The CPU page</a> counts pictures in any browser.
studio-steps-without-gpu = The steps on the CPU below work without it.
# $said: what the site says of the lost device.
studio-device-read-again = { $said } The picture was read again from its file.
studio-device-failed = { $said } Try the GPU again when it is back.

## The histogram panel (www/studio-panel.js)
studio-channel-r = R
studio-channel-g = G
studio-channel-b = B
studio-channel-luminance = Luminance
panel-bins-float = This picture holds floating-point samples: every choice divides its range (R, G and B from 0 to the largest sample, luminance in stops).
panel-bins-deep = This picture has { $depth } bits a channel, { $levels } levels: every choice is counted at its stored depth.
panel-bins-8 = At most 256 bins: a channel of 8 bits has 256 levels, and more bins would leave empty ones between full ones.
panel-canvas-label = Histograms. Focus and use the left and right arrow keys to read each bin.
panel-cap-note = Light cap: a bar taller than the panel.
panel-readout-hint = Hover over the histogram, or focus it and use the arrow keys, to read a bin.
panel-pin = Pin this histogram
panel-unpin = Unpin
panel-legend = Panel
panel-overlaid = Overlaid
panel-parade = Parade
panel-linear = Linear
panel-log = Logarithmic
panel-cumulative = Cumulative
panel-bins = Bins
panel-clipping = Clipping warning
# The bin read: which it is and what it holds (a picture's stored levels, or an
# HDR picture's values: R, G, B linear, luminance in stops).
panel-bin = Bin { $bin } of { $bins }
panel-bin-hdr = Bin { $bin } of { $bins }, R, G, B { $low } to { $high }, luminance { $stopsLow } to { $stopsHigh } stops
# An HDR picture's panel, named with its scale: `channels`, studio-channel-* joined; `high`, `low`: values.
panel-name-hdr-linear = { $channels }, linear 0 to { $high }
panel-name-hdr-stops = { $channels }, { $low } to { $high } stops
panel-name-hdr-stops-short = { $channels }, stops
panel-bin-empty = Bin { $bin } of { $bins } holds no level
panel-bin-level = Bin { $bin } of { $bins } holds the level { $level } of { $max }
panel-bin-levels = Bin { $bin } of { $bins } holds the levels { $low } to { $high } of { $max }
# $bin: panel-bin's words; $counts: each channel's panel-readout-channel, joined by " · ".
# $half: which half of the panel, where an adjustment splits it.
panel-readout = { $half ->
        [before] Before: { $bin }: { $counts }
        [after] After: { $bin }: { $counts }
       *[none] { $bin }: { $counts }
    }
panel-readout-channel = { $channel } { $count } ({ $share }%, up to here { $below }%)
# The clipping triangles: $shares, each channel's panel-clip-share, joined by ", ".
panel-clip-shadows = Shadows clipped (at 0): { $shares }
    .aria-label = Shadows clipped (at 0): { $shares } of the pixels. Shows the clipping warning on the picture.
panel-clip-highlights = Highlights clipped (at { $top }): { $shares }
    .aria-label = Highlights clipped (at { $top }): { $shares } of the pixels. Shows the clipping warning on the picture.
panel-clip-share = { $channel } { $share }%

## The adjustment (www/studio-adjust.js); the titles are src/adjust.rs's.
adjust-none = None
adjust-title-equalize = Equalize luma
adjust-title-clahe = CLAHE
adjust-title-auto-levels = Auto-levels
adjust-title-otsu = Otsu threshold
adjust-download = Download the adjusted picture (PNG)
adjust-curve-label = The mapping from old to new levels
adjust-legend = Adjust the picture
adjust-adjustment = Adjustment
adjust-tiles = Tiles
adjust-clip = Clip limit
adjust-low = Low %
adjust-high = High %
adjust-linked = Channels linked
adjust-split = Before | after
# The halves' names on the panel.
adjust-before = Before
adjust-after = After
adjust-panel-legend = Left: the histograms of the picture as it is. Right: of the adjusted picture, counted on the GPU as it is drawn.
adjust-table-equalize = New luma for each old luma: the cumulative histogram, scaled to 0–255.
adjust-table-auto-levels = New level of each old level, per channel.
adjust-table-clahe = New luma for each old luma, one curve per tile ({ $tiles } tiles): each tile's histogram clipped, then equalized.
adjust-table-otsu = Otsu's threshold: luma above bin { $threshold } is white, the rest black.
adjust-otsu-after = After: black and white only, so its histograms are two bars, at 0 and at 255.
adjust-otsu-after-counted = After: black and white only, so its histograms are two bars, at 0 and at 255: { $black } { $blacks ->
        [one] pixel
       *[other] pixels
    } black ({ $blackShare }%), { $white } white ({ $whiteShare }%).
# The curve's axes.
adjust-old-level = old level
adjust-new-level = new level
# $field: the empty field's label.
adjust-needs-number = { $field } needs a number
adjust-refused = { $error }; the adjustment shown is kept.
adjust-download-failed = The adjusted picture could not be made: { $error }

## The region (www/studio-region.js)
region-count-all = Count it all
region-legend = Region (pixels)
region-label-x = X
region-label-y = Y
region-label-width = W
region-label-height = H
region-field-x = Region x
region-field-y = Region y
region-field-width = Region width
region-field-height = Region height
region-refused = { $error }; the region counted is kept.
# $field: the field's label (region-label-*).
region-not-whole = { $field } must be a whole number of pixels, at least { $least }; the region counted is kept.
region-fitted = { $x }, { $y }, { $width }×{ $height } is past the picture's { $pictureWidth }×{ $pictureHeight }: fitted to { $fitX }, { $fitY }, { $fitWidth }×{ $fitHeight }.
region-past = { $x }+{ $width } by { $y }+{ $height } is past the picture's { $pictureWidth }×{ $pictureHeight }: the region applies once the four fit, or on Enter, which fits it to the picture.
# $field: the field's label (region-label-x or -y); $value: as typed.
region-outside = { $field } { $value } is outside the picture's { $pictureWidth }×{ $pictureHeight }; the region counted is kept.

## The statistics and exports (www/studio-stats.js); rows by src/stats.rs's keys.
stats-row-pixels = Pixels
stats-row-mean = Mean
stats-row-std-dev = Std. deviation
stats-row-median = Median
stats-row-mode = Mode
stats-row-min = Min
stats-row-max = Max
stats-row-p1 = 1st percentile
stats-row-p99 = 99th percentile
stats-row-clipped-low-percent = In the first bin (at 0)
stats-row-clipped-high-percent = In the last bin (at 255)
stats-row-above-one-percent = Above 1.0 (an SDR display clips)
stats-caption = Statistics of the counted pixels
stats-caption-before = Statistics of the counted pixels, as they are before the adjustment
stats-caption-hdr = Statistics of the counted pixels, from their samples in the file's linear units
stats-caption-after = Statistics of the adjusted picture (all of it, as drawn on the right)
stats-statistic = Statistic
stats-csv = Bins as CSV
stats-json = Statistics as JSON
stats-png = Panel as PNG
# Over the statistics in the panel's PNG.
stats-png-heading = { $source } · { $pixels } pixels counted · { $bins } bins

## An HDR picture's exposure (www/studio-hdr.js)
hdr-stops = { $stops } stops
hdr-as-stored = As stored
hdr-legend = HDR picture
hdr-exposure = Exposure
hdr-exposure-why = The samples are linear light, counted as stored. The picture is drawn with each sample times 2^exposure, clipped at 1.0 as a display clips it and encoded as sRGB; the adjustments work on it as drawn, and so do the scopes on the SDR scale. On the PQ or HLG scale the scopes read the same light in nits, as BT.2100's codes: its colours taken from sRGB's primaries to BT.2020's (the vectorscope reads them by BT.2020's matrix), 1.0 at 203 nits (BT.2408's reference white), nothing clipped below the scale's peak. The histogram does not change with the exposure.
hdr-range = Counted: R, G and B from 0 to { $max }; luminance in stops from { $low } to { $high } ({ $lowLinear } to { $highLinear }). Outside the range: { $below } values below, { $above } above; { $invalid } pixels with a NaN or infinite sample. Above 1.0 (what an SDR display clips): luminance of { $aboveOne } pixels.

## The exposure overlay (www/studio-overlay.js); the bands are src/scope/overlay.rs's.
overlay-legend = Exposure overlay
overlay-kind = On the picture
overlay-off = Nothing
overlay-zebra = Zebra stripes
overlay-false-colour = False colour
overlay-zebra-level = At or above (%)
overlay-why = Drawn from each pixel's luminance as shown (levels 0–255; right of the split, adjusted): zebra stripes where it is at or above the level, as a camera's zebras are; false colour paints each exposure band in its colour and the rest in grey.
overlay-zebra-marked = Striped: { $share }% of the pixels counted (luminance level { $level } and up, { $percent }% of 255).
overlay-counted = Each band's share of the pixels counted, from their histogram.
overlay-band-range = levels { $fromLevel }–{ $toLevel } ({ $from }–{ $to }%)
overlay-band-share = { $share }%
overlay-band-crushed = Crushed black
overlay-band-near-black = Just above black
overlay-band-middle-grey = Middle grey (an 18% card)
overlay-band-one-stop-over = One stop over middle grey
overlay-band-near-white = Just below white
overlay-band-clipped = Clipped white

## The equalize chapter's steps on the CPU (www/studio-steps.js)
steps-picture-label = The picture
steps-histogram-label = Its luma histogram and the table made from it
steps-grey-label = Its luma as grey
steps-grey-equalized-label = The grey equalized
steps-colour-label = The colour picture equalized
steps-picture = 1. The picture.
steps-histogram = 2. Its luma histogram; the blue line is the table made from its running total, the new luma of each old one.
steps-grey = 3. Its luma, as grey.
steps-grey-equalized = 4. The grey equalized: each level looked up in the table. Its histogram is as flat as whole pixels allow.
steps-colour = 5. The colour equalized: R′, G′ and B′ moved by as much as their luma moved. The GPU’s picture above is this one.
steps-title = Step by step, on the CPU
steps-intro = The article teaches equalization on the CPU first, grey before colour. The same steps here, in this page’s WebAssembly, from the same Rust the command-line tool runs; the GPU above does steps 2 and 5 every frame without reading anything back.
steps-too-large = The steps are drawn for pictures of up to { $limit } megapixels; this one has { $megapixels }.
steps-video = The steps are drawn for pictures; the video is equalized on the GPU above.
steps-time = On this CPU: { $ms } ms for the histogram, the table and the three pictures ({ $pixels } pixels).
