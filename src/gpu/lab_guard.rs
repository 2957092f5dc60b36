//! The kernel lab's loop guard: every loop of a text, found by reading it as WGSL's
//! tokens are made (comments ending at any of WGSL's line breaks, identifiers of
//! any script), gets a counter of its own, declared just before it, a round
//! counted at the top of its body and, past a bound, a `break` that the lab
//! reports. The counter is a function's variable, not a module's: WGSL's
//! uniformity analysis takes every module-scope variable as non-uniform, so a
//! `break` on one made a later `workgroupBarrier` non-uniform and browsers refused
//! valid kernels; a function's variable counted in a uniform loop stays uniform.
//! The names the guard adds are the lab's own: a text that uses one is refused, so
//! that it cannot switch the guard off.

/// What a guard does at the top of each round of a loop.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Guard {
    /// Keeps the most rounds one loop went round, once entered, in `labGuard[slot]`.
    Measure,
    /// Past this many rounds of one loop, breaks and sets `labGuard[slot]`.
    Bound(u64),
}

/// The names the guard declares (its counters are `labRounds0`, `labRounds1`...).
const NAMES: [&str; 3] = ["labRounds", "labMaxRounds", "labGuard"];

/// WGSL's line breaks: a `//` comment ends at any of them.
fn line_break(c: char) -> bool {
    matches!(
        c,
        '\n' | '\u{b}' | '\u{c}' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}'
    )
}

/// WGSL's blankspace outside ASCII.
fn blank(c: char) -> bool {
    matches!(
        c,
        '\u{85}' | '\u{200e}' | '\u{200f}' | '\u{2028}' | '\u{2029}'
    )
}

/// Part of an identifier: WGSL's tokens are ASCII but for identifiers, so any
/// other character that is not blankspace belongs to one.
fn word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || (!c.is_ascii() && !blank(c))
}

/// Where a comment starting at byte `i` ends (block comments nest), if one does.
fn comment_end(text: &str, i: usize) -> Option<usize> {
    let rest = &text[i..];
    if rest.starts_with("//") {
        return Some(rest.find(line_break).map_or(text.len(), |e| i + e));
    }
    if !rest.starts_with("/*") {
        return None;
    }
    let (mut j, mut depth) = (i + 2, 1);
    while j < text.len() && depth > 0 {
        if text[j..].starts_with("/*") {
            depth += 1;
            j += 2;
        } else if text[j..].starts_with("*/") {
            depth -= 1;
            j += 2;
        } else {
            j += text[j..].chars().next().map_or(1, char::len_utf8);
        }
    }
    Some(j.min(text.len()))
}

/// The words of `text` outside comments, each with the byte it starts at.
fn words(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        if let Some(end) = comment_end(text, i) {
            i = end;
            continue;
        }
        let c = text[i..].chars().next().expect("i is at a character");
        if word(c) {
            let end = text[i..].find(|c| !word(c)).map_or(text.len(), |e| i + e);
            out.push((i, &text[i..end]));
            i = end;
        } else {
            i += c.len_utf8();
        }
    }
    out
}

/// The first of the guard's names that `text` uses, to be refused.
pub fn reserved(text: &str) -> Option<String> {
    let counter = |w: &str| {
        w.strip_prefix(NAMES[0])
            .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
    };
    words(text)
        .into_iter()
        .map(|(_, w)| w)
        .find(|w| counter(w) || NAMES.contains(w))
        .map(str::to_string)
}

