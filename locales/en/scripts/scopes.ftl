# The scopes: the studio's (www/studio-scopes.js) and the scope chapters' pages,
# waveform, parade and vectorscope (www/scope-page.js).

## Shared by both
scope-log = Logarithmic
scope-gain = Gain
scope-png-failed = The PNG could not be made: { $error }
scope-json-failed = The JSON could not be made: { $error }
# The vectorscope's colour-bar targets, as src/scope/plot.rs names them on its graticule.
scope-target-r = R
scope-target-yl = Yl
scope-target-g = G
scope-target-cy = Cy
scope-target-b = B
scope-target-mg = Mg

## The studio's scopes (www/studio-scopes.js)
scope-title-waveform = Waveform
    .aria-label = Waveform of the counted pixels
scope-title-parade = RGB parade
    .aria-label = RGB parade of the counted pixels
scope-title-vectorscope = Vectorscope
    .aria-label = Vectorscope of the counted pixels
scope-luma = Luma
scope-rgb-overlaid = R, G and B overlaid
scope-decoded = Y′ as decoded
scope-full-size = Full size
scope-back = Back to the panel
scope-png = PNG
scope-json = JSON
scope-legend = Scopes
scope-waveform-channels = Waveform
scope-yrgb = Parade with luma (YRGB)
scope-codes = Scale
scope-codes-sdr = SDR (%)
scope-codes-pq = PQ (nits)
scope-codes-hlg = HLG (nits)
scope-codes-too-large = This HDR video is larger than { $mb } MB, the most the page reads for its 10-bit codes: the scopes read the browser's 8-bit pictures of it.
scope-codes-other-kind = The page reads an HDR video's 10-bit codes from WebM and MP4 files of VP9 or AV1: the scopes read the browser's 8-bit pictures of this one.
scope-codes-eight-bit = This browser decodes this HDR video to 8-bit pictures only: the scopes read those, not its 10-bit codes.
scope-zoom = Vectorscope 2× zoom
scope-lines = Reference lines
scope-lines-unread = “{ $word }” is not a level (0–255) or a percent (0%–100%); the lines stay as they were.
# What the waveform's luma is, where Y′ as decoded was asked for.
scope-luma-decoded = Waveform of luma as decoded: each pixel’s Y′ code, 0% at code 16 and 100% at 235. Sub-blacks and super-whites, which the picture’s R′G′B′ clips, show in the tinted bands.
scope-luma-not-planes = This frame did not come as Y′CbCr planes here (the browser handed over RGB), so the waveform’s luma is computed from R′G′B′.
scope-luma-picture = Luma as decoded is a video’s: play one. A picture’s luma is computed from its R′G′B′.
# $every: how many frames apart a scope is drawn ("2", "3"...).
# `every`: an ordinal (its variants are English's ordinal categories).
scope-cadence = This browser's WebGPU runs on the CPU: on a video each scope is redrawn every { $every ->
        [one] { $every }st
        [two] { $every }nd
        [few] { $every }rd
       *[other] { $every }th
    } frame, so that the video keeps its pace.
scope-show-failed = The scope could not be shown: { $error }

## A scope chapter's page (www/scope-page.js); $scope is the page's scope.
scope-page-play-video = Play the video
scope-page-use-camera = Use the camera
scope-page-time-again = Time it again
scope-page-download-png = Download PNG
scope-page-download-json = Download JSON
scope-page-channel-r = R
scope-page-channel-g = G
scope-page-channel-b = B
scope-page-channel-luma = Luma
scope-page-grid = Grid
scope-page-zoom = 2× zoom
scope-page-yrgb = Luma first (YRGB)
scope-page-channels = Channels:
scope-page-decoded = Video’s luma as decoded (Y′, video levels)
scope-page-loading = Loading…
scope-page-picture-label = The picture
scope-page-drop-hint = Drop a picture or a video here, or anywhere on the page.
scope-page-scope-label = { $scope ->
        [waveform] The waveform of the picture
        [parade] The parade of the picture
       *[vectorscope] The vectorscope of the picture
    }
