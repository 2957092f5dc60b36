//! `histogram`: image histograms from the command line, on the GPU (or the CPU);
//! `histogram adjust`, the adjustments; `histogram scope`, the scopes; `histogram
//! bench`, the GPU benchmark.

use std::os::unix::fs::DirBuilderExt as _;

/// A line on standard error, its write checked (out::warn): every message of the
/// tool goes through here, never `eprintln!`, which panics where stderr is full.
macro_rules! warn {
    ($($arg:tt)*) => {
        $crate::out::warn(format_args!($($arg)*))
    };
}

mod adjust_command;
mod arg_values;
mod bench_command;
mod count_command;
mod file_lines;
mod input;
mod options;
mod out;
mod run_files;
mod scope_command;
mod totals_read;

fn main() {
    quiet_by_pipe();
    quiet_runtime_dir();
    std::process::exit(run());
}

/// A reader that goes away (`histogram *.png | head`) ends the tool as it ends
/// every Unix tool, by SIGPIPE, quietly: Rust ignores the signal, and the next
/// print would panic on the broken pipe.
fn quiet_by_pipe() {
    // SAFETY: restores the signal's default action before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Mesa's Vulkan drivers print "XDG_RUNTIME_DIR is invalid or not set" twice on
/// stderr where it is missing (a container, a cron job); stderr is for the tool's
/// own words, so a private one is made for the run. Set before any thread starts.
fn quiet_runtime_dir() {
    let usable =
        std::env::var_os("XDG_RUNTIME_DIR").is_some_and(|dir| std::path::Path::new(&dir).is_dir());
    if usable {
        return;
    }
    // One for every run (as `make test` uses), not a new one each time.
    let dir = std::env::temp_dir().join("histogram-xdg");
    let made = std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(&dir);
    if made.is_ok() {
        std::env::set_var("XDG_RUNTIME_DIR", &dir);
    }
}

/// Runs the command named (`adjust`, `scope`, `bench`, `merge`), else counts the
/// images given.
fn run() -> i32 {
    use clap::Parser as _;
    use options::{Cli, Command};
    let cli = Cli::parse();
    let gpu = cli.gpu.options();
    match cli.command {
        Some(Command::Adjust(args)) => adjust_command::run(args, &gpu),
        Some(Command::Scope(args)) => scope_command::run(args, &gpu),
        Some(Command::Bench(args)) => bench_command::run(args, &gpu),
        Some(Command::Merge(args)) => totals_read::merge(args),
        None => count_command::run(cli.count, &gpu),
    }
}
