//! A step's kernels as one text, each after its mark (what the chapters show and
//! the kernel lab edits), and such a text cut back into its kernels (what the lab
//! compiles and the diagrams play).

use super::kernels::{ChunkShape, Kernel};
use crate::histogram::Spec;

/// The line that starts each kernel in the text.
fn mark(kernel: &Kernel) -> String {
    format!("// ---- {}.wgsl ----", kernel.name)
}

/// Every one of `kernels`, as compiled for `spec` and `chunk`, each after its mark.
pub fn of(kernels: &[Kernel], spec: Spec, chunk: ChunkShape) -> String {
    kernels
        .iter()
        .map(|k| format!("{}\n{}", mark(k), k.source(spec, chunk)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The text cut into `kernels` (in their order), each with the line its text
/// starts on; a sentence where the marks are not theirs.
pub fn sections(kernels: &[Kernel], text: &str) -> Result<Vec<(Kernel, String, u32)>, String> {
    let mut found: Vec<(Kernel, Vec<&str>, u32)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(k) = kernels.iter().find(|k| line.trim_end() == mark(k)) {
            found.push((*k, Vec::new(), i as u32 + 2));
        } else if let Some((_, lines, _)) = found.last_mut() {
            lines.push(line);
        } else if !line.trim().is_empty() {
            return Err(format!(
                "line {}: the text must start with the line '{}'",
                i + 1,
                mark(&kernels[0])
            ));
        }
    }
    let names: Vec<_> = found.iter().map(|(k, _, _)| k.name).collect();
    let want: Vec<_> = kernels.iter().map(|k| k.name).collect();
    if names != want {
        let marks: Vec<_> = kernels.iter().map(mark).collect();
        return Err(format!(
            "each kernel starts with its line, in this order: {}",
            marks.join(", ")
        ));
    }
    Ok(found
        .into_iter()
        .map(|(k, lines, first)| (k, lines.join("\n") + "\n", first))
        .collect())
}