scope-page-choose-file = Choose a picture or video…
scope-page-wgsl-kernel = The WGSL of this kernel
scope-page-wgsl-draw = The WGSL that draws it
# Under the scope: what its axes and lines are.
scope-page-caption-waveform = x: the picture’s columns · y: value, 0 at the bottom · a line every 10%
scope-page-caption-waveform-video = x: the picture’s columns · y: Y′ code, 0 at the bottom · a line every 10% of video levels (codes 16–235)
scope-page-caption-parade = R, G and B waveforms side by side · a line every 10%
scope-page-caption-parade-yrgb = Luma, R, G and B waveforms side by side (YRGB) · a line every 10%
scope-page-caption-waveform-nits = x: the picture’s columns · y: code, 0 at the bottom · lines named by the light a display gives for those codes, in nits · 203: reference white
scope-page-caption-parade-nits = R, G and B waveforms side by side · lines named by the light a display gives for those codes, in nits · 203: reference white
scope-page-caption-parade-yrgb-nits = Luma, R, G and B waveforms side by side (YRGB) · lines named by the light a display gives for those codes, in nits · 203: reference white
scope-page-caption-vectorscope = +Cb right, +Cr up · boxes: the 75% and 100% colour bars · line: skin tones
scope-page-caption-vectorscope-nits = +Cb right, +Cr up, read by BT.2020’s matrix · boxes: BT.2020’s 75% and 100% colour bars · line: skin tones
# What the waveform's luma is, where Y′ as decoded was asked for.
scope-page-luma-decoded = Luma as decoded: each pixel’s Y′ code, 0% at code 16 and 100% at 235. Sub-blacks and super-whites, which the picture’s R′G′B′ clips, show in the tinted bands.
scope-page-luma-not-planes = This frame did not come as Y′CbCr planes here (the browser handed over RGB), so luma is computed from R′G′B′.
scope-page-luma-picture = Y′ as decoded is a video’s: play one. A picture’s luma is computed from its R′G′B′.
# The source's name and size, under the picture.
scope-page-caption = { $name }, { $width }×{ $height }
scope-page-video-unnamed = Video
scope-page-video-name = The project’s video
scope-page-sunset-name = Sunset (made by this project)
# What a refused video or camera leaves in place.
scope-page-kept = The previous picture or video is kept.
scope-page-reading = Reading { $name }…
scope-page-file-refused = { $error } The previous picture or video is kept.
# The scope's pass timed: $gpu, $wall and $warmup are times in words ("1.2 ms").
scope-page-time-gpu = The { $scope ->
        [waveform] waveform
        [parade] parade
       *[vectorscope] vectorscope
    } pass: { $gpu } on the GPU (median of { $runs } after { $warmup } ms of counts, timestamp queries) · { $wall } until the counts were back on the CPU
scope-page-time-wall = The { $scope ->
        [waveform] waveform
        [parade] parade
       *[vectorscope] vectorscope
    } pass: { $wall } wall clock until the counts were back (median of { $runs }; { $why })
scope-page-draw-failed = The { $scope ->
        [waveform] waveform
        [parade] parade
       *[vectorscope] vectorscope
    } could not be drawn: { $error }
scope-page-count-failed = The { $scope ->
        [waveform] waveform
        [parade] parade
       *[vectorscope] vectorscope
    } cannot be counted here: { $error }
# A video's rate: $fps, the frames in the last second (for the plural), $rate the same in figures.
scope-page-rate = { $fps ->
        [one] { $rate } frame a second
       *[other] { $rate } frames a second
    }, each counted and drawn on the GPU.
# Without WebGPU, after the site's "This page needs WebGPU, and (why)."
scope-page-command-line = The command line draws the same { $scope ->
        [waveform] waveform
        [parade] parade
       *[vectorscope] vectorscope
    }: <code>histogram scope --{ $scope }</code>.
# The scopes held as B, to compare with the live ones; $moment: the file, and a video's frame.
scope-hold = Hold as B
scope-let-go = Let go of B
scope-held = B: { $moment }
scope-held-alt = { $scope } held as B: { $moment }
scope-hold-failed = The scopes could not be held: { $error }

# The scopes in a window of their own (www/studio-scope-window.js), for a second monitor.
scope-window-open = Scopes in a window
scope-window-close = Scopes back in the page
scope-window-title = Scopes
scope-window-blocked = No window could be opened for the scopes: allow this site's pop-ups and try again.
