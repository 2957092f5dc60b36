//! Part 2's drawing played by the simulator: the scale pass (scale.wgsl, one
//! invocation) over bins already counted, then the draw pass's fragment shader
//! (draw.wgsl's `fs`) once a pixel of a tiny canvas, each from its own WGSL as the
//! GPU compiles it. A fragment is given what the rasterizer gives it: its pixel's
//! centre, and the quad's texture coordinate there (the quad's matrix undone).
//! Its canvas equals the GPU's draw of the same bins, pixel for pixel
//! (tests/native/sim.rs, and the chapter beside this GPU's).

use super::dispatch::{from_words, Dispatch, Global, State};
use super::invocation::Invocation;
use super::kernel::{Event, Kernel};
use super::values::{Result, Value};
use super::{Act, Invocation as Drawn, Pass, Source, Step, Trace};
use crate::gpu::{draw_source, panel_uniforms, Bind, ChunkShape, PanelStyle, SCALE};
use crate::histogram::Spec;
use crate::image::Image;
use crate::layout::Panel;
use std::collections::{BTreeMap, HashMap};

/// The canvas the diagram draws: two columns a bin of three, and eight rows, whose
/// centres (odd sixteenths) no bar of the introduction's picture ends on.
pub const CANVAS: [u32; 2] = [6, 8];

/// What a global of one of the two passes is, by its binding (as gpu/bars.rs
/// binds them): the bins, the scale, or a uniform whose words are given.
enum Bound<'a> {
    Bins,
    Scale,
    Uniform(&'a [u32]),
}

