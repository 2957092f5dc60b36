//! Scopes: histograms in two dimensions, as video editors read them. A scope is
//! a folder here (its definition, its WGSL where it has a count of its own, its
//! CPU reference, its drawing at natural size, its graticule's words, where a
//! pixel lies on it, the controls it offers) and a line of `scopes!`; the
//! studio, the scope chapters, the command line's `scope` and the exports ask
//! `Scope::kind`. Shared here and beside: the counts, their JSON, the
//! graticules, the labels, the overlays and the reference lines.

use crate::histogram::{luminance, Channels, Spec};
use crate::image::{Image, Region};
use crate::json::{Entries, Rows};

mod labelled;
mod nits;
mod overlay;
mod plot;
mod reference_lines;
mod scope_lines;
pub use labelled::*;
pub use nits::*;
pub use overlay::*;
pub use parade::*;
pub use plot::*;
pub use reference_lines::*;
pub use scope_lines::*;
pub use vectorscope::*;
pub use waveform::*;

/// Value levels of a waveform column, per channel.
pub const LEVELS: usize = 256;

/// What a scope is to every surface that shows one: its folder here and a line
/// of `scopes!`.
pub trait Kind: Sync {
    /// Its name in the pages, on the command line and in JSON.
    fn name(&self) -> &'static str;
    /// The counts it is drawn from.
    fn counted(&self) -> Counted;
    /// The controls it offers beside its drawing, in the studio and its chapter.
    fn controls(&self) -> &'static [Control];
    /// The channels the command line draws (0 R, 1 G, 2 B, 3 luminance).
    fn drawn_channels(&self) -> &'static [usize] {
        &[3]
    }
    /// Columns it draws for a picture `width` pixels wide, where it draws by the
    /// picture's columns (held to `MAX_COLUMNS`).
    fn columns(&self, _width: u32) -> Option<u64> {
        None
    }
    /// How shaders/scope/scope.wgsl draws it (its `ScopeView.kind`).
    fn drawn_as(&self) -> u32;
    /// How many times its drawing magnifies the plane it counts, at `zoom` and
    /// `size` (`Scope::size`).
    fn magnification(&self, _size: u32, _zoom: f32) -> f32 {
        1.0
    }
    /// Drawn at natural size from its own `counted` counts, the `shown` channels.
    fn draw(&self, counts: &Counts, shown: &[usize], style: Style) -> Image;
    /// Its graticule's words (`Label`) at `zoom` on a grid of `size`.
    fn labels(&self, size: u32, zoom: f32, graticule: Graticule) -> Vec<Label>;
    /// Where the pixel `at` lies on it drawn with the `shown` channels at `zoom`
    /// on a grid of `size` (`scope_points`).
    fn points(&self, size: u32, at: Pointed, shown: &[usize], zoom: f32) -> Vec<Point>;
}

/// A pixel to place on a scope: its column of the columns counted, its R, G and
/// B, its Y′ as decoded where the scope counts that, and the matrix its chroma
/// is read by.
#[derive(Clone, Copy, Debug)]
pub struct Pointed {
    pub column: u32,
    pub columns: u32,
    pub rgb: [u8; 3],
    pub luma: Option<u8>,
    pub matrix: Matrix,
}

/// The counts a scope is drawn from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counted {
    /// Every column's levels of R, G, B and luminance (`Waveform`).
    Columns,
    /// A grid of chroma (`Vectorscope`).
    Chroma,
}

impl Counted {
    /// The first scope of the registry drawn from these counts: where counts of
    /// one kind are drawn as a scope that counts another.
    pub fn scope(self) -> Scope {
        let own = Scope::ALL.into_iter().find(|s| s.kind().counted() == self);
        own.expect("every kind of counts has a scope")
    }
}

/// A control a scope offers beside its drawing; the pages build their forms
/// from these (`scopes` in the page crate).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Control {
    /// Which of R, G, B and luminance it draws, overlaid.
    Channels,
    /// Luminance as a part of its own, first (YRGB).
    Yrgb,
    /// Counted on a grid whose side the visitor picks (`Scope::size`).
    Grid,
    /// Magnified about its middle.
    Zoom,
    /// Its levels read as HDR codes, its lines named in nits.
    Nits,
    /// Luminance as the video's decoder made it (Y′ as decoded).
    DecodedLuma,
    /// Reference lines the visitor types, across its levels.
    Lines,
}

