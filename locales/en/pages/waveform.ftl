# www/waveform.html
waveform-title = Waveform: a histogram for every column · WebGPU Image Histogram
waveform-description =
    .content =
    Per column, the histogram of its values; columns split among workgroups, each owning its
    bins whole.
waveform-heading = Waveform: a histogram for every column
waveform-histogram-says-how =
    A histogram says how many pixels have each value, but not where they are. A waveform keeps
    one coordinate: for every column of the picture it draws that column's histogram standing
    up, 0 at the bottom and full scale at the top, each bin as bright as it is full.
waveform-sky-reads-as =
    A sky reads as a bright band high on the left, a shadow as a smear near the floor, clipped
    highlights as a line pressed against the top. Video editors read exposure this way: the
    picture's brightness laid out across its width. A line marks every 10% of full
    scale.
waveform-counting-it-article =
    Counting it is the article's problem one dimension up. A 4K frame has 3840 columns × 4
    channels × 256 levels: about four million bins, 15&nbsp;MB, where a workgroup has 16&nbsp;KB
    of fast memory. So the kernel splits the <em>columns</em> among workgroups: each owns 4
    whole columns and walks every row of them, counting into workgroup memory, two 16-bit counts
    to a word.
waveform-four-columns-pixels =
    Four columns of pixels are as wide as the piece of texture the GPU fetches at once, so no
    two workgroups fetch the same piece, and each invocation loads four rows before it counts
    any of them. No other workgroup touches those bins, so they are written out with plain
    stores, no atomics at all, still two counts a word: half the bytes to write.
waveform-each-bin-s =
    Each bin's light is its count against 1/32 of the column's pixels, linear or logarithmic,
    times the gain. Where the GPU is really the CPU, the page runs the kernel's other entry
    point, <code>csColumn</code>: each invocation owns one column, counts it in a plain array of
    its own and stores it, which a CPU does far faster than it imitates workgroup memory.
waveform-video-stored-as =
    Video is stored as Y′CbCr in <em>video levels</em>: black is code 16 and white 235, and
    cameras record past both. Converting to R′G′B′ clips what lies outside, so a waveform of the
    picture never shows it. With a video's luma as decoded, the frame pass keeps each pixel's Y′
    byte (in the alpha the frame never uses) and the kernel counts that instead: the lines then
    mark 0 to 100% of 16–235, and the codes past them show in the tinted bands.
