//! `grundy-mpi`: grundy's jobs that outgrow one machine, dealt out to the ranks of an MPI run
//! (Open MPI through rsmpi). It parses and deals; the work is the library's and the output is
//! the `grundy` command's, byte for byte.
//!
//! - `mpirun -np N grundy-mpi tiers FILE --dir DIR`: a script's game solved tier by tier
//!   (`grundy script FILE --tiers DIR`): rank 0 explores, then hands each tier whose lower
//!   tiers are solved to an idle rank; the tiers pass through DIR's files (a shared file
//!   system on a cluster), so the run can be resumed, or read, on one machine.
//! - `mpirun -np N grundy-mpi sweep --octal-digits D --to N`: the nim-sequence of every octal
//!   code with up to D digits, one JSON line each (`grundy sequence octal CODE --to N
//!   --json`), codes dealt out one at a time as ranks ask (their costs differ by orders of
//!   magnitude), equal rules dealt once.
//! - `mpirun -np N grundy-mpi batch GAME < lines`: `grundy solve --batch GAME` with the lines
//!   dealt out in blocks, answers in input order.

mod deal;

use anyhow::{anyhow, Result};
use clap::{Parser, Subcommand};
use deal::{deal, Failed, Job, Traffic};
use grundy::registry::Registry;
use mpi::collective::{CommunicatorCollectives, Root, SystemOperation};
use mpi::topology::{Communicator, SimpleCommunicator};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// grundy's jobs dealt out to the ranks of an MPI run (run it under mpirun).
#[derive(Parser, Debug)]
#[command(name = "grundy-mpi", version)]
struct Args {
    #[command(subcommand)]
    command: Cmd,
    /// Print to standard error what crossed between the ranks and each rank's work.
    #[arg(long, global = true)]
    stats: bool,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Solve a script's game tier by tier in DIR, as `grundy script FILE --tiers DIR`.
    Tiers {
        /// The script (it must define fn tier(p)).
        file: String,
        /// The directory of the tier files, on a file system every rank sees.
        #[arg(long, value_name = "DIR")]
        dir: PathBuf,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// Solve this position (a Rhai value) instead of the script's start().
        #[arg(long, value_name = "POSITION")]
        start: Option<String>,
        /// The most memory, in GiB, each rank may plan to use for a tier and those it moves to.
        #[arg(long, value_name = "GIB", allow_negative_numbers = true)]
        max_memory: Option<f64>,
    },
    /// The nim-sequence of every octal code with up to D digits after the point, one line
    /// each, in the order of the codes.
    Sweep {
        /// Codes 0.d, 0.dd, … with up to this many digits (1 to 6).
        #[arg(long, value_name = "D")]
        octal_digits: u32,
        /// Compute G(0) … G(N) of each (a number, or a power such as 2^20).
        #[arg(long, value_name = "N")]
        to: String,
        /// Print each code's `grundy sequence --json` line (otherwise one line of text each).
        #[arg(long)]
        json: bool,
        /// Append each code's JSON line to FILE instead, as it is done; a sweep stopped (or
        /// killed) before goes on after the codes FILE holds.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Answer one position per line of standard input, as `grundy solve --batch GAME`, the
    /// lines dealt out in blocks; answers in the order of the input.
    Batch {
        /// Print JSON lines.
        #[arg(long)]
        json: bool,
        /// Lines in a block.
        #[arg(long, value_name = "K", default_value_t = 256)]
        block: usize,
        /// The game and its options, as `grundy solve` takes them.
        #[arg(required = true, trailing_var_arg = true, allow_hyphen_values = true)]
        game: Vec<String>,
    },
}

/// How long a rank waits for every rank of the run to start, unless `GRUNDY_MPI_START_SECONDS`
/// says otherwise.
const START_SECONDS: u64 = 300;

fn main() -> ExitCode {
    // MPI_Init waits for every rank of the run; if one never starts (a node that cannot run
    // the program), it would wait for ever. A watchdog ends this rank with one line instead,
    // and mpirun then ends the run.
    let patience = match std::env::var("GRUNDY_MPI_START_SECONDS") {
        Err(_) => START_SECONDS,
        Ok(s) => match s.trim().parse::<u64>() {
            Ok(n) if n > 0 => n,
            _ => {
                eprintln!("grundy-mpi: GRUNDY_MPI_START_SECONDS={s} must be a whole number of seconds above 0");
                return ExitCode::from(2);
            }
        },
    };
    let (started, watch) = std::sync::mpsc::channel::<()>();
    std::thread::spawn(move || {
        let wait = std::time::Duration::from_secs(patience);
        if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = watch.recv_timeout(wait) {
            let rank = std::env::var("OMPI_COMM_WORLD_RANK")
                .or_else(|_| std::env::var("PMI_RANK"))
                .unwrap_or_else(|_| "?".into());
            eprintln!(
                "grundy-mpi: rank {rank}: MPI did not start in {patience} s: a rank of this run \
                 could not be started (GRUNDY_MPI_START_SECONDS sets how long to wait)"
            );
            std::process::exit(2);
        }
    });
    let universe = mpi::initialize();
    drop(started);
    let Some(universe) = universe else {
        eprintln!("grundy-mpi: MPI could not be started (is this run under mpirun?)");
        return ExitCode::from(2);
    };
    let world = universe.world();
    let args = match Args::try_parse() {
        Ok(a) => a,
        Err(e) => {
            // Every rank reads the same line: rank 0 says what is wrong, all stop.
            if world.rank() == 0 {
                let _ = e.print();
            }
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match run(&world, args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            if e.downcast_ref::<Said>().is_none() {
                say(world.rank(), &format!("{e:#}"));
            }
            // Every rank stops together (see `agree` and `deal`): none is left waiting, and
            // MPI is finalized as `universe` goes.
            ExitCode::from(2)
        }
    }
}

/// The one line of a failure, naming the rank that saw it.
pub(crate) fn say(rank: i32, why: &str) {
    eprintln!("grundy-mpi: rank {rank}: {}", why.replace('\n', " "));
}

/// A failure already said (by rank 0, or by the worker that had it): this rank only stops.
#[derive(Debug)]
struct Said;

impl std::fmt::Display for Said {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("stopped with the other ranks")
    }
}

impl std::error::Error for Said {}

/// Every rank calls this at the same point with its own result: all go on if every rank
/// succeeded; otherwise all stop, and the failure is said once — by rank 0 if it had one
/// (the same arguments fail alike on every rank), else by each worker that had one.
fn agree<T>(world: &SimpleCommunicator, r: Result<T>) -> Result<T> {
    let mine = i32::from(r.is_ok());
    let mut root_ok = mine;
    world.process_at_rank(0).broadcast_into(&mut root_ok);
    let mut all = 0;
    world.all_reduce_into(&mine, &mut all, SystemOperation::min());
    match r {
        Ok(v) if all == 1 => Ok(v),
        Err(e) if world.rank() == 0 || root_ok == 1 => Err(e),
        _ => Err(Said.into()),
    }
}

/// The jobs rank 0 makes with `make` (no other rank makes any), once every rank has agreed
/// to go on.
fn jobs_from_root(
    world: &SimpleCommunicator,
    make: impl FnOnce() -> Result<Vec<Job>>,
) -> Result<Vec<Job>> {
    let jobs = if world.rank() == 0 {
        make()
    } else {
        Ok(Vec::new())
    };
    agree(world, jobs)
}

/// [`deal`], its failure said by rank 0 as it happened.
fn deal_jobs(
    world: &SimpleCommunicator,
    jobs: &[Job],
    run: &dyn Fn(&str) -> Result<String, Failed>,
    done: &mut dyn FnMut(usize, &str, bool),
) -> Result<Traffic> {
    deal(world, jobs, run, done, &|why| say(0, why)).map_err(|_| Said.into())
}

fn run(world: &SimpleCommunicator, args: Args) -> Result<()> {
    let stats = args.stats;
    let traffic = match args.command {
        Cmd::Tiers {
            file,
            dir,
            json,
            start,
            max_memory,
        } => tiers(world, &file, &dir, json, start, max_memory)?,
        Cmd::Sweep {
            octal_digits,
            to,
            json,
            out,
        } => sweep(world, octal_digits, &to, json, out.as_deref())?,
        Cmd::Batch { json, block, game } => batch(world, json, block.max(1), &game)?,
    };
    if stats && world.rank() == 0 {
        let t = traffic;
        let work: Vec<String> = t
            .per_rank
            .iter()
            .enumerate()
            .map(|(r, (jobs, secs))| format!("rank {r}: {jobs} jobs, {secs:.3} s"))
            .collect();
        eprintln!(
            "grundy-mpi: {} ranks; rank 0 sent and received {} messages, {} bytes; {}",
            world.size(),
            t.messages,
            t.bytes,
            work.join("; ")
        );
    }
    Ok(())
}

/// A failure with no output before it.
fn failed(why: impl std::fmt::Display) -> Failed {
    Failed {
        why: why.to_string(),
        output: String::new(),
    }
}

fn tiers(
    world: &SimpleCommunicator,
    file: &str,
    dir: &Path,
    json: bool,
    start: Option<String>,
    max_memory: Option<f64>,
) -> Result<Traffic> {
    let prepared = grundy::budget::gib_to_bytes(max_memory)
        .map_err(anyhow::Error::from)
        .and_then(|memory| {
            let text =
                std::fs::read_to_string(file).map_err(|e| anyhow!("cannot read {file}: {e}"))?;
            Ok((memory, grundy_script::Rules::compile(&text, file)?))
        });
    let (memory, rules) = agree(world, prepared)?;
    let opts = grundy_script::Options {
        start,
        ..grundy_script::Options::default()
    };
    grundy::budget::with_memory(memory, || {
        let open = || grundy_script::Tiers::open(&rules, &opts, dir);
        let plan = || -> Result<Vec<Job>> {
            let tiers = open()?;
            tiers.explore(&mut |_| {})?;
            // Unsolved tiers, lowest first, each after the unsolved tiers it moves to.
            let plan: Vec<_> = tiers.plan()?.into_iter().filter(|p| !p.solved).collect();
            Ok(plan
                .iter()
                .map(|p| Job {
                    text: p.tier.to_string(),
                    name: format!("tier {}", p.tier),
                    after: p
                        .below
                        .iter()
                        .filter_map(|b| plan.iter().position(|q| q.tier == *b))
                        .collect(),
                })
                .collect())
        };
        let jobs = jobs_from_root(world, plan)?;
        let run = |text: &str| -> Result<String, Failed> {
            let t: u64 = text
                .parse()
                .map_err(|_| failed(format!("not a tier: {text}")))?;
            let tiers = open().map_err(failed)?;
            let s = grundy::budget::with_memory(memory, || tiers.solve_tier(t, &mut |_| {}))
                .map_err(failed)?;
            Ok(format!(
                "tier {t}: {} positions, {} moves, {} read",
                s.positions, s.moves, s.read
            ))
        };
        let traffic = deal_jobs(world, &jobs, &run, &mut |_, _, _| {})?;
        if world.rank() == 0 {
            let report = open()?.report()?;
            let mut out = std::io::stdout().lock();
            if json {
                serde_json::to_writer(&mut out, &report)?;
                writeln!(out)?;
            } else {
                write!(out, "{}", report.text(file))?;
            }
        }
        Ok(traffic)
    })
}

/// `2^20` or a number, as `grundy sequence --to` reads it.
fn count(text: &str) -> Result<u64> {
    Ok(grundy::nat::parse_bound(text, "--to")?)
}

/// Every octal code with 1 to `digits` digits after the point, the last one not 0, in
/// increasing order of length then digits; a code whose rule equals an earlier one's is left
/// out.
fn octal_codes(digits: u32) -> Vec<String> {
    let mut codes = Vec::new();
    let mut rules = Vec::new();
    for len in 1..=digits {
        for n in 0..8u64.pow(len) {
            let code: String = (0..len)
                .rev()
                .map(|i| char::from(b'0' + (n / 8u64.pow(i) % 8) as u8))
                .collect();
            if code.ends_with('0') {
                continue;
            }
            let code = format!("0.{code}");
            let Ok(rule) = grundy::heap::parse_code(&code) else {
                continue;
            };
            if !rules.contains(&rule) {
                rules.push(rule);
                codes.push(code);
            }
        }
    }
    codes
}

fn sweep(
    world: &SimpleCommunicator,
    digits: u32,
    to: &str,
    json: bool,
    out: Option<&Path>,
) -> Result<Traffic> {
    let to = agree(
        world,
        if (1..=6).contains(&digits) {
            count(to)
        } else {
            Err(anyhow!("--octal-digits {digits} must be 1 to 6"))
        },
    )?;
    let codes = octal_codes(digits);
    let (done, mut file) = agree(
        world,
        match (out, world.rank()) {
            (Some(path), 0) => done_codes(path).map(|(done, file)| (done, Some(file))),
            _ => Ok((Vec::new(), None)),
        },
    )?;
    let jobs: Vec<Job> = if world.rank() == 0 {
        codes
            .iter()
            .filter(|c| !done.contains(c))
            .map(|c| Job {
                text: c.clone(),
                name: c.clone(),
                after: Vec::new(),
            })
            .collect()
    } else {
        Vec::new()
    };
    let whole = json || out.is_some();
    let run = |code: &str| sequence(code, to, whole).map_err(failed);
    // Lines are written in the order of the codes as soon as every earlier one is in.
    let mut stdout = std::io::stdout().lock();
    let to: &mut dyn Write = match &mut file {
        Some(f) => f,
        None => &mut stdout,
    };
    deal_in_order(world, &jobs, &run, to, &|_, line| line.to_string())
}

/// The nim-sequence of octal `code` to heap `to`: its `grundy sequence --json` line when
/// `whole`, else one line of text saying its period.
fn sequence(code: &str, to: u64, whole: bool) -> Result<String> {
    let query = Registry::catalog().parse_words(&["octal", code])?;
    let (source, name) = query.nim_sequence()?;
    let job = grundy::heap::sequence::Job {
        source,
        game: name,
        to,
        until_periodic: false,
        checkpoint: None,
        keep_values: false,
    };
    let report = job.run(&mut |_, _| {})?;
    if !whole {
        return Ok(summary(code, &report));
    }
    let named = grundy::analysis::Named {
        game: query.game()?.game_name(),
        report,
    };
    Ok(serde_json::to_string(&named)? + "\n")
}

/// The codes whose lines `path` holds (after dropping a last line cut short by a kill), and
/// the file open to append to.
fn done_codes(path: &Path) -> Result<(Vec<String>, std::fs::File)> {
    let text = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(anyhow!("cannot read {}: {e}", path.display())),
    };
    let whole = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let mut codes = Vec::new();
    for line in String::from_utf8_lossy(&text[..whole]).lines() {
        let v: serde_json::Value = serde_json::from_str(line).map_err(|_| {
            anyhow!(
                "{} holds a line that is not a sweep's: {line}",
                path.display()
            )
        })?;
        let code = v["options"]["code"].as_str().unwrap_or_default();
        codes.push(code.to_string());
    }
    let file = std::fs::OpenOptions::new()
        .create(true)
        .write(true)
        .truncate(false)
        .open(path)
        .and_then(|f| f.set_len(whole as u64).map(|_| f))
        .map_err(|e| anyhow!("cannot write {}: {e}", path.display()))?;
    let mut file = file;
    std::io::Seek::seek(&mut file, std::io::SeekFrom::End(0))?;
    Ok((codes, file))
}

