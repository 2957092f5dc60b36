//! The native engine over the `histogram` core: image files counted band by band
//! on the GPU or by the CPU method (`count`), and sums of many pictures (`total`).
//! The command line (src/cli) and the Python package are shells over it: same
//! counts, same notes, same messages.

pub mod count;
pub mod total;
