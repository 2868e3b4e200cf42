//! Dealing jobs out to the ranks of an MPI run, as GamesmanOne's tier manager does: rank 0
//! keeps the jobs whose prerequisites are done and hands one to each worker that asks; only
//! small control messages cross (a job's text, a result's text); the work's data goes through
//! files on the shared file system. With one rank, rank 0 does the jobs itself.

use mpi::point_to_point::{Destination, Source};
use mpi::topology::{Communicator, SimpleCommunicator};
use std::collections::VecDeque;
use std::time::Instant;

/// A worker asks for a job (its first message).
const READY: i32 = 1;
/// A worker's result: the job's index (8 bytes) and the result's text.
const RESULT: i32 = 2;
/// A worker's failure: the job's index and the message.
const FAIL: i32 = 3;
/// Rank 0 hands out a job: its index and text.
const WORK: i32 = 10;
/// Rank 0 says there is no more work.
const STOP: i32 = 11;

/// Why a run stops when no job is ready and none is under way.
const STUCK: &str = "some jobs wait on each other";

/// A job: its text, as the worker's `run` reads it, and the jobs that must be done before it
/// (indexes of earlier jobs).
#[derive(Clone, Debug)]
pub struct Job {
    /// What to do.
    pub text: String,
    /// What a message calls it ("tier 5", "lines 1-256").
    pub name: String,
    /// Jobs that must be done first.
    pub after: Vec<usize>,
}

/// What crossed the network and who did what, as rank 0 saw it.
#[derive(Clone, Debug, Default)]
pub struct Traffic {
    /// Messages rank 0 sent and received.
    pub messages: u64,
    /// Bytes of those messages.
    pub bytes: u64,
    /// Per rank: jobs done and the seconds between handing each out and its result.
    pub per_rank: Vec<(u64, f64)>,
}

/// A job that failed: why, and what it wrote before (kept, as the `grundy` command writes the
/// answers before a wrong line).
#[derive(Clone, Debug, Default)]
pub struct Failed {
    /// The one line that says what went wrong.
    pub why: String,
    /// The output before it.
    pub output: String,
}

fn framed(index: usize, text: &str) -> Vec<u8> {
    let mut m = (index as u64).to_le_bytes().to_vec();
    m.extend_from_slice(text.as_bytes());
    m
}

fn unframed(m: &[u8]) -> Option<(usize, String)> {
    let index = u64::from_le_bytes(m.get(..8)?.try_into().ok()?) as usize;
    Some((index, String::from_utf8_lossy(&m[8..]).into_owned()))
}

/// A failure's message: the job's index, the length of `why`, `why`, then the output.
fn framed_failure(index: usize, f: &Failed) -> Vec<u8> {
    let mut m = (index as u64).to_le_bytes().to_vec();
    m.extend_from_slice(&(f.why.len() as u64).to_le_bytes());
    m.extend_from_slice(f.why.as_bytes());
    m.extend_from_slice(f.output.as_bytes());
    m
}

fn unframed_failure(m: &[u8]) -> Option<(usize, Failed)> {
    // Read as bytes: the length after the index is binary, which a text reading would mangle.
    let index = u64::from_le_bytes(m.get(..8)?.try_into().ok()?) as usize;
    let rest = &m[8..];
    let n = u64::from_le_bytes(rest.get(..8)?.try_into().ok()?) as usize;
    let why = rest.get(8..8 + n)?;
    Some((
        index,
        Failed {
            why: String::from_utf8_lossy(why).into_owned(),
            output: String::from_utf8_lossy(&rest[8 + n..]).into_owned(),
        },
    ))
}

/// What rank 0 heard from a worker.
enum Heard {
    /// Its first request.
    Ready,
    /// A job's output.
    Done(usize, String),
    /// A job's failure.
    Failed(usize, Failed),
}

