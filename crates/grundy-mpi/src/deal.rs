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

/// A job: its text, as the worker's `run` reads it, and the jobs that must be done before it
/// (indexes of earlier jobs).
#[derive(Clone, Debug)]
pub struct Job {
    /// What to do.
    pub text: String,
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

fn framed(index: usize, text: &str) -> Vec<u8> {
    let mut m = (index as u64).to_le_bytes().to_vec();
    m.extend_from_slice(text.as_bytes());
    m
}

fn unframed(m: &[u8]) -> Option<(usize, String)> {
    let index = u64::from_le_bytes(m.get(..8)?.try_into().ok()?) as usize;
    Some((index, String::from_utf8_lossy(&m[8..]).into_owned()))
}

/// Runs `jobs` (given on rank 0; ignored elsewhere) over the ranks of `world`: workers call
/// `run` on each job's text; rank 0 calls `done(index, result)` as each result comes in and
/// returns the traffic. Prerequisites are respected. A job that fails stops the run with its
/// message (on rank 0; the caller aborts the other ranks).
pub fn deal(
    world: &SimpleCommunicator,
    jobs: &[Job],
    run: &dyn Fn(&str) -> Result<String, String>,
    done: &mut dyn FnMut(usize, &str),
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
    if size == 1 {
        while let Some(i) = ready.pop_front() {
            let started = Instant::now();
            let result = run(&jobs[i].text)?;
            traffic.per_rank[0].0 += 1;
            traffic.per_rank[0].1 += started.elapsed().as_secs_f64();
            done(i, &result);
            finish(i, &mut ready);
        }
        return if waiting.iter().all(|&w| w == 0) {
            Ok(traffic)
        } else {
            Err("some jobs wait on each other".into())
        };
    }
    let mut left = jobs.len();
    let mut idle: Vec<i32> = Vec::new();
    let mut since: Vec<Option<Instant>> = vec![None; size];
    let mut heard = vec![false; size];
    while left > 0 {
        let (m, status) = world.any_process().receive_vec::<u8>();
        traffic.messages += 1;
        traffic.bytes += m.len() as u64;
        let from = status.source_rank();
        heard[from as usize] = true;
        match status.tag() {
            READY => {}
            RESULT => {
                let (i, result) =
                    unframed(&m).ok_or("a worker sent a result that does not read")?;
                let r = &mut traffic.per_rank[from as usize];
                r.0 += 1;
                r.1 += since[from as usize]
                    .take()
                    .map_or(0.0, |s| s.elapsed().as_secs_f64());
                done(i, &result);
                finish(i, &mut ready);
                left -= 1;
            }
            FAIL => {
                let (i, why) = unframed(&m).ok_or("a worker failed without saying why")?;
                return Err(format!("rank {from}, {}: {why}", jobs[i].text));
            }
            t => return Err(format!("rank {from} sent a message of unknown kind {t}")),
        }
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
            world.process_at_rank(w).send_with_tag(&m[..], WORK);
        }
        if left > 0 && ready.is_empty() && idle.len() == size - 1 {
            return Err("some jobs wait on each other".into());
        }
    }
    // Every worker has reported its last result (or has not yet asked: its request is taken)
    // and waits for a job: none is left.
    for w in 1..size as i32 {
        if !heard[w as usize] {
            let _ = world.process_at_rank(w).receive_vec::<u8>();
            traffic.messages += 1;
        }
        world.process_at_rank(w).send_with_tag(&[0u8; 0][..], STOP);
        traffic.messages += 1;
    }
    Ok(traffic)
}

/// A worker's loop: ask, do, report, until told to stop.
fn work(world: &SimpleCommunicator, run: &dyn Fn(&str) -> Result<String, String>) {
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
            Ok(result) => root.send_with_tag(&framed(i, &result)[..], RESULT),
            Err(why) => root.send_with_tag(&framed(i, &why)[..], FAIL),
        }
    }
}
