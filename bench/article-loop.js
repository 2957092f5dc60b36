// The plain JavaScript histogram loops of the article's CPU step, written here for
// the speed comparison in bench/cpu.mjs (not used by the site). Floats, an Array of
// bins, one pass over ImageData's bytes: what a reader would write first.
const luminance = (r, g, b) => Math.min(1, r * 0.2126 + g * 0.7152 + b * 0.0722);

export function histogram1(numBins, { width, height, data }) {
  const bins = new Array(numBins).fill(0);
  for (let y = 0; y < height; ++y) {
    for (let x = 0; x < width; ++x) {
      const at = (y * width + x) * 4;
      const v = luminance(data[at] / 255, data[at + 1] / 255, data[at + 2] / 255);
      ++bins[Math.min(numBins - 1, (v * numBins) | 0)];
    }
  }
  return bins;
}

export function histogram4(numBins, { width, height, data }) {
  const bins = new Array(numBins * 4).fill(0);
  for (let y = 0; y < height; ++y) {
    for (let x = 0; x < width; ++x) {
      const at = (y * width + x) * 4;
      const r = data[at] / 255;
      const g = data[at + 1] / 255;
      const b = data[at + 2] / 255;
      const values = [r, g, b, luminance(r, g, b)];
      for (let ch = 0; ch < 4; ++ch) {
        ++bins[Math.min(numBins - 1, (values[ch] * numBins) | 0) * 4 + ch];
      }
    }
  }
  return bins;
}