/// Deals `jobs` out (see [`deal`]) and writes each result to `out` through `text` in the
/// order of the jobs, as soon as every earlier one is in.
fn deal_in_order(
    world: &SimpleCommunicator,
    jobs: &[Job],
    run: &dyn Fn(&str) -> Result<String, Failed>,
    out: &mut dyn Write,
    text: &dyn Fn(usize, &str) -> String,
) -> Result<Traffic> {
    let mut held: Vec<Option<String>> = vec![None; jobs.len()];
    let mut written = 0;
    // The earliest job known to have failed: what it wrote before its failure is written as
    // it is, and nothing after it (so the output is what one process would have written).
    let mut first_failure: Option<usize> = None;
    let mut failed = None;
    let traffic = deal_jobs(world, jobs, run, &mut |i, result, failure| {
        if failure {
            first_failure = Some(first_failure.map_or(i, |f| f.min(i)));
        }
        held[i] = Some(result.to_string());
        let end = first_failure.map_or(jobs.len(), |f| f + 1);
        while written < end {
            let Some(result) = held[written].take() else {
                break;
            };
            let t = if Some(written) == first_failure {
                result
            } else {
                text(written, &result)
            };
            if let Err(e) = out.write_all(t.as_bytes()).and_then(|_| out.flush()) {
                failed.get_or_insert(e);
            }
            written += 1;
        }
    })?;
    match failed {
        Some(e) => Err(e.into()),
        None => Ok(traffic),
    }
}

