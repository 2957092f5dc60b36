# www/clahe.html
clahe-title = CLAHE: equalization tile by tile · WebGPU Image Histogram
clahe-description =
    .content =
    A clipped histogram per tile and curves blended between tile centres: local contrast without
    halos.
clahe-heading = CLAHE: equalization tile by tile
clahe-global-equalization-uses =
    Global equalization uses one curve for the whole picture, so a bright sky can take the
    levels a dark foreground needed. CLAHE (contrast-limited adaptive histogram equalization)
    splits the picture into tiles and equalizes each from its own histogram, the method photo
    and video tools use.
clahe-two-things-keep =
    Two things keep it from overdoing it. Each tile's histogram is clipped at a limit, the clip
    limit times the average bin, and what is cut off is spread over all bins: that caps how
    steep a tile's curve gets, so flat areas and their noise gain only so much contrast. And
    each pixel's new luma is blended from the curves of the four nearest tile centres, so no
    tile edges show.
clahe-gpu-one-pass =
    On the GPU one pass counts every tile's histogram, one makes the tables (an invocation per
    tile) and the picture pass interpolates for each pixel, every frame. The clip, the spreading
    and the tile placement follow OpenCV's <code>createCLAHE</code>, so the two can be compared.
