//! JSON as every surface writes it (the command line's lines, the pages' readouts):
//! by serde_json, one object on one line, spaced as Python's `json.dumps` spaces it
//! (`", "` and `": "`), numbers as Rust prints them (`255`, not `255.0`; never an
//! exponent), NaN and infinities as `null`.

use serde::ser::{Serialize, SerializeMap as _, SerializeSeq as _, Serializer};
use std::io::{self, Write};

/// `value` as one line of JSON (no newline).
pub fn line<T: Serialize + ?Sized>(value: &T) -> String {
    let mut out = Vec::new();
    let mut serializer = serde_json::Serializer::with_formatter(&mut out, Spaced);
    // Our values have string keys and no failing Serialize: writing to memory cannot fail.
    value
        .serialize(&mut serializer)
        .expect("JSON of a value in memory");
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// serde_json's compact form with a space after each comma and colon.
struct Spaced;

impl serde_json::ser::Formatter for Spaced {
    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if first {
            Ok(())
        } else {
            w.write_all(b", ")
        }
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.begin_array_value(w, first)
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(b": ")
    }

    fn write_f32<W: ?Sized + Write>(&mut self, w: &mut W, value: f32) -> io::Result<()> {
        write!(w, "{value}")
    }

    fn write_f64<W: ?Sized + Write>(&mut self, w: &mut W, value: f64) -> io::Result<()> {
        write!(w, "{value}")
    }
}

/// Named values written as one object's entries, in the order given (a struct's
/// `#[serde(flatten)]` field for keys known only at run time: a histogram's channels).
pub struct Entries<'a, T>(pub Vec<(&'a str, T)>);

impl<T: Serialize> Serialize for Entries<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

/// Rows given by an iterator, written as a list of lists without gathering them
/// first (a waveform's columns).
pub struct Rows<F>(pub usize, pub F);

impl<'r, F: Fn(usize) -> &'r [u32]> Serialize for Rows<F> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0))?;
        for i in 0..self.0 {
            seq.serialize_element((self.1)(i))?;
        }
        seq.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_spaced_numbers_as_rust_prints_them() {
        let value = Entries(vec![
            ("a", vec![255.0, 0.5, f64::NAN]),
            ("b\"c", vec![1e20, -0.0, 1.0 / 3.0]),
        ]);
        assert_eq!(
            line(&value),
            "{\"a\": [255, 0.5, null], \"b\\\"c\": [100000000000000000000, -0, 0.3333333333333333]}"
        );
    }
}
