// Whether this browser's WebGPU adapter writes a compute pass's timestamps as the
// pass runs (DECISIONS 107). One compute pass of a fixed loop is timed by its
// timestamps and by the wall clock from submit to its read back, alone and after
// a render pass (in the same submission and in the one before), `rounds` times
// each way, in turn. Mesa's llvmpipe (Firefox's software adapter here) writes a
// timestamp when it rasterizes its drawing: after a render pass, the pass's
// timestamps span microseconds however long it ran.
// Usage: [ENGINE=firefox] node bench/timestamps.mjs [rounds]   (after `make dist`)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { start, engine } from '../tests/browser/harness.mjs';

const rounds = Number(process.argv[2] ?? 5);
const page = `<!doctype html><meta charset=utf-8><title>timestamps</title><body><script type=module>
const adapter = await navigator.gpu.requestAdapter();
const info = adapter.info;
const device = await adapter.requestDevice({ requiredFeatures: ['timestamp-query'] });
const module = device.createShaderModule({ code: \`
@group(0) @binding(0) var<storage, read_write> acc: array<u32>;
@compute @workgroup_size(64) fn cs(@builtin(global_invocation_id) id: vec3u) {
  var x = id.x;
  for (var i = 0u; i < 20000u; i++) { x = x * 1664525u + 1013904223u; }
  acc[id.x] = x;
}\` });
const pipeline = device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: 'cs' } });
const buffer = device.createBuffer({ size: 4 * 64 * 64, usage: GPUBufferUsage.STORAGE });
const group = device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer } }] });
const queries = device.createQuerySet({ type: 'timestamp', count: 2 });
const resolved = device.createBuffer({ size: 16, usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC });
const read = device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
const target = device.createTexture({ size: [512, 512], format: 'rgba8unorm', usage: GPUTextureUsage.RENDER_ATTACHMENT });
const draw = (encoder) => encoder.beginRenderPass({ colorAttachments: [{ view: target.createView(), loadOp: 'clear', storeOp: 'store', clearValue: [0, 0, 0, 1] }] }).end();
async function timed(before) {
  const encoder = device.createCommandEncoder();
  if (before === 'same') draw(encoder);
  const pass = encoder.beginComputePass({ timestampWrites: { querySet: queries, beginningOfPassWriteIndex: 0, endOfPassWriteIndex: 1 } });
  pass.setPipeline(pipeline);
  pass.setBindGroup(0, group);
  pass.dispatchWorkgroups(64);
  pass.end();
  encoder.resolveQuerySet(queries, 0, 2, resolved, 0);
  encoder.copyBufferToBuffer(resolved, 0, read, 0, 16);
  if (before === 'previous') {
    const drawing = device.createCommandEncoder();
    draw(drawing);
    device.queue.submit([drawing.finish()]);
  }
  const t0 = performance.now();
  device.queue.submit([encoder.finish()]);
  await read.mapAsync(GPUMapMode.READ);
  const wall = performance.now() - t0;
  const [a, b] = new BigUint64Array(read.getMappedRange().slice(0));
  read.unmap();
  return [Number(b - a) / 1e6, wall];
}
await timed('none');
const ways = ['none', 'same', 'previous'];
const rows = Object.fromEntries(ways.map((w) => [w, []]));
for (let r = 0; r < ${rounds}; r++) for (const w of ways) rows[w].push(await timed(w));
window.result = { adapter: [info.vendor, info.architecture, info.description].filter(Boolean).join(' ') || '(unnamed)', fallback: info.isFallbackAdapter, rows };
</script>`;

const dir = mkdtempSync(join(tmpdir(), 'histogram-timestamps-'));
writeFileSync(join(dir, 'index.html'), page);
const browser = await start([], { root: dir });
try {
  const tab = await browser.open('/index.html', { state: null });
  await tab.waitForFunction(() => window.result !== undefined);
  const { adapter, fallback, rows } = await tab.evaluate(() => window.result);
  console.log(`${engine}, adapter ${adapter}${fallback ? ' (fallback)' : ''}: one compute pass, ms by its timestamps / by the wall clock, ${rounds} rounds in turn`);
  const said = { none: 'alone', same: 'after a render pass, same submission', previous: 'after a render pass, submission before' };
  for (const [way, times] of Object.entries(rows)) {
    console.log(`  ${said[way].padEnd(40)} ${times.map(([gpu, wall]) => `${gpu.toFixed(3)}/${wall.toFixed(1)}`).join('  ')}`);
  }
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