/// The registry: each scope's variant and folder, in the pages' order. A
/// variant with a field is counted on a grid of that many cells a side.
macro_rules! scopes {
    ($($(#[$doc:meta])* $variant:ident $({ $field:ident })? => $module:ident,)*) => {
        $(mod $module;)*

        /// Which scope.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Scope {
            $($(#[$doc])* $variant $({ $field: u32 })?,)*
        }

        impl Scope {
            /// Every scope, each on its finest grid.
            pub const ALL: [Scope; [$(stringify!($variant)),*].len()] =
                [$(Scope::$variant $({ $field: LEVELS as u32 })?,)*];

            /// Its folder: everything about it.
            pub fn kind(self) -> &'static dyn Kind {
                match self {
                    $(Scope::$variant $({ $field: _ })? => &$module::KIND,)*
                }
            }

            /// The side of the grid it counts on: a vectorscope's cells, or 256.
            pub fn size(self) -> u32 {
                match self {
                    $(Scope::$variant $({ $field })? => [$($field,)? LEVELS as u32][0],)*
                }
            }

            /// The same scope on a grid of `size` cells a side, where it has one.
            pub fn with_size(self, size: u32) -> Scope {
                match self {
                    $(Scope::$variant $({ $field: _ })? => Scope::$variant $({ $field: size })?,)*
                }
            }
        }
    };
}

scopes! {
    /// For every column, a histogram of its levels.
    Waveform => waveform,
    /// The waveforms of the channels side by side (the waveform's counts).
    Parade => parade,
    /// A histogram of chroma; `size` cells a side, a divisor of 256.
    Vectorscope { size } => vectorscope,
}

impl Counted {
    /// The kernel that counts them.
    pub fn kernel(self) -> crate::gpu::Kernel {
        match self {
            Counted::Columns => WAVEFORM_KERNEL,
            Counted::Chroma => VECTORSCOPE_KERNEL,
        }
    }
}

impl Scope {
    pub fn name(self) -> &'static str {
        self.kind().name()
    }

    /// The scope called `name`, counted on a grid of `size` (where it has one).
    pub fn named(name: &str, size: u32) -> Result<Scope, String> {
        let scope = Scope::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or_else(|| format!("no scope called '{name}'"))?;
        scope.with_size(size).check()
    }

    /// Checks the side of a grid it is counted on, with the reason when it
    /// cannot be.
    pub fn check(self) -> Result<Scope, String> {
        let size = self.size();
        if self.offers(Control::Grid) && (size == 0 || size > 256 || 256 % size != 0) {
            return Err(format!(
                "the {}'s size divides 256 (1, 2, 4, ... 256), not {size}",
                self.name()
            ));
        }
        Ok(self)
    }

    /// Whether the surfaces offer `control` beside it.
    pub fn offers(self, control: Control) -> bool {
        self.kind().controls().contains(&control)
    }
}

/// A scope's counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Counts {
    Waveform(Waveform),
    Vectorscope(Vectorscope),
}

impl Counts {
    /// The counts in JSON (see `waveform_json`, `vectorscope_json`); `size` is the
    /// image's.
    pub fn json(&self, file: &str, size: (u32, u32), region: Option<Region>) -> String {
        match self {
            Counts::Waveform(w) => waveform_json(file, w, size, region),
            Counts::Vectorscope(v) => vectorscope_json(file, v, size, region),
        }
    }

    /// The scope drawn at natural size from its counts, the `shown` channels (0 R,
    /// 1 G, 2 B, 3 luminance). (`Scope::fits` says beforehand whether it can be.)
    /// Counts of another kind than `scope` counts are drawn as the first scope
    /// that counts them: a drawing, never a panic.
    pub fn draw(&self, scope: Scope, shown: &[usize], style: Style) -> Image {
        let scope = if scope.kind().counted() == self.counted() {
            scope
        } else {
            self.counted().scope().with_size(self.size())
        };
        scope.kind().draw(self, shown, style)
    }

    /// How they were counted.
    pub fn counted(&self) -> Counted {
        match self {
            Counts::Waveform(_) => Counted::Columns,
            Counts::Vectorscope(_) => Counted::Chroma,
        }
    }

    /// The side of the grid they were counted on (`Scope::size`).
    fn size(&self) -> u32 {
        match self {
            Counts::Waveform(_) => LEVELS as u32,
            Counts::Vectorscope(v) => v.size,
        }
    }

    /// The waveform's counts, which a scope of `Counted::Columns` is drawn from.
    pub fn columns(&self) -> Option<&Waveform> {
        match self {
            Counts::Waveform(w) => Some(w),
            Counts::Vectorscope(_) => None,
        }
    }

    /// The vectorscope's counts, which a scope of `Counted::Chroma` is drawn from.
    pub fn chroma(&self) -> Option<&Vectorscope> {
        match self {
            Counts::Vectorscope(v) => Some(v),
            Counts::Waveform(_) => None,
        }
    }
}

impl Scope {
    /// Why the scope of a picture `width` pixels wide cannot be counted in
    /// `budget` bytes (a waveform keeps 4 x 256 counts a column) or has more
    /// columns than `MAX_COLUMNS`; None when it can.
    pub fn fits(self, width: u32, budget: u64) -> Option<String> {
        let columns = self.kind().columns(width)?;
        if columns > MAX_COLUMNS {
            return Some(format!(
                "the {} of a picture {width} pixels wide has {columns} columns, more than the \
                 {MAX_COLUMNS} a scope is counted in; count a region of it (--region)",
                self.name(),
            ));
        }
        let counts = width as u64 * (4 * LEVELS as u64) * 4;
        (counts > budget).then(|| {
            format!(
                "a waveform of a picture {width} pixels wide keeps {} of counts, more than the \
                 {} available; count a region of it (--region)",
                crate::image::amount(counts),
                crate::image::amount(budget)
            )
        })
    }
}

/// The most columns a waveform or parade has (a column a picture column, the
/// parade three): 3 x 16384 columns of 4 x 256 counts are 192 MiB, and drawn, 12
/// megapixels; a wider picture's scope is of a region of it.
pub const MAX_COLUMNS: u64 = 3 << 14;

/// `scope` of `image` (or of `region` of it) on the CPU, its chroma read by
/// `matrix`: the reference.
pub fn count(
    image: &Image,
    region: Option<Region>,
    scope: Scope,
    matrix: Matrix,
) -> Result<Counts, String> {
    let scope = scope.check()?;
    Ok(match scope.kind().counted() {
        Counted::Columns => Counts::Waveform(waveform(image, region)?),
        Counted::Chroma => Counts::Vectorscope(vectorscope(image, region, scope.size(), matrix)?),
    })
}

/// The region counted: all of `image` where none is given.
fn counted(image: &Image, region: Option<Region>) -> Result<Region, String> {
    let region = region.unwrap_or(Region::whole(image.width(), image.height()));
    region.within(image.width(), image.height())?;
    Ok(region)
}
