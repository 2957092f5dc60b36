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
/// first (a waveform's columns), each row `Packed`.
pub struct Rows<F>(pub usize, pub F);

impl<'r, F: Fn(usize) -> &'r [u32]> Serialize for Rows<F> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0))?;
        for i in 0..self.0 {
            seq.serialize_element(&Packed((self.1)(i)))?;
        }
        seq.end()
    }
}

/// Counts written without the space after each comma: a scope's counts are
/// millions of numbers, and the spaces a third of their bytes.
pub struct Packed<'a>(pub &'a [u32]);

impl Serialize for Packed<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use std::fmt::Write as _;
        let mut text = String::with_capacity(2 + self.0.len() * 4);
        text.push('[');
        for (i, n) in self.0.iter().enumerate() {
            if i > 0 {
                text.push(',');
            }
            let _ = write!(text, "{n}");
        }
        text.push(']');
        serde_json::value::RawValue::from_string(text)
            .map_err(serde::ser::Error::custom)?
            .serialize(serializer)
    }
}

/// A path as a JSON string, written losslessly: a name that is not UTF-8 keeps
/// each byte that is not as the escape of a lone surrogate, U+DC80 to U+DCFF (the
/// form Python gives such names, so `open(json.loads(line)["file"])` opens it);
/// `path_from_json` reads it back.
#[cfg(unix)]
pub fn path_to_json(path: &std::path::Path) -> Box<serde_json::value::RawValue> {
    use std::fmt::Write as _;
    use std::os::unix::ffi::OsStrExt as _;
    let mut text = String::from("\"");
    for chunk in path.as_os_str().as_bytes().utf8_chunks() {
        let valid = serde_json::to_string(chunk.valid()).expect("JSON of a string");
        text.push_str(&valid[1..valid.len() - 1]);
        for byte in chunk.invalid() {
            write!(text, "\\udc{byte:02x}").expect("writing to a String");
        }
    }
    text.push('"');
    serde_json::value::RawValue::from_string(text).expect("a JSON string")
}

/// A path from its JSON string (`raw`, quotes and escapes as written), the escapes
/// of lone surrogates U+DC80 to U+DCFF read back as the bytes they stand for.
#[cfg(unix)]
pub fn path_from_json(raw: &str) -> Result<std::path::PathBuf, String> {
    use std::os::unix::ffi::OsStringExt as _;
    let not = || format!("is {raw}, not a path");
    let inner = raw
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(not)?;
    let mut bytes = Vec::with_capacity(inner.len());
    let mut rest = inner;
    while let Some(at) = rest.find('\\') {
        bytes.extend_from_slice(&rest.as_bytes()[..at]);
        let escape = &rest[at..];
        let hex = |from: usize| {
            escape
                .get(from..from + 4)
                .and_then(|h| u32::from_str_radix(h, 16).ok())
        };
        let (c, used) = match escape.as_bytes().get(1) {
            Some(b'u') => {
                let unit = hex(2).ok_or_else(not)?;
                match unit {
                    0xD800..=0xDBFF => {
                        let low = (escape.get(6..8) == Some("\\u"))
                            .then(|| hex(8))
                            .flatten()
                            .filter(|l| (0xDC00..=0xDFFF).contains(l))
                            .ok_or_else(not)?;
                        (0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00), 12)
                    }
                    0xDC80..=0xDCFF => {
                        bytes.push((unit - 0xDC00) as u8);
                        rest = &escape[6..];
                        continue;
                    }
                    0xDC00..=0xDFFF => return Err(not()),
                    _ => (unit, 6),
                }
            }
            Some(&e) => {
                let c = match e {
                    b'"' => '"',
                    b'\\' => '\\',
                    b'/' => '/',
                    b'b' => '\u{8}',
                    b'f' => '\u{c}',
                    b'n' => '\n',
                    b'r' => '\r',
                    b't' => '\t',
                    _ => return Err(not()),
                };
                (c as u32, 2)
            }
            None => return Err(not()),
        };
        let c = char::from_u32(c).ok_or_else(not)?;
        bytes.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
        rest = &escape[used..];
    }
    bytes.extend_from_slice(rest.as_bytes());
    if bytes.is_empty() {
        return Err("is empty".to_string());
    }
    Ok(std::path::PathBuf::from(std::ffi::OsString::from_vec(
        bytes,
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn every_path_goes_to_json_and_back_as_it_was() {
        use std::os::unix::ffi::OsStrExt as _;
        for bytes in [
            &b"photos/a.png"[..],
            b"caf\xe9 \"quoted\"\\back\ttab.png",
            b"\xff\xfe\x80.jpg",
            "日本/写真 😀.jpg".as_bytes(),
            b"mixed \xc3\xa9 and \xc3 alone",
        ] {
            let path = std::path::Path::new(std::ffi::OsStr::from_bytes(bytes));
            let json = path_to_json(path);
            assert_eq!(path_from_json(json.get()).unwrap(), path, "{}", json.get());
            if std::str::from_utf8(bytes).is_ok() {
                let plain: String = serde_json::from_str(json.get()).unwrap();
                assert_eq!(plain.as_bytes(), bytes);
            }
        }
        assert_eq!(
            path_to_json(std::path::Path::new(std::ffi::OsStr::from_bytes(
                b"caf\xe9"
            )))
            .get(),
            "\"caf\\udce9\""
        );
        for bad in [
            "\"\\ud800\"",
            "\"\\udc00\"",
            "\"a\\q\"",
            "\"\"",
            "7",
            "\"\\u12\"",
        ] {
            assert!(path_from_json(bad).is_err(), "{bad}");
        }
    }

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
