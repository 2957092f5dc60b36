// The page shell: what every page does the same way, once. The pages say what
// they show; this takes the files they are given and sizes their canvases.

/** The project's own video, the video pages' first source. */
export const DEFAULT_VIDEO = 'media/sunset.webm';

/** Sizes `canvas` to its box in device pixels. */
export function fitCanvas(canvas) {
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.round(canvas.clientWidth * dpr));
  canvas.height = Math.max(1, Math.round(canvas.clientHeight * dpr));
}

/**
 * Files given to the page, each handed to `open(file)`: chosen with `picker`,
 * dropped anywhere on the page (`area` lit while one is dragged over it), or
 * pasted (the first file on the clipboard whose type starts with one of `kinds`).
 */
export function takeFiles({ picker, area, open, kinds = ['image/'] }) {
  picker.addEventListener('change', () => picker.files[0] && open(picker.files[0]));
  document.addEventListener('dragover', (e) => { e.preventDefault(); area.classList.add('over'); });
  document.addEventListener('dragleave', () => area.classList.remove('over'));
  document.addEventListener('drop', (e) => {
    e.preventDefault();
    area.classList.remove('over');
    if (e.dataTransfer.files[0]) open(e.dataTransfer.files[0]);
  });
  document.addEventListener('paste', (e) => {
    const file = [...(e.clipboardData?.files ?? [])].find((f) => kinds.some((k) => f.type.startsWith(k)));
    // A pasted screenshot has no name.
    if (file) open(new File([file], file.name || 'pasted picture', { type: file.type }));
  });
}
