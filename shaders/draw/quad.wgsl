// The one shape every render pass here draws: the unit square as two triangles,
// placed on its target by a matrix; each fragment gets its place in the square.

struct VSOutput {
  @builtin(position) position: vec4f,
  @location(0) texcoord: vec2f,
};

// Corner `i` (0 to 5) of the square's two triangles.
fn quadCorner(i: u32) -> vec2f {
  let pos = array(
    vec2f(0.0, 0.0), vec2f(1.0, 0.0), vec2f(0.0, 1.0),
    vec2f(0.0, 1.0), vec2f(1.0, 0.0), vec2f(1.0, 1.0),
  );
  return pos[i];
}

// Corner `i` placed by `matrix` (unit square to clip space), its texcoord the corner.
fn placedQuad(i: u32, matrix: mat4x4f) -> VSOutput {
  let xy = quadCorner(i);
  var out: VSOutput;
  out.position = matrix * vec4f(xy, 0.0, 1.0);
  out.texcoord = xy;
  return out;
}
