//! Standard output, every write checked: a full disk or a closed file ends the run
//! with one line on stderr and a status of 1, never a panic, never a line lost
//! and exit 0. (A reader that went away ends the tool by SIGPIPE: main.rs.)

use std::io::{Error, ErrorKind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// Whether descriptor 1 was closed as the process started (`histogram ... >&-`):
/// Rust's runtime opens /dev/null in its place before `main`, and every line
/// would be lost with status 0. Read by an ELF constructor, which runs first.
static CLOSED: AtomicBool = AtomicBool::new(false);
/// The same for descriptor 0 (`<&-`): /dev/null in its place read as an empty
/// list, and a total of no file came out with status 0.
static CLOSED_INPUT: AtomicBool = AtomicBool::new(false);

extern "C" fn note_closed_output() {
    // SAFETY: F_GETFD on descriptors 0 and 1 reads their flags and changes nothing.
    let closed = |fd| unsafe { libc::fcntl(fd, libc::F_GETFD) } == -1;
    CLOSED.store(closed(1), Ordering::Relaxed);
    CLOSED_INPUT.store(closed(0), Ordering::Relaxed);
}

/// Whether standard input was closed as the process started.
pub fn input_closed() -> bool {
    CLOSED_INPUT.load(Ordering::Relaxed)
}

#[used]
#[link_section = ".init_array"]
static NOTE_CLOSED_OUTPUT: extern "C" fn() = note_closed_output;

/// Descriptor 1 is written directly: Rust's `stdout()` takes a closed descriptor
/// (EBADF) for one that accepts everything, and `histogram ... >&-` lost every
/// line with status 0. Whole lines are written at once, so nothing is buffered;
/// this lock keeps one writer's bytes together.
static OUT: Mutex<()> = Mutex::new(());

/// Writes `bytes` whole, or says why it could not.
pub fn put(bytes: &[u8]) -> Result<(), String> {
    let _one_at_a_time = OUT.lock().unwrap_or_else(|e| e.into_inner());
    if CLOSED.load(Ordering::Relaxed) {
        return Err("cannot write the output: standard output is closed".to_string());
    }
    write_all(1, bytes).map_err(|e| format!("cannot write the output: {e}"))
}

/// Writes `bytes` whole to descriptor `fd`, retrying where a signal interrupted.
fn write_all(fd: i32, mut left: &[u8]) -> Result<(), Error> {
    while !left.is_empty() {
        // SAFETY: write(2) from a live slice, its length given.
        let n = unsafe { libc::write(fd, left.as_ptr().cast(), left.len()) };
        let e = match n {
            1.. => {
                left = &left[n as usize..];
                continue;
            }
            0 => Error::from(ErrorKind::WriteZero),
            _ => Error::last_os_error(),
        };
        if e.kind() != ErrorKind::Interrupted {
            return Err(e);
        }
    }
    Ok(())
}

/// A line on standard error (the `warn!` of main.rs), checked as standard
/// output's are. Where stderr refuses it (a full disk behind `2>>log`,
/// `2>/dev/full`) nothing more can be said: the tool ends at once with status 1,
/// once any line being written to the output is whole. `eprintln!` panicked
/// there instead, and a panic on the main thread inside the counting scope waited
/// for ever on workers that never finished. A line is one line on the terminal:
/// control characters in it (a file's name may hold an escape sequence or a
/// newline) are written escaped (`\u{1b}`, `\n`), never raw.
pub fn warn(line: std::fmt::Arguments) {
    let mut text = String::new();
    for c in line.to_string().chars() {
        if c.is_control() {
            text.extend(c.escape_default());
        } else {
            text.push(c);
        }
    }
    text.push('\n');
    // Lines from several threads stay whole (one write each, under the lock).
    static ERR: Mutex<()> = Mutex::new(());
    let written = {
        let _one_at_a_time = ERR.lock().unwrap_or_else(|e| e.into_inner());
        write_all(2, text.as_bytes())
    };
    if written.is_err() {
        let _output_whole = OUT.lock().unwrap_or_else(|e| e.into_inner());
        std::process::exit(1);
    }
}

/// `put`, for a command's whole output: its status, 0 or 1 with the reason said.
pub fn put_all(command: &str, bytes: &[u8]) -> i32 {
    match put(bytes) {
        Ok(()) => 0,
        Err(e) => {
            warn!("{command}: {e}");
            1
        }
    }
}

/// A line of a report (`bench`, `adjust --time`): where the output refuses it, the
/// tool ends here with status 1, said once, since the rest would be lost too.
pub fn say(line: String) {
    if let Err(e) = put(format!("{line}\n").as_bytes()) {
        warn!("histogram: {e}");
        std::process::exit(1);
    }
}