/// One of the two passes: its kernel, entry point, bindings and invocations
/// (workgroups of one: the scale's one, the draw's a fragment a pixel).
struct Played<'a> {
    kernel: &'a Kernel,
    entry: (&'static str, naga::ShaderStage),
    bound: [Bound<'a>; 3],
    groups: [u32; 2],
}

/// The scale pass and the draw of `bins` (interleaved as `spec` says, counted
/// over `image`) into a `CANVAS` showing the channels `shown` (0 R ... 3
/// luminance), as a trace; and the two kernels' texts, by name.
pub fn simulate_draw(
    image: &Image,
    bins: &[u32],
    spec: Spec,
    shown: &[usize],
) -> Result<(Trace, BTreeMap<&'static str, Source>)> {
    if bins.len() != spec.len() || spec.len() > 64 {
        return Err("the diagram draws at most 64 bins, as many as the spec says".into());
    }
    let entries = [image.pixel_count().min(u32::MAX as u64) as u32, 0, 0, 0];
    let uniforms: Vec<u32> = panel_uniforms(spec, &Panel::full(shown), PanelStyle::default())
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes(w.try_into().unwrap()))
        .collect();
    let scale_text = SCALE.source(spec, ChunkShape::default());
    let draw_text = draw_source(spec);
    let scale = Kernel::parse(scale_text.clone(), &[])?;
    let draw = Kernel::parse(draw_text.clone(), &[])?;
    let mut state = State {
        bins: bins.to_vec(),
        chunks: Vec::new(),
        local: Vec::new(),
        held: HashMap::new(),
        scale: [[0.0; 4]; 2],
        taken: 0,
    };
    let mut invocations = Vec::new();
    let mut steps = Vec::new();
    let [w, h] = CANVAS;
    // The quad's texture coordinate at a pixel's centre: the matrix that placed
    // the unit square on the canvas, undone (it is affine: w stays 1).
    let matrix: [f32; 16] = std::array::from_fn(|i| f32::from_bits(uniforms[i]));
    let unplace = glam::Mat4::from_cols_array(&matrix).inverse();
    let passes = [
        Played {
            kernel: &scale,
            entry: ("cs", naga::ShaderStage::Compute),
            bound: [Bound::Bins, Bound::Scale, Bound::Uniform(&entries)],
            groups: [1, 1],
        },
        Played {
            kernel: &draw,
            entry: ("fs", naga::ShaderStage::Fragment),
            bound: [Bound::Bins, Bound::Uniform(&uniforms), Bound::Scale],
            groups: CANVAS,
        },
    ];
    for (p, pass) in passes.iter().enumerate() {
        let Played {
            kernel,
            entry: (name, stage),
            bound,
            groups,
        } = pass;
        let entry = kernel.entry(name, *stage)?;
        let module = &kernel.module;
        let mut globals = HashMap::new();
        let mut given = HashMap::new();
        for (g, var) in module.global_variables.iter() {
            let Some(binding) = &var.binding else {
                continue;
            };
            match bound.get(binding.binding as usize) {
                Some(Bound::Bins) => {
                    globals.insert(g, Global::Bind(Bind::Bins));
                }
                Some(Bound::Scale) => {
                    globals.insert(g, Global::Scale);
                }
                Some(Bound::Uniform(words)) => {
                    globals.insert(g, Global::Bind(Bind::Uniform));
                    given.insert(g, from_words(module, var.ty, words, 0));
                }
                None => {
                    return Err(format!(
                        "binding {} is not one the pass binds",
                        binding.binding
                    ))
                }
            }
        }
        let mut memories = Dispatch {
            state: &mut state,
            globals,
            uniforms: given,
            image,
            alone: false,
        };
        for g in 0..groups[0] * groups[1] {
            let (x, y) = (g % groups[0], g / groups[0]);
            let centre = Value::C(vec![
                Value::F(x as f32 + 0.5),
                Value::F(y as f32 + 0.5),
                Value::F(0.0),
                Value::F(1.0),
            ]);
            let ndc = glam::Vec3::new(
                2.0 * (x as f32 + 0.5) / w as f32 - 1.0,
                1.0 - 2.0 * (y as f32 + 0.5) / h as f32,
                0.0,
            );
            let uv = unplace.transform_point3(ndc);
            let texcoord = Value::C(vec![Value::F(uv.x), Value::F(uv.y)]);
            let given = |binding: &Option<naga::Binding>| match binding {
                Some(naga::Binding::BuiltIn(naga::BuiltIn::Position { .. })) => Ok(centre.clone()),
                Some(naga::Binding::Location { location: 0, .. }) => Ok(texcoord.clone()),
                other => Err(format!("the diagram does not give {other:?}")),
            };
            let args = entry
                .function
                .arguments
                .iter()
                .map(|a| match (&a.binding, &module.types[a.ty].inner) {
                    (None, naga::TypeInner::Struct { members, .. }) => Ok(Value::C(
                        members
                            .iter()
                            .map(|m| given(&m.binding))
                            .collect::<Result<_>>()?,
                    )),
                    (binding, _) => given(binding),
                })
                .collect::<Result<Vec<_>>>()?;
            let id = invocations.len() as u32;
            invocations.push(Drawn {
                pass: p as u32,
                group: [x, y],
                local: [0, 0],
                group_index: g,
            });
            let step = |line, act| Step {
                invocation: id,
                line,
                act,
            };
            steps.push(step(0, Act::Start { slot: 0 }));
            let mut inv = Invocation::new(kernel, entry, g, args);
            loop {
                memories.state.take()?;
                steps.push(match inv.step(&mut memories)? {
                    Event::Line(line) => step(line, Act::Line),
                    Event::Load { line, at, value } => step(line, Act::Load { at, value }),
                    Event::Fetch { line, at, value } => step(line, Act::Fetch { at, value }),
                    Event::Put { line, at, value } => step(line, Act::Put { at, value }),
                    Event::Output { line, value } => {
                        let rgba = super::values::floats4(&value)?
                            .map(|c| (c.clamp(0.0, 1.0) * 255.0).round() as u8);
                        step(line, Act::Colour { rgba })
                    }
                    Event::Return(line) => step(line, Act::Return),
                    Event::Done => {
                        steps.push(step(0, Act::Done));
                        break;
                    }
                    other => return Err(format!("the drawing's kernels do not {other:?}")),
                });
            }
        }
    }
    let pass = |kernel, groups: [u32; 2]| Pass {
        kernel,
        groups,
        group_size: 1,
        idle: 0,
        stride: None,
    };
    let trace = Trace {
        method: "gpu-draw",
        width: image.width(),
        height: image.height(),
        num_bins: spec.num_bins,
        channels: spec.channels.count(),
        chunk: [1, 1],
        chunks: 0,
        lanes: 0,
        slots: 1,
        seed: 0,
        passes: vec![pass("scale", [1, 1]), pass("draw", CANVAS)],
        invocations,
        steps,
        bins: bins.to_vec(),
        lost: vec![0; bins.len()],
        canvas: Some(CANVAS),
    };
    let sources = BTreeMap::from([
        (
            "scale",
            Source {
                text: scale_text,
                first: 1,
            },
        ),
        (
            "draw",
            Source {
                text: draw_text,
                first: 1,
            },
        ),
    ]);
    Ok((trace, sources))
}

/// The canvas a draw's trace coloured, in reading order (transparent where no
/// fragment wrote).
pub fn canvas_of(trace: &Trace) -> Vec<[u8; 4]> {
    let [w, h] = trace.canvas.unwrap_or([0, 0]);
    let mut pixels = vec![[0; 4]; (w * h) as usize];
    for s in &trace.steps {
        if let Act::Colour { rgba } = s.act {
            let m = trace.invocations[s.invocation as usize];
            pixels[(m.group[1] * w + m.group[0]) as usize] = rgba;
        }
    }
    pixels
}
