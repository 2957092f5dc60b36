// The studio's scopes in a window of their own (issue #77, item 4), to put on a
// second monitor: the browser's Document Picture-in-Picture window where it has
// one (it stays over other windows), a plain window otherwise. The scopes'
// figures move there and back; their canvases keep the page's GPU device (a
// canvas of another window of the page's origin takes it), and a surface is made
// for each where it stands, so a device lost and replaced draws there too. The
// window closes with the page; closed, the figures come back.
import { el } from './site.js';
import { t } from './l10n.js';

const SIZE = { width: 1000, height: 640 };

/**
 * A button that moves `frame` (the scopes' figures) into a window and back:
 * `moved()` after each move (a surface made for each canvas where it stands),
 * `resized()` after the window's resizes, `say(words)` where no window opens.
 */
export function scopeWindow(frame, { moved, resized, say }) {
  const button = el('button', { type: 'button', id: 'scope-window', 'aria-pressed': 'false' }, t('scope-window-open'));
  const heading = el('h1', {}, t('scope-window-title'));
  let win = null;
  let home = null;

  async function open() {
    // Disabled till the figures stand in the window, or it closed first.
    button.disabled = true;
    const opened = await opening();
    button.disabled = false;
    if (!opened) return;
    const doc = win.document;
    doc.body.className = 'scope-window';
    home = [frame.parentNode, frame.nextSibling];
    doc.body.replaceChildren(el('main', {}, heading, frame));
    win.addEventListener('pagehide', back);
    win.addEventListener('resize', resized);
    button.setAttribute('aria-pressed', 'true');
    button.textContent = t('scope-window-close');
    moved();
  }

  /** A window with the site's look loaded (the figures' canvases are sized by
   * it), `win` from its opening (the page's leaving closes it), or null where
   * none opened (said) or it closed before it loaded. */
  async function opening() {
    let opened = null;
    try {
      opened = await window.documentPictureInPicture?.requestWindow(SIZE);
    } catch {
      // Refused (no user gesture left, or not here): a plain window instead.
    }
    opened ??= window.open('', 'histogram-scopes', `popup,width=${SIZE.width},height=${SIZE.height}`);
    if (!opened) {
      say(t('scope-window-blocked'));
      return null;
    }
    win = opened;
    // Closed while it loads: its pagehide, or, where a closing fires none (no
    // window has a 'closed' event), its `closed` seen on a look every 250 ms.
    let looking;
    const gone = new Promise((done) => {
      opened.addEventListener('pagehide', done, { once: true });
      looking = setInterval(() => opened.closed && done(), 250);
    });
    const closed = opened.closed || await Promise.race([dressed(opened.document), gone.then(() => true)]);
    clearInterval(looking);
    if (!closed && !opened.closed) return opened;
    win = null;
    return null;
  }

  /** False once `doc` has the page's language and the site's look. */
  function dressed(doc) {
    doc.documentElement.lang = document.documentElement.lang;
    doc.documentElement.dir = document.documentElement.dir;
    doc.title = t('scope-window-title');
    const sheet = el('link', { rel: 'stylesheet', href: new URL('style.css', import.meta.url).href });
    const loaded = new Promise((done) => { sheet.onload = done; sheet.onerror = done; });
    doc.head.append(sheet);
    return loaded.then(() => false);
  }

  /** The figures back in the page; the window closed (if it is not closing). */
  function back() {
    if (!home) return;
    const [parent, next] = home;
    home = null;
    parent.insertBefore(frame, next);
    const closing = win;
    win = null;
    closing.removeEventListener('pagehide', back);
    closing.close();
    button.setAttribute('aria-pressed', 'false');
    button.textContent = t('scope-window-open');
    moved();
  }

  button.addEventListener('click', () => (win ? back() : open()));
  window.addEventListener('pagehide', () => win?.close());
  return {
    button,
    /** Whether the scopes stand in their window. */
    get open() { return home !== null; },
  };
}
