// Every scope and overlay of issue #77 a studio build has, turned on in `doc` (the
// studio's document): the three scopes, zebra at 95%, reference lines, the
// cumulative view, the scopes held as B. A build without some turns on those it
// has. For driver.js (in the page) and bench/studio.mjs (page.evaluate).
export function overlaysOn(doc = document) {
  for (const id of ['scope-waveform', 'scope-parade', 'scope-vectorscope']) {
    const box = doc.getElementById(id);
    if (box && !box.checked) box.click();
  }
  const set = (id, value) => {
    const field = doc.getElementById(id);
    if (!field) return;
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
  };
  set('zebra-level', '95');
  set('overlay', 'zebra');
  set('scope-lines', '16, 235, 5%, 95%');
  doc.querySelector('input[name=scale][value=cumulative]')?.click();
  doc.getElementById('scope-hold')?.click();
}