/// One line of text saying what the sequence of `code` is.
fn summary(code: &str, r: &grundy::heap::sequence::Report) -> String {
    let n = |x: Option<u64>| x.map_or("null".to_string(), |v| v.to_string());
    if r.proved {
        format!(
            "{code}: period {}, preperiod {}, saltus {}, largest value {}\n",
            n(r.period),
            n(r.preperiod),
            n(r.saltus),
            r.max_value
        )
    } else {
        format!(
            "{code}: no period proved up to {}, largest value {}\n",
            r.computed, r.max_value
        )
    }
}

fn batch(world: &SimpleCommunicator, json: bool, block: usize, game: &[String]) -> Result<Traffic> {
    let read = || -> Result<Vec<Job>> {
        let lines: Vec<String> = std::io::stdin()
            .lock()
            .lines()
            .collect::<Result<_, _>>()
            .map_err(|e| anyhow!("cannot read standard input: {e}"))?;
        Ok(lines
            .chunks(block)
            .enumerate()
            .map(|(k, chunk)| Job {
                // The number of the block's first line before its lines.
                text: format!("{}\n{}\n", k * block, chunk.join("\n")),
                name: match chunk.len() {
                    1 => format!("line {}", k * block + 1),
                    n => format!("lines {}-{}", k * block + 1, k * block + n),
                },
                after: Vec::new(),
            })
            .collect())
    };
    let registry = Registry::catalog();
    let words: Vec<&str> = game.iter().map(String::as_str).collect();
    let answers = agree(
        world,
        registry
            .parse_words(&words)
            .and_then(|query| {
                grundy::batch::Batch::new(&registry, &query, json, grundy::analysis::MAX_MOVES)
            })
            .map_err(anyhow::Error::from),
    )?;
    let jobs = jobs_from_root(world, read)?;
    let run = |text: &str| {
        let (after, lines) = text.split_once('\n').unwrap_or_default();
        let after: usize = after.parse().unwrap_or_default();
        // A line is named by its number in the whole input, not in its block.
        let mut output = Vec::new();
        let result = answers.answer(lines.as_bytes(), after, &mut output);
        let output = String::from_utf8_lossy(&output).into_owned();
        match result {
            Ok(_) => Ok(output),
            Err(e) => Err(Failed {
                why: e.to_string(),
                output,
            }),
        }
    };
    let mut out = std::io::stdout().lock();
    deal_in_order(world, &jobs, &run, &mut out, &|_, answers| {
        answers.to_string()
    })
}