/// `text` with every loop guarded (a round counted at the top of its body; the
/// guard's word `slot` of `labGuard`, at `binding`); whether it has any loop.
/// Nothing is inserted on a line of its own, so the compiler's lines are the text's.
pub fn guarded(text: &str, guard: Guard, slot: usize, binding: usize) -> (String, bool) {
    // Tint's subgroup uniformity asks more than the barriers': a loop whose rounds
    // differ between lanes, guarded, makes the subgroup calls after it
    // "non-uniform". The text as written passed that analysis (compile_messages),
    // so the guarded copy turns it off, on the directive's own line.
    let text = &text.replacen(
        "enable subgroups;",
        "enable subgroups; diagnostic(off, subgroup_uniformity);",
        usize::from(cfg!(target_arch = "wasm32")),
    );
    // Where each loop starts, and where its body does.
    let mut inserts = Vec::new();
    for (at, _) in words(text)
        .into_iter()
        .filter(|(_, w)| matches!(*w, "loop" | "for" | "while"))
    {
        // The body's brace: the first `{` outside the loop's parentheses.
        let mut j = at;
        let mut depth = 0i32;
        while j < text.len() {
            if let Some(end) = comment_end(text, j) {
                j = end;
                continue;
            }
            match text.as_bytes()[j] {
                b'(' => depth += 1,
                b')' => depth -= 1,
                b'{' if depth == 0 => {
                    inserts.push((at, j + 1));
                    break;
                }
                _ => {}
            }
            j += 1;
        }
    }
    let round = |k: usize| {
        match guard {
        Guard::Measure => {
            format!(" labRounds{k}++; atomicMax(&labGuard[{slot}], labRounds{k});")
        }
        Guard::Bound(_) => format!(
            " labRounds{k}++; if labRounds{k} > labMaxRounds {{ atomicStore(&labGuard[{slot}], 1u); break; }}"
        ),
    }
    };
    let mut out = String::with_capacity(text.len() + inserts.len() * 120 + 300);
    let mut from = 0;
    for (k, &(start, body)) in inserts.iter().enumerate() {
        out.push_str(&text[from..start]);
        out.push_str(&format!("var labRounds{k} = 0u; "));
        out.push_str(&text[start..body]);
        out.push_str(&round(k));
        from = body;
    }
    out.push_str(&text[from..]);
    let any = !inserts.is_empty();
    if any {
        let bound = match guard {
            Guard::Bound(rounds) => {
                format!(
                    "const labMaxRounds = {}u;\n",
                    rounds.min(u32::MAX as u64 - 1)
                )
            }
            Guard::Measure => String::new(),
        };
        out.push_str(&format!(
            "\n// Added by the kernel lab: the guard on every loop.\n\
             {bound}\
             @group(0) @binding({binding}) var<storage, read_write> labGuard: array<atomic<u32>>;\n"
        ));
    }
    (out, any)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loops_are_guarded_on_their_own_lines_and_comments_are_not() {
        let text = "// a for loop in a comment\nfn f() {\n  for (var i = 0u; i < (2u); i++) {\n    loop { break; }\n  }\n  /* while { */ while x < 3 { x++; }\n  let format = 1;\n}\n";
        let (out, any) = guarded(text, Guard::Bound(100), 1, 3);
        assert!(any);
        assert_eq!(out.matches("++; if labRounds").count(), 3);
        let body: Vec<_> = out.lines().take(text.lines().count()).collect();
        assert!(body[0].ends_with("comment"));
        assert!(body[2].starts_with(
            "  var labRounds0 = 0u; for (var i = 0u; i < (2u); i++) { labRounds0++; if labRounds0 > labMaxRounds"
        ));
        assert!(body[3].starts_with("    var labRounds1 = 0u; loop { labRounds1++;"));
        assert!(body[5].contains("var labRounds2 = 0u; while x < 3 { labRounds2++;"));
        assert!(
            !out.contains("var<private>"),
            "a function's counters, not a module's"
        );
        assert!(out.contains("@binding(3) var<storage, read_write> labGuard"));
        assert!(out.contains("atomicStore(&labGuard[1], 1u)"));
        assert!(out.contains("const labMaxRounds = 100u;"));
        let plain = "fn f() {}\n";
        assert_eq!(guarded(plain, Guard::Measure, 0, 0), (plain.into(), false));
    }

    /// The red team's blinds: a comment ended by another of WGSL's line breaks, and
    /// identifiers of other scripts, before a loop.
    #[test]
    fn loops_after_other_line_breaks_and_scripts_are_guarded() {
        for end in ['\u{b}', '\u{c}', '\r', '\u{85}', '\u{2028}', '\u{2029}'] {
            let text = format!("fn f() {{ // a comment{end} loop {{ }} }}\n");
            let (out, any) = guarded(&text, Guard::Bound(64), 0, 1);
            assert!(
                any && out.contains("loop { labRounds0++;"),
                "{end:?}: {out}"
            );
        }
        let text = "fn f() { let été = 1u; var n = été; while n > 0u { n = n; } }\n";
        assert!(guarded(text, Guard::Bound(64), 0, 1)
            .0
            .contains("while n > 0u { labRounds0++;"));
        // A word that holds a keyword is no loop.
        let text = "fn f() { let forévér = 1u; let whileé = { }; }\n";
        assert!(!guarded(text, Guard::Bound(64), 0, 1).1);
    }

    #[test]
    fn the_guards_names_are_refused_and_comments_may_hold_them() {
        let said = |text: &str| reserved(text);
        assert_eq!(
            said("fn f() { let labMaxRounds = 1u; }").as_deref(),
            Some("labMaxRounds")
        );
        assert_eq!(
            said("var<private> labRounds: u32;").as_deref(),
            Some("labRounds")
        );
        assert_eq!(
            said("fn f() { labRounds3 = 0u; }").as_deref(),
            Some("labRounds3")
        );
        assert_eq!(
            said("// labGuard\nfn f() { let labGuards = 1; let labRoundsX = 2; }"),
            None
        );
    }
}
