// The home page: every example in reading order, and whether this browser has WebGPU,
// asked of the browser itself: the home page loads no wasm.
// (Links are relative to index.html, which loads this module.)
import { examples, parts } from './examples.js';
import { adapterDescription } from './site.js';
import { t, tAttr, tNodes } from './l10n.js';
import { thumbnail } from './diagram.js';

const list = document.getElementById('examples');
for (const part of parts) {
  const h2 = document.createElement('h2');
  h2.textContent = t(`part-${part}`);
  const ul = document.createElement('ul');
  ul.className = 'examples';
  for (const e of examples.filter((e) => e.part === part)) {
    const li = document.createElement('li');
    li.dataset.example = e.id;
    // Each chapter with a small picture of what it does.
    const picture = thumbnail(e.id);
    if (picture) li.append(picture);
    const title = e.ready ? Object.assign(document.createElement('a'), { href: `www/${e.id}.html` })
      : Object.assign(document.createElement('strong'), { className: 'coming' });
    title.textContent = t(`example-${e.id}`);
    li.append(title);
    if (!e.ready) li.append(Object.assign(document.createElement('span'), { className: 'tag', textContent: t('home-coming') }));
    li.append(Object.assign(document.createElement('div'), { className: 'muted', textContent: tAttr(`example-${e.id}`, 'line') }));
    // The whole card leads to its chapter.
    if (e.ready) li.addEventListener('click', (event) => { if (event.target !== title) title.click(); });
    ul.append(li);
  }
  list.append(h2, ul);
}
// A chapter's diagram, drawn for its page's width, framed close around what it draws.
for (const svg of list.querySelectorAll('svg.thumbnail')) {
  const box = svg.getBBox();
  if (box.width > 0) svg.setAttribute('viewBox', `${box.x - 8} ${box.y - 8} ${box.width + 16} ${box.height + 16}`);
}

const status = document.getElementById('webgpu');
try {
  if (!navigator.gpu) throw new Error(t('webgpu-missing'));
  const adapter = await navigator.gpu.requestAdapter();
  if (!adapter) throw new Error(t('webgpu-no-adapter'));
  status.replaceChildren(...tNodes('home-webgpu-yes', { adapter: await adapterDescription(), timestamps: adapter.features.has('timestamp-query') ? 'yes' : 'no' }));
  document.body.dataset.webgpu = 'yes';
} catch (e) {
  status.textContent = t('home-webgpu-no', { why: e instanceof Error ? e.message : String(e) });
  document.body.dataset.webgpu = 'no';
}
document.body.dataset.state = 'done';
