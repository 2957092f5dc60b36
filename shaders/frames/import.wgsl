// A video frame by the hardware path: the browser's own frame as an external
// texture (importExternalTexture: no copy to the CPU and back, the decoder's
// output sampled where it is, its YUV converted by the browser's sampler), written
// once as RGBA into the frame texture that counting and drawing read.

@group(0) @binding(0) var frame: texture_external;
@group(0) @binding(1) var rgba: texture_storage_2d<rgba8unorm, write>;

@compute @workgroup_size(16, 16) fn cs(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(rgba))) {
    return;
  }
  textureStore(rgba, id.xy, textureLoadExternal(id.xy));
}

// The frame's texel at `at`, its size scaled to the target's (the element's size
// and the decoded size differ when pixels are not square).
fn textureLoadExternal(at: vec2u) -> vec4f {
  let scaled = at * textureDimensions(frame) / textureDimensions(rgba);
  return textureLoad(frame, scaled);
}
