// Draws a video frame (or any image) over the whole target with "cover" fit: the
// matrix maps the target's unit square to the part of the frame that shows, so the
// frame fills the target and its overflow is cropped, never stretched.

struct Cover {
  matrix: mat4x4f,
};

struct VSOutput {
  @builtin(position) position: vec4f,
  @location(0) texcoord: vec2f,
};

@group(0) @binding(0) var frame: texture_2d<f32>;
@group(0) @binding(1) var frameSampler: sampler;
@group(0) @binding(2) var<uniform> cover: Cover;

@vertex fn vs(@builtin(vertex_index) vertexIndex: u32) -> VSOutput {
  let pos = array(
    vec2f(0.0, 0.0), vec2f(1.0, 0.0), vec2f(0.0, 1.0),
    vec2f(0.0, 1.0), vec2f(1.0, 0.0), vec2f(1.0, 1.0),
  );
  let xy = pos[vertexIndex];
  var vsOutput: VSOutput;
  vsOutput.position = vec4f(xy * 2.0 - 1.0, 0.0, 1.0);
  // Texture rows run top to bottom; clip space runs bottom to top.
  vsOutput.texcoord = (cover.matrix * vec4f(xy.x, 1.0 - xy.y, 0.0, 1.0)).xy;
  return vsOutput;
}

@fragment fn fs(fsInput: VSOutput) -> @location(0) vec4f {
  return textureSample(frame, frameSampler, fsInput.texcoord);
}
