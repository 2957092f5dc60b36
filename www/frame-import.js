// The hardware path of a live video's frames: the element's frame imported as an
// external texture and written as RGBA into the Live's texture by
// shaders/frames/import.wgsl, through the browser's own device (wgpu 30's web
// backend cannot bind external textures), on the same queue as wgpu's, so the
// count and the drawing that follow see the frame.
import { importSource } from '../pkg/histogram.js';
import { passTimer } from './frame-pace.js';

/** The import pass into `live` on `gpu`'s device; `run(video)` imports the element's frame now. */
export function importPass(gpu, live) {
  const device = gpu.rawDevice;
  const module = device.createShaderModule({ code: importSource() });
  const pipeline = device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: 'cs' } });
  const timer = gpu.timestamps ? passTimer(device) : null;
  const target = live.importTarget;
  return {
    live,
    /** The pass's timer, where the device has timestamps (its `ms`). */
    timer,
    run(video) {
      const bindGroup = device.createBindGroup({
        layout: pipeline.getBindGroupLayout(0),
        entries: [{ binding: 0, resource: device.importExternalTexture({ source: video }) }, { binding: 1, resource: target }],
      });
      const encoder = device.createCommandEncoder();
      const timed = timer?.idle();
      const pass = encoder.beginComputePass(timed ? { timestampWrites: timer.writes } : {});
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, bindGroup);
      pass.dispatchWorkgroups(Math.ceil(live.width / 16), Math.ceil(live.height / 16));
      pass.end();
      if (timed) timer.resolve(encoder);
      device.queue.submit([encoder.finish()]);
      if (timed) timer.read();
      live.imported();
    },
  };
}
