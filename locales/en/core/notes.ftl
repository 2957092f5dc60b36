# What the core says of a picture (src/words.rs): its pages word these in the
# page's language, the command line and Python in English. $-arguments that are
# sizes ("4099x1") or decimals come as the core writes them; counts as numbers.

## How it was decoded (src/decode/)

note-grey = Greyscale: R, G and B are each the grey value.
# $frames: how many frames the file holds.
note-animated-png = An animated PNG: the first of its { $frames } frames is counted.
note-animated-png-still = An animated PNG whose still image is not one of its frames: the still image (what viewers without animation show) is counted.
note-animated-gif = An animated GIF: the first of its { $frames } frames is counted.
note-animated-webp = An animated WebP: the first of its { $frames } frames is counted.
# $name: the profile's own name, as the file gives it.
note-profile = The file carries a colour profile ({ $name }); it is not applied to the counts: the stored values are counted.
# $why: libjpeg-turbo's own words (English), as it says them.
note-jpeg-warned = libjpeg-turbo warned: { $why } (bytes that belong to no segment); every pixel was decoded.
note-float-eight = Floating-point (HDR) samples: each linear value is clamped to 0..1 and rounded to 8 bits here; the command-line tool counts them as they are, luminance in stops.
note-sixteen-deep = 16 bits per channel: counted at their full depth, 65536 levels.
note-sixteen-eight = 16 bits per channel: each value is counted as the nearest 8-bit value.
# $bits: 1, 2 or 4; $levels: 2, 4 or 16; $step: what a level is multiplied by.
note-few-bits = { $bits } { $bits ->
        [one] bit
       *[other] bits
    } per channel, { $levels } levels: each is counted as the 8-bit value it stands for (level x { $step }), which falls in the same bin.
note-translucent = Some pixels are translucent: each counts with its own colour, whatever its alpha.

## How it was counted (src/hdr.rs, engine/src/count/)

# $max, $from, $to: the range's top and its luminance in stops, as decimals.
note-hdr-counts = Floating-point (HDR) samples, linear: R, G and B counted over [0, { $max }], luminance in stops from { $from } to { $to }; { $below } channel values below the range, { $above } above, { $invalid } pixels with a NaN or infinite sample (in no bin); above 1.0: luminance { $above-one }.
note-range-hdr-only = --range applies to HDR (floating-point) pictures only.
# $levels of a channel at $depth bits; $empty of the $bins can hold no pixel.
note-comb = R, G and B have { $levels } levels ({ $depth } bits a channel): { $empty } of their { $bins } bins can hold no pixel and stay empty between full ones; luminance, a weighted sum of the three, can fill them all.
# $asked: the method asked for (an identifier); $bins: the most bins it counts.
note-deep-kernel = Counted by the deep kernel: { $asked } counts 8-bit samples in at most { $bins } bins.

## How it was cut to the device (src/gpu/plan.rs)

# $size: the picture's, "4099x1"; $block: "64x64"; $rest: the pixels past the block.
note-reshaped = The image is { $size }, thin: its pixels were laid out as a block of { $block } and { $rest } more, so the GPU's workgroups get full rows of work. Where a pixel sits does not change the histogram.
# $side: the device's largest texture side; $tiles: how many textures.
note-tiles-textures = The image is larger than the GPU's largest texture ({ $side } px a side): it was uploaded as { $tiles } textures.
# $mib: the largest storage buffer binding in MiB; $tiles: how many buffers.
note-tiles-buffers = The image is larger than one storage buffer binding ({ $mib } MiB): it was uploaded as { $tiles } buffers of whole rows.
# $bands: how many; $band: the largest, "2048x1024"; $workgroups, $mib: the device's limits.
note-bands = Processed in { $bands } bands of at most { $band } pixels to stay within the device's limits ({ $workgroups } workgroups per dimension, { $mib } MiB per storage buffer).
# The same where the device also bounds a shader's loop ($iterations).
note-bands-loops = Processed in { $bands } bands of at most { $band } pixels to stay within the device's limits ({ $workgroups } workgroups per dimension, { $mib } MiB per storage buffer, { $iterations } iterations per shader loop).
# $why: why the GPU's decoder did not take the file.
note-decoded-by-cpu = Decoded by the CPU, not the GPU: { $why }.