/// Runs `jobs` (given on rank 0; ignored elsewhere) over the ranks of `world`: workers call
/// `run` on each job's text; rank 0 calls `done(index, output, false)` as each result comes
/// in and returns the traffic. Prerequisites are respected.
///
/// A job that fails stops the run: rank 0 says so at once (`said`, naming the rank and the
/// job), calls `done(index, output before the failure, true)`, hands out nothing more, lets
/// the jobs under way finish (their outputs are passed to `done` too, as their files are
/// kept), stops every worker and returns the message. The workers return normally.
pub fn deal(
    world: &SimpleCommunicator,
    jobs: &[Job],
    run: &dyn Fn(&str) -> Result<String, Failed>,
    done: &mut dyn FnMut(usize, &str, bool),
    said: &dyn Fn(&str),
) -> Result<Traffic, String> {
    if world.rank() != 0 {
        work(world, run);
        return Ok(Traffic::default());
    }
    let size = world.size() as usize;
    let mut traffic = Traffic {
        per_rank: vec![(0, 0.0); size],
        ..Traffic::default()
    };
    let mut waiting: Vec<usize> = jobs.iter().map(|j| j.after.len()).collect();
    let mut next: Vec<Vec<usize>> = vec![Vec::new(); jobs.len()];
    for (i, j) in jobs.iter().enumerate() {
        for &a in &j.after {
            next[a].push(i);
        }
    }
    let mut ready: VecDeque<usize> = (0..jobs.len()).filter(|&i| waiting[i] == 0).collect();
    let mut finish = |i: usize, ready: &mut VecDeque<usize>| {
        for &n in &next[i] {
            waiting[n] -= 1;
            if waiting[n] == 0 {
                ready.push_back(n);
            }
        }
    };
    let mut failed: Option<String> = None;
    let fail = |i: usize, rank: i32, f: Failed, done: &mut dyn FnMut(usize, &str, bool)| {
        let why = format!("rank {rank}, {}: {}", jobs[i].name, f.why);
        said(&why);
        done(i, &f.output, true);
        why
    };
    if size == 1 {
        while let Some(i) = ready.pop_front() {
            let started = Instant::now();
            let result = run(&jobs[i].text);
            traffic.per_rank[0].0 += 1;
            traffic.per_rank[0].1 += started.elapsed().as_secs_f64();
            match result {
                Ok(output) => done(i, &output, false),
                Err(f) => {
                    failed = Some(fail(i, 0, f, done));
                    break;
                }
            }
            finish(i, &mut ready);
        }
        if failed.is_none() && waiting.iter().any(|&w| w > 0) {
            said(STUCK);
            failed = Some(STUCK.into());
        }
        return failed.map_or(Ok(traffic), Err);
    }
    let mut left = jobs.len();
    let mut idle: Vec<i32> = Vec::new();
    let mut since: Vec<Option<Instant>> = vec![None; size];
    // Whether a worker owes rank 0 a message: its first request, or the result of its job.
    let mut owes = vec![true; size];
    owes[0] = false;
    // Takes one message (from `rank`, or from any): the rank it came from and what it says.
    let take = |rank: Option<i32>,
                traffic: &mut Traffic,
                since: &mut Vec<Option<Instant>>,
                owes: &mut Vec<bool>|
     -> Result<(i32, Heard), String> {
        let (m, status) = match rank {
            Some(w) => world.process_at_rank(w).receive_vec::<u8>(),
            None => world.any_process().receive_vec::<u8>(),
        };
        traffic.messages += 1;
        traffic.bytes += m.len() as u64;
        let from = status.source_rank();
        owes[from as usize] = false;
        if let Some(started) = since[from as usize].take() {
            let r = &mut traffic.per_rank[from as usize];
            r.0 += 1;
            r.1 += started.elapsed().as_secs_f64();
        }
        let heard = match status.tag() {
            READY => Heard::Ready,
            RESULT => {
                let (i, output) =
                    unframed(&m).ok_or(format!("rank {from} sent a result that does not read"))?;
                Heard::Done(i, output)
            }
            FAIL => {
                let (i, f) =
                    unframed_failure(&m).ok_or(format!("rank {from} failed without saying why"))?;
                Heard::Failed(i, f)
            }
            t => return Err(format!("rank {from} sent a message of unknown kind {t}")),
        };
        Ok((from, heard))
    };
    while left > 0 {
        let from = match take(None, &mut traffic, &mut since, &mut owes) {
            Ok((from, Heard::Ready)) => from,
            Ok((from, Heard::Done(i, output))) => {
                done(i, &output, false);
                finish(i, &mut ready);
                left -= 1;
                from
            }
            Ok((from, Heard::Failed(i, f))) => {
                failed = Some(fail(i, from, f, done));
                break;
            }
            Err(why) => {
                said(&why);
                failed = Some(why);
                break;
            }
        };
        idle.push(from);
        while !idle.is_empty() && !ready.is_empty() {
            let (w, i) = (
                idle.pop().expect("a worker"),
                ready.pop_front().expect("a job"),
            );
            let m = framed(i, &jobs[i].text);
            traffic.messages += 1;
            traffic.bytes += m.len() as u64;
            since[w as usize] = Some(Instant::now());
            owes[w as usize] = true;
            world.process_at_rank(w).send_with_tag(&m[..], WORK);
        }
        if left > 0 && ready.is_empty() && idle.len() == size - 1 {
            said(STUCK);
            failed = Some(STUCK.into());
            break;
        }
    }
    // Every worker that owes a message (its first request, or the result of a job under way)
    // sends it, then is told to stop.
    for w in 1..size as i32 {
        if owes[w as usize] {
            match take(Some(w), &mut traffic, &mut since, &mut owes) {
                Ok((_, Heard::Done(i, output))) => done(i, &output, false),
                Ok((_, Heard::Failed(i, f))) => done(i, &f.output, true),
                _ => {}
            }
        }
        world.process_at_rank(w).send_with_tag(&[0u8; 0][..], STOP);
        traffic.messages += 1;
    }
    failed.map_or(Ok(traffic), Err)
}

/// A worker's loop: ask, do, report, until told to stop.
fn work(world: &SimpleCommunicator, run: &dyn Fn(&str) -> Result<String, Failed>) {
    let root = world.process_at_rank(0);
    root.send_with_tag(&[0u8; 0][..], READY);
    loop {
        let (m, status) = root.receive_vec::<u8>();
        if status.tag() == STOP {
            return;
        }
        let Some((i, text)) = unframed(&m) else {
            return;
        };
        match run(&text) {
            Ok(output) => root.send_with_tag(&framed(i, &output)[..], RESULT),
            Err(f) => root.send_with_tag(&framed_failure(i, &f)[..], FAIL),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A failure's message reads back whole, whatever the length of its line (a length of
    /// 128 or more is not valid UTF-8 as a byte, and must not be read as text).
    #[test]
    fn failures_read_back_whole() {
        for len in [0, 1, 127, 128, 200, 70_000] {
            let f = Failed {
                why: format!("{}{}", "é".repeat(len / 2), "x".repeat(len % 2)),
                output: "3 4\nN\n".into(),
            };
            let (i, g) = unframed_failure(&framed_failure(7, &f)).expect("reads back");
            assert_eq!((i, &g.why, &g.output), (7, &f.why, &f.output));
        }
    }
}
