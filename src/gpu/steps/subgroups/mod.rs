//! Past the article: the privatized pass (../privatized) with a subgroup's lanes
//! voting on whether they all hold one colour, and then adding once for all,
//! where the GPU offers subgroups.

use super::{Diagram, Fit, Step};
use crate::gpu::grid::privatized_groups;
use crate::gpu::kernels::{Bind, ChunkShape, Kernel, Workgroup};
use crate::gpu::plan::{BandAt, Plan};
use crate::histogram::Spec;
use crate::image::Image;
use crate::sim::programs::{bin_index, lines, rgb_at, By, Op, Planned, Vote, Workgroup as Lanes};
use crate::sim::{Memory, Pass};

pub const SUBGROUPS: Kernel = Kernel {
    name: "subgroups",
    wgsl: include_str!("subgroups.wgsl"),
    workgroup: Workgroup::Fixed(256),
    binds: &[Bind::Bins, Bind::Tile, Bind::Uniform],
    does: "a subgroup of one colour adds once",
};

pub struct Subgroups;

impl Step for Subgroups {
    fn name(&self) -> &'static str {
        "subgroups"
    }

    fn label(&self) -> &'static str {
        "subgroups (ours)"
    }

    fn timed(&self) -> bool {
        true
    }

    fn kernels(&self) -> &'static [Kernel] {
        &[SUBGROUPS]
    }

    fn features(&self) -> wgpu::Features {
        wgpu::Features::SUBGROUP
    }

    /// The privatized kernel's bands: its loops are the same.
    fn band(&self, fit: Fit, tile: [u32; 2]) -> (u32, u32) {
        super::privatized::Privatized.band(fit, tile)
    }

    fn dispatch(&self, plan: &mut Plan, fit: Fit, band: BandAt) {
        let groups = privatized_groups(band.size, fit.limits.max_workgroups);
        plan.dispatch(SUBGROUPS, Some(band.tile), band.slot, [groups, 1, 1]);
    }

    /// A sky over a field, one workgroup, in subgroups of the sizes GPUs have.
    fn diagram(&self) -> Option<Diagram> {
        Some(Diagram {
            picture: crate::sim::sky_picture,
            lanes: &[4, 8, 16, 32, 64],
            ..Diagram::ARTICLE
        })
    }

    /// Lane `l` of subgroup `k` is invocation `k × lanes + l` of its workgroup
    /// (how GPUs number a one-dimensional workgroup's lanes, which WGSL leaves
    /// open). Subgroups with no pixel and no bin to copy out vote, add nothing and
    /// are not simulated: the pass's idle. A lane that a branch leaves out of an
    /// instruction has `Masked` there, so that its subgroup's lanes keep in step.
    fn program(&self, image: &Image, spec: Spec, _chunk: ChunkShape, lanes: u32) -> Vec<Planned> {
        const LOOP: &str =
            "for (var first = workgroup_id.x * workgroupSize; first < count; first += stride)";
        const HAS: &str = "let has = first + local_invocation_index < count;";
        const LOAD: &str = "rgb = rgb8(textureLoad(ourTexture, band.origin + position, 0));";
        const BALLOT: &str = "let ballot = countOneBits(subgroupBallot(has));";
        const FIRST: &str = "let firstColour = subgroupBroadcastFirst(colour);";
        const ALL: &str = "let alike = subgroupAll(!has | (colour == firstColour));";
        const BIN: &str = "let bin = binOf(rgb, ch) * channels + ch;";
        const LEADER: &str = "let leader = lane == lowestLane(subgroupBallot(true));";
        const LEAD: &str = "if (leader && lanes > 0u)";
        const ADD_LANES: &str = "atomicAdd(&bins[bin], lanes);";
        const ELSE_HAS: &str = "} else if (has) {";
        const ADD_ONE: &str = "atomicAdd(&bins[bin], 1u);";
        const BARRIER: &str = "workgroupBarrier();";
        const FLUSH: &str =
            "for (var bin = local_invocation_index; bin < numBins * channels; bin += workgroupSize)";
        const COUNT: &str = "let count = atomicLoad(&bins[bin]);";
        const IF_COUNT: &str = "if (count != 0u)";
        const RESULT: &str = "atomicAdd(&result[bin], count);";
        const SIZE: u32 = 256;
        let (width, count) = (image.width(), image.pixel_count() as u32);
        let entries = spec.len() as u32;
        let groups = privatized_groups([width, image.height()], u32::MAX);
        let stride = groups * SIZE;
        let pixel = |i: u32| (i < count).then(|| rgb_at(image, i % width, i / width));
        let mut planned = Vec::new();
        let mut simulated = 0;
        for g in 0..groups {
            let rounds: Vec<u32> = (g * SIZE..count).step_by(stride as usize).collect();
            let mut local = vec![0u32; spec.len()];
            let mut invocations: Lanes = Vec::new();
            for k in 0..SIZE / lanes {
                let first_lane = k * lanes;
                let any = rounds.iter().any(|&f| f + first_lane < count);
                if !any && first_lane >= entries {
                    continue;
                }
                let mut programs = vec![Vec::new(); lanes as usize];
                for &first in &rounds {
                    let at = |l: u32| pixel(first + first_lane + l);
                    let has = (0..lanes).filter(|&l| at(l).is_some()).count() as u32;
                    let colour = |l: u32| at(l).unwrap_or([0; 3]);
                    let alike = (0..lanes).all(|l| at(l).is_none_or(|c| c == colour(0)));
                    for (l, ops) in programs.iter_mut().enumerate() {
                        let l = l as u32;
                        ops.extend([Op::Line(LOOP), Op::Line(HAS)]);
                        let i = first + first_lane + l;
                        ops.push(if i < count {
                            Op::Pixel(LOAD, i % width, i / width)
                        } else {
                            Op::Masked
                        });
                        ops.extend([
                            Op::Vote(BALLOT, k, Vote::Ballot { lanes: has }),
                            Op::Vote(FIRST, k, Vote::First { rgb: colour(0) }),
                            Op::Vote(ALL, k, Vote::All { alike }),
                            // Every lane is active here: lane 0 leads.
                            Op::Line(LEADER),
                        ]);
                        for ch in 0..spec.channels.count() {
                            ops.extend([Op::Line(lines::FOR_CH), Op::Line(BIN)]);
                            let bin = bin_index(colour(l), ch, spec);
                            let at = Memory::Local { group: g, bin };
                            if alike {
                                ops.push(Op::Line(LEAD));
                                if l == 0 && has > 0 {
                                    ops.push(Op::Atomic(ADD_LANES, at, By::N(has)));
                                    local[bin as usize] += has;
                                } else {
                                    ops.push(Op::Masked);
                                }
                            } else {
                                ops.push(Op::Line(ELSE_HAS));
                                if i < count {
                                    ops.push(Op::Atomic(ADD_ONE, at, By::One));
                                    local[bin as usize] += 1;
                                } else {
                                    ops.push(Op::Masked);
                                }
                            }
                        }
                    }
                }
                for (l, ops) in programs.into_iter().enumerate() {
                    invocations.push(([first_lane + l as u32, 0], ops));
                }
            }
            // The copy out: a lane with no bin (or an empty one) sits it out.
            let copies = entries.div_ceil(SIZE);
            for (lane, ops) in invocations.iter_mut() {
                ops.push(Op::Barrier(BARRIER));
                for bin in (0..copies).map(|c| lane[0] + c * SIZE) {
                    if bin >= entries {
                        ops.extend([Op::Masked; 4]);
                        continue;
                    }
                    let at = Memory::Local { group: g, bin };
                    ops.extend([Op::Line(FLUSH), Op::Peek(COUNT, at), Op::Line(IF_COUNT)]);
                    ops.push(if local[bin as usize] != 0 {
                        Op::Atomic(RESULT, Memory::Bins { bin }, By::Peeked)
                    } else {
                        Op::Masked
                    });
                }
            }
            simulated += invocations.len() as u32;
            planned.push(invocations);
        }
        vec![Planned {
            pass: Pass {
                idle: groups * SIZE - simulated,
                ..Pass::of(SUBGROUPS, [groups, 1], SIZE, None)
            },
            groups: planned,
        }]
    }
}

/// `source` (this kernel's) with its subgroup size kept in `labGuard[1]` and each
/// atomicAdd to workgroup memory counted in `labGuard[2]`, each on the line it
/// follows (the lab's guard declares `labGuard`); `None` where a line it edits is
/// not there once.
pub fn tallied(source: &str) -> Option<String> {
    let edits = [
        (
            "@builtin(subgroup_invocation_id) lane: u32,",
            " @builtin(subgroup_size) labLanes: u32,",
        ),
        (
            "let alike = subgroupAll(!has | (colour == firstColour));",
            " atomicMax(&labGuard[1], labLanes);",
        ),
        ("atomicAdd(&bins[bin], lanes);", " atomicAdd(&labGuard[2], 1u);"),
        ("atomicAdd(&bins[bin], 1u);", " atomicAdd(&labGuard[2], 1u);"),
    ];
    let mut text = source.to_string();
    for (line, add) in edits {
        if text.matches(line).count() != 1 {
            return None;
        }
        text = text.replacen(line, &format!("{line}{add}"), 1);
    }
    Some(text)
}
