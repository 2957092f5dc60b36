// A plain static file server: no dependencies, loopback only, correct MIME types
// (application/wasm lets the browser compile while downloading). `make serve`
// serves the working tree; the browser tests serve the built dist/ folder, also
// under a subfolder (`prefix`), as a static host would. Text and wasm go gzipped
// where the browser asks, as every static host sends them (the wasm is 2.3 MB,
// 0.8 MB gzipped).
import { createServer } from 'node:http';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(fileURLToPath(new URL('..', import.meta.url)));
const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.json': 'application/json',
  '.wgsl': 'text/plain; charset=utf-8', '.png': 'image/png', '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml', '.webm': 'video/webm', '.mp4': 'video/mp4', '.ico': 'image/x-icon',
};

const compressible = new Set(['.html', '.js', '.css', '.wasm', '.json', '.wgsl', '.svg']);
/** Gzipped files by path, made once for each modification time. */
const gzipped = new Map();
function gzipOf(file, stat) {
  const kept = gzipped.get(file);
  if (kept?.mtime === stat.mtimeMs) return kept.bytes;
  const bytes = gzipSync(readFileSync(file));
  gzipped.set(file, { mtime: stat.mtimeMs, bytes });
  return bytes;
}

/**
 * Serves the folder `root` at http://host:port/prefix/; `instead` maps a path
 * under the prefix to another file served in its place (the browser tests' small
 * video for the site's default one).
 */
export function serve(port = 8000, { host = '127.0.0.1', root = repo, prefix = '/', instead = {} } = {}) {
  root = resolve(root);
  const server = createServer((req, res) => {
    let path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const inside = path.startsWith(prefix);
    path = path.slice(prefix.length - 1);
    if (path.endsWith('/')) path += 'index.html';
    const file = instead[path] ?? normalize(join(root, path));
    let stat;
    try { stat = inside && (file.startsWith(root) || path in instead) && statSync(file); } catch { stat = null; }
    if (!stat || !stat.isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`not found: ${req.url}\n`);
      return;
    }
    // Validators, as a static host sends them: `no-cache` has the browser ask
    // again each time, and an unchanged file is answered 304, not sent again, so
    // a second page reuses the wasm it downloaded (and compiled) for the first.
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    const gzip = compressible.has(extname(file)) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
      && !(range && (range[1] || range[2]));
    // (Its gzipped bytes are another representation, with a tag of their own.)
    const etag = `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}${gzip ? '-gz' : ''}"`;
    const headers = {
      'content-type': types[extname(file)] ?? 'application/octet-stream',
      'accept-ranges': 'bytes',
      'cache-control': 'no-cache',
      etag,
      'last-modified': stat.mtime.toUTCString(),
    };
    const given = req.headers['if-none-match'];
    if (given ? given.split(/\s*,\s*/).includes(etag) : req.headers['if-modified-since'] === headers['last-modified']) {
      res.writeHead(304, { etag, 'cache-control': 'no-cache' }).end();
      return;
    }
    // One byte range, as every static host answers it: a video is seekable only
    // where its server answers ranges.
    if (range && (range[1] || range[2])) {
      const start = range[1] ? Number(range[1]) : Math.max(0, stat.size - Number(range[2]));
      const end = range[1] && range[2] ? Math.min(Number(range[2]), stat.size - 1) : stat.size - 1;
      if (start > end || start >= stat.size) {
        res.writeHead(416, { 'content-range': `bytes */${stat.size}` }).end();
        return;
      }
      res.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${end}/${stat.size}`, 'content-length': end - start + 1 });
      createReadStream(file, { start, end }).pipe(res);
      return;
    }
    if (gzip) {
      const bytes = gzipOf(file, stat);
      delete headers['accept-ranges'];
      res.writeHead(200, { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding', 'content-length': bytes.length }).end(bytes);
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': stat.size });
    createReadStream(file).pipe(res);
  });
  return new Promise((ok) => server.listen(port, host, () => ok(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2] ?? 8000);
  const root = process.argv[3] ?? repo;
  const server = await serve(port, { root });
  console.log(`Serving ${resolve(root)} on http://127.0.0.1:${server.address().port}/  (Ctrl-C stops)`);
}
