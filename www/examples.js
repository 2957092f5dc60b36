// Every example of both articles, in reading order. The home page lists them and
// each page's previous/next links follow this order. `ready: false` shows as coming.
export const examples = [
  { id: 'cpu', part: 1, ready: true, title: 'CPU histogram',
    line: "The article's JavaScript loop, in Rust compiled to WebAssembly: the reference every GPU method must match." },
  { id: 'single', part: 1, ready: true, title: 'GPU: one invocation',
    line: 'The same loop in a compute shader run by a single GPU thread: correct, and very slow.' },
  { id: 'race', part: 1, ready: true, title: 'GPU: one invocation per pixel (race)',
    line: 'Every pixel in parallel without atomics: fast and wrong, with the lost counts shown.' },
  { id: 'atomic', part: 1, ready: true, title: 'GPU: one invocation per pixel, atomicAdd',
    line: 'The race fixed with atomicAdd on storage memory.' },
  { id: 'chunks-sum', part: 1, ready: true, title: 'GPU: workgroup chunks + sum',
    line: 'Each workgroup counts its chunk in workgroup memory; one workgroup then sums the chunks.' },
  { id: 'chunks-reduce', part: 1, ready: true, title: 'GPU: workgroup chunks + reduce',
    line: 'The same chunks, summed by a pairwise reduction that keeps the whole GPU busy.' },
  { id: 'timings', part: 1, ready: true, title: 'Timings on this machine',
    line: "Every method on the same image, medians beside the article's published table." },
  { id: '4ch-cpu', part: 2, ready: true, title: 'Four channels on the CPU',
    line: 'R, G, B and luminance in one loop, drawn overlaid with screen blending.' },
  { id: '4ch-single', part: 2, ready: true, title: 'Four channels, one GPU invocation',
    line: 'Four interleaved histograms from one shader thread.' },
  { id: '4ch-chunks-reduce', part: 2, ready: true, title: 'Four channels, chunks + reduce',
    line: "The article's fastest method, counting R, G, B and luminance at once." },
  { id: '4ch-gpu-draw', part: 2, ready: true, title: 'Histograms drawn on the GPU',
    line: 'A scale pass and a fragment shader draw the bins without reading them back.' },
  { id: 'video', part: 2, ready: true, title: 'Live video histograms',
    line: 'Every frame of a playing video, histogrammed and drawn on the GPU.' },
  { id: 'privatized', part: 3, ready: true, title: 'One privatized pass',
    line: 'A small grid of workgroups, each counting many pixels: no chunks, no reduction.' },
  { id: 'packed', part: 3, ready: true, title: 'Packed pixels, replicated bins',
    line: 'Four pixels per load from a storage buffer, and histogram copies against contention.' },
];

export const parts = {
  1: 'Part 1: computing a histogram',
  2: 'Part 2: four channels, GPU drawing, video',
  3: 'Beyond the article: faster kernels',
};
