//! What the core says to a reader (a picture's notes: how it was decoded, cut to
//! the device, counted; why a file could not be read) as a message of the
//! catalogues, `locales/<lang>/core/*.ftl`,
//! and its arguments, never as English made here: a page words it in its own
//! language (www/l10n.js, `said`), the command line and Python in English
//! (`Display`, through the fluent crates, from the same catalogue).

use serde::ser::{SerializeMap, SerializeTuple};
use std::fmt;

/// A message of `locales/<lang>/core/*.ftl` and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Words {
    id: &'static str,
    args: Vec<(&'static str, Arg)>,
}

/// An argument: words or figures as they stand (a name, a size, a float written
/// as the core writes it), a whole number each language writes its own way, or
/// another message (why a file is damaged, inside "the file is damaged (...)").
#[derive(Clone, Debug, PartialEq, Eq)]
enum Arg {
    Text(String),
    Count(u64),
    Words(Box<Words>),
}

impl Words {
    pub fn new(id: &'static str) -> Words {
        Words {
            id,
            args: Vec::new(),
        }
    }

    /// With `$name` as `value` stands (`"4099x1"`, `"0.5"`, a profile's name).
    pub fn text(mut self, name: &'static str, value: impl fmt::Display) -> Words {
        self.args.push((name, Arg::Text(value.to_string())));
        self
    }

    /// With `$name` a whole number, written and its plural chosen per language.
    pub fn count(mut self, name: &'static str, n: impl Into<u64>) -> Words {
        self.args.push((name, Arg::Count(n.into())));
        self
    }

    /// With `$name` the words of another message.
    pub fn words(mut self, name: &'static str, words: Words) -> Words {
        self.args.push((name, Arg::Words(Box::new(words))));
        self
    }

    /// The message's id.
    pub fn id(&self) -> &'static str {
        self.id
    }

    /// As the pages take it: `["id", {"name": value, ...}]` (a message as a value
    /// the same, nested).
    pub fn json(&self) -> String {
        crate::json::line(self)
    }
}

impl serde::Serialize for Words {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        struct Args<'a>(&'a [(&'static str, Arg)]);
        impl serde::Serialize for Args<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut map = s.serialize_map(Some(self.0.len()))?;
                for (name, value) in self.0 {
                    match value {
                        Arg::Text(text) => map.serialize_entry(name, text)?,
                        Arg::Count(n) => map.serialize_entry(name, n)?,
                        Arg::Words(words) => map.serialize_entry(name, words)?,
                    }
                }
                map.end()
            }
        }
        let mut pair = s.serialize_tuple(2)?;
        pair.serialize_element(self.id)?;
        pair.serialize_element(&Args(&self.args))?;
        pair.end()
    }
}

/// The English, from the source catalogue (natively: the pages word it
/// themselves, and the wasm carries no formatter).
#[cfg(not(target_arch = "wasm32"))]
impl fmt::Display for Words {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fluent_bundle::{FluentArgs, FluentValue};
        let bundle = english::bundle();
        let message = bundle
            .get_message(self.id)
            .and_then(|m| m.value())
            .unwrap_or_else(|| panic!("{}: no such message in locales/en/core", self.id));
        let mut args = FluentArgs::new();
        for (name, value) in &self.args {
            match value {
                Arg::Text(text) => args.set(*name, FluentValue::from(text.as_str())),
                Arg::Count(n) => args.set(*name, FluentValue::from(*n)),
                Arg::Words(words) => args.set(*name, FluentValue::from(words.to_string())),
            }
        }
        let mut errors = Vec::new();
        let text = bundle.format_pattern(message, Some(&args), &mut errors);
        assert!(errors.is_empty(), "{}: {errors:?}", self.id);
        f.write_str(&text)
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod english {
    use fluent_bundle::{concurrent::FluentBundle, FluentResource};
    use std::sync::OnceLock;

    /// The source language's core catalogues, in the binary.
    const CATALOGUES: [&str; 2] = [
        include_str!("../locales/en/core/notes.ftl"),
        include_str!("../locales/en/core/errors.ftl"),
    ];

    pub(super) fn bundle() -> &'static FluentBundle<FluentResource> {
        static BUNDLE: OnceLock<FluentBundle<FluentResource>> = OnceLock::new();
        BUNDLE.get_or_init(|| {
            let mut bundle =
                FluentBundle::new_concurrent(vec!["en".parse().expect("a language tag")]);
            // Fluent marks each placeable's direction for mixed scripts; a terminal
            // and a JSON line want the text alone.
            bundle.set_use_isolating(false);
            for text in CATALOGUES {
                let resource = FluentResource::try_new(text.to_string())
                    .unwrap_or_else(|(_, e)| panic!("locales/en/core: {e:?}"));
                bundle
                    .add_resource(resource)
                    .unwrap_or_else(|e| panic!("locales/en/core: {e:?}"));
            }
            bundle
        })
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::Words;

    #[test]
    fn english_and_json() {
        let w = Words::new("note-few-bits")
            .count("bits", 1u32)
            .count("levels", 2u32)
            .count("step", 255u32);
        assert_eq!(
            w.to_string(),
            "1 bit per channel, 2 levels: each is counted as the 8-bit value it stands for \
             (level x 255), which falls in the same bin."
        );
        assert_eq!(
            w.json(),
            r#"["note-few-bits", {"bits": 1, "levels": 2, "step": 255}]"#
        );
        let w = Words::new("note-profile").text("name", "Display P3");
        assert!(w.to_string().contains("(Display P3);"));
    }
}
