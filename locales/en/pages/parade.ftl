# www/parade.html
parade-title = RGB parade: three waveforms side by side · WebGPU Image Histogram
parade-description =
    .content = The red, green and blue waveforms side by side: colour balance at a glance.
parade-heading = RGB parade: three waveforms side by side
parade-parade-waveform-red =
    The parade is the waveform of red, green and blue, each in its own third (a quarter each,
    with luma first, when "Luma first (YRGB)" is on). Put side by side, they show colour balance
    at a glance: on something that should be neutral (a white wall, a grey card) the three
    traces stand at the same height; a warm cast lifts red and sinks blue. Colourists match
    shots by lining up their parades.
parade-counts-are-waveform =
    The counts are the waveform's: the same kernel, columns split among workgroups, each owning
    its columns whole, counts R, G, B and luminance in one pass. Only the drawing differs: the
    fragment shader maps each third (or quarter) of the panel to one channel's columns, so
    switching between waveform and parade costs no second count.
