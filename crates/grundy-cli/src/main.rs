//! The `grundy` binary: reads the command line, runs the command over the catalog's games,
//! and turns errors into one line and an exit status (2 for a user error).

use grundy::registry::Registry;
use grundy_cli::cli;
use std::process::ExitCode;

/// Freed buffers of a megabyte or more go back to the system at once. glibc otherwise raises
/// its threshold for mapping memory to the size of the first such buffer freed, and later
/// buffers come from heaps that keep what is freed: the 400 MB of moves a graph of 10^7
/// positions is read into stayed resident after its rows were built (a peak of 950 MB,
/// not 680 MB).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn return_freed_buffers() {
    // SAFETY: mallopt only sets a parameter of the allocator; it is called before any thread
    // is started, and M_MMAP_THRESHOLD takes any size up to 32 MiB.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn return_freed_buffers() {}

fn main() -> ExitCode {
    return_freed_buffers();
    // A panic is a bug of grundy, never the user's fault: say so in one line, no backtrace.
    std::panic::set_hook(Box::new(|info| {
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".into());
        let at = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        eprintln!(
            "grundy: internal error{at}: {} (a bug in grundy; please report it with the command line)",
            what.replace('\n', " ")
        );
    }));
    let registry = Registry::catalog();
    let cli = match cli::parse_from(&registry, std::env::args_os().skip(1)) {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    let _ = e.print();
                    return ExitCode::SUCCESS;
                }
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    let _ = e.print();
                    return ExitCode::from(2);
                }
                _ => {
                    let args: Vec<String> = std::env::args_os()
                        .skip(1)
                        .map(|a| a.to_string_lossy().into_owned())
                        .collect();
                    let text = e.render().to_string();
                    eprintln!(
                        "grundy: {}",
                        cli::one_line(&cli::error_line(&registry, &text, &args))
                    );
                    return ExitCode::from(2);
                }
            }
        }
    };
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    match grundy_cli::run(&registry, cli, &mut stdin.lock(), &mut stdout.lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => match e.downcast_ref::<grundy_cli::UserError>() {
            Some(u) => {
                eprintln!("grundy: {}", cli::one_line(&u.to_string()));
                ExitCode::from(2)
            }
            None if is_broken_pipe(&e) => ExitCode::SUCCESS,
            None => {
                eprintln!("grundy: {}", cli::one_line(&format!("{e:#}")));
                ExitCode::FAILURE
            }
        },
    }
}

/// A closed output (`grundy … | head`): not an error. The write may have failed inside
/// serde_json, whose error carries the I/O error's kind.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .map(std::io::Error::kind)
            .or_else(|| {
                cause
                    .downcast_ref::<serde_json::Error>()
                    .and_then(serde_json::Error::io_error_kind)
            })
            == Some(std::io::ErrorKind::BrokenPipe)
    })
}
