// Every example page over an image: its options are data attributes of <main>, so
// the pages carry no inline script (their Content-Security-Policy allows none).
// data-method: 'cpu' or a GPU method; data-channels: 1 or 4; data-chunk-options:
// offer the chunk shapes; data-reruns: run again side by side (the race page);
// data-draw="gpu": the GPU draws the histograms.
import { imagePage } from './site.js';

const options = document.querySelector('main').dataset;
imagePage({
  method: options.method,
  channels: Number(options.channels ?? 1),
  chunkOptions: 'chunkOptions' in options,
  reruns: Number(options.reruns ?? 0),
  draw: options.draw ?? 'cpu',
});
