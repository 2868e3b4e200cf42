//! Tier by tier: a game whose script says each position's tier (`fn tier(p)`, a whole number
//! that no move raises, e.g. the count of empty cells) is solved one tier at a time, with each
//! tier's positions and values in files of a directory, so that only one tier and the tiers
//! it moves to are held in memory at once. GamesCrafters' GamesmanOne solves its largest games
//! this way; here the positions of a tier are found by playing, not by a hash of the game.
//!
//! Two passes:
//! 1. **Exploring**, highest tier first: a tier's positions are those reached from the start,
//!    or from the tiers above it, by moves that stay in the tier. Its positions are written,
//!    sorted, to `tier-T.positions`, and each position's moves (or result) as it is expanded
//!    to `tier-T.moves`; the positions its moves reach in lower tiers go to
//!    `seeds/U/T-K.keys`, where tier U starts from them. A tier is explored only once every
//!    tier above it is, so its seeds are complete.
//! 2. **Solving**, lowest tier first: each position's moves are read back from its tier's
//!    moves file (the script is not asked again) and looked up,
//!    the tier is solved beside the values of the lower tiers it moves to
//!    ([`Graph::solve_beside`]: outcomes, remoteness, generalized Sprague–Grundy values, the
//!    same as solving the whole game at once), and written to `tier-T.values`.
//!
//! Every file is written aside, synced and renamed into place, and ends with a CRC-32 of its
//! bytes: a run killed at any moment (`kill -9` included) goes on from the files it finds,
//! and a damaged file is refused, naming it. `grundy-tiers.json` names the script and start
//! the directory belongs to; another game's directory is refused.
//!
//! ```
//! let rules = grundy_script::Rules::compile(
//!     "fn start() { 30 }
//!      fn moves(n) { let m = []; for s in [1, 3, 4] { if s <= n { m.push(n - s); } } m }
//!      fn tier(n) { n / 10 }",
//!     "take134.rhai",
//! ).unwrap();
//! let dir = std::env::temp_dir().join(format!("grundy-tiers-doc-{}", std::process::id()));
//! let opts = grundy_script::Options::default();
//! let report = rules.solve_tiers(&opts, &dir, &mut |_| {}).unwrap();
//! assert_eq!(report.outcome, grundy::Outcome::P); // 30 = 2 (mod 7): a loss
//! assert_eq!(report.grundy, rules.solve(&opts).unwrap().grundy);
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

use super::{fast, player, Arg, Child, Children, Expanded, Options, Report, Rules};
use super::{ScriptError, WinningMove};
use grundy::files::{aside, put_varint, varint, Aside};
use grundy::graph::{Graph, Gsg, Known};
use grundy::Outcome;
use rayon::prelude::*;
use rhai::Dynamic;
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The first line of every file of a tier directory.
mod files;
mod keys;

use files::*;
use keys::*;

const FORMAT: &str = "grundy-tiers v2";
/// Positions expanded at a time (on all cores).
const BATCH: usize = 4096;

/// What expanding one position gives: its result, or its moves with their tiers.
enum Step {
    End(Outcome),
    Moves(Vec<(u64, Key)>),
}

impl Step {
    /// Appends the record of `from`'s step to a tier's moves file: `from`'s key; then 0 and
    /// its result, or the number of its moves plus one and each move's tier and key.
    fn put(&self, from: &[u8], out: &mut Vec<u8>) {
        put_varint(out, from.len() as u64);
        out.extend_from_slice(from);
        match self {
            Step::End(v) => {
                put_varint(out, 0);
                out.push(encode_outcome(*v));
            }
            Step::Moves(moves) => {
                put_varint(out, moves.len() as u64 + 1);
                for (u, k) in moves {
                    put_varint(out, *u);
                    put_varint(out, k.len() as u64);
                    out.extend_from_slice(k);
                }
            }
        }
    }
}

impl Rules {
    /// The tier of a position, from the script's `tier(p)`.
    fn tier_of(&self, child: &Child, ints: &[i64], rhai_only: bool) -> Result<u64, ScriptError> {
        if let (Some(f), false) = (&self.tier_fast, rhai_only) {
            let val = match child {
                Child::Int(n) => Some(fast::Val::Int(*n)),
                Child::Ints(_) => Some(fast::Val::Array(
                    ints.iter().map(|&n| fast::Val::Int(n)).collect(),
                )),
                Child::Other(p, _) => fast::Val::from_dynamic(p),
            };
            if let Some(Ok(fast::Val::Int(n))) = val.map(|v| f.call("tier", v)) {
                return self.tier_number(Dynamic::from_int(n));
            }
        }
        let p = match child {
            Child::Int(n) => Dynamic::from_int(*n),
            Child::Ints(_) => Dynamic::from_array(ints.iter().map(|&n| n.into()).collect()),
            Child::Other(p, _) => p.clone(),
        };
        let t = self.call("tier", Some(&p))?;
        self.tier_number(t)
    }

    fn tier_number(&self, t: Dynamic) -> Result<u64, ScriptError> {
        t.as_int()
            .ok()
            .and_then(|n| u64::try_from(n).ok())
            .ok_or_else(|| {
                ScriptError::Script(format!(
                    "{}: tier() must return a whole number 0 or more, not {t}",
                    self.source
                ))
            })
    }

    /// Expands the position of `key`: its result if it ends the game, otherwise its moves'
    /// tiers and keys, in the order the script lists them.
    fn step(&self, key: &[u8], rhai_only: bool) -> Result<Step, ScriptError> {
        let own = self.fast.is_some() && !rhai_only;
        let mut ints = Vec::new();
        let arg = arg_of(key, own, &mut ints)?;
        match self.expand(arg, &ints, side_of(key))? {
            Expanded::Terminal(v) => Ok(Step::End(v)),
            Expanded::Moves(children, side) => {
                let mut at = 0;
                let mut out = Vec::with_capacity(children.list.len());
                for c in &children.list {
                    let ints: &[i64] = match c {
                        Child::Ints(len) => {
                            at += *len as usize;
                            &children.ints[at - *len as usize..at]
                        }
                        _ => &[],
                    };
                    let tier = self.tier_of(c, ints, rhai_only)?;
                    out.push((tier, key_of(c, ints, side)));
                }
                Ok(Step::Moves(out))
            }
        }
    }

    /// Solves the game tier by tier in `dir` (made if missing; a run stopped before goes on
    /// from its files), calling `progress` as it goes: the same answer as
    /// [`solve`](Self::solve), holding one tier and those it moves to in memory at a time.
    /// The script must define `fn tier(p)`. `--all` is not offered (the positions are in the
    /// files), nor the split into components.
    pub fn solve_tiers(
        &self,
        opts: &Options,
        dir: &Path,
        progress: &mut (dyn FnMut(TierProgress) + Send),
    ) -> Result<Report, ScriptError> {
        let budget = grundy::budget::current();
        rayon::scope(|_| {
            grundy::budget::carry(budget, || {
                let tiers = Tiers::open(self, opts, dir)?;
                tiers.explore(progress)?;
                for plan in tiers.plan()? {
                    if !plan.solved {
                        tiers.solve_tier(plan.tier, progress)?;
                    }
                }
                tiers.report()
            })
        })
    }
}

/// Where a tiered solve is.
#[derive(Clone, Copy, Debug)]
pub enum TierProgress {
    /// Exploring `tier`: `positions` found in it so far.
    Exploring {
        /// The tier.
        tier: u64,
        /// Positions found in it so far.
        positions: usize,
    },
    /// Solving `tier`: `done` of its `positions` expanded.
    Solving {
        /// The tier.
        tier: u64,
        /// Positions expanded so far.
        done: usize,
        /// Positions in the tier.
        positions: usize,
    },
}

/// A tier of an explored game, for scheduling: the lower tiers it moves to must be solved
/// before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TierPlan {
    /// The tier.
    pub tier: u64,
    /// How many positions it holds.
    pub positions: usize,
    /// The lower tiers its moves reach.
    pub below: Vec<u64>,
    /// Whether its values are written already.
    pub solved: bool,
}

/// What solving one tier did.
#[derive(Clone, Debug, Default)]
pub struct TierStats {
    /// Positions of the tier.
    pub positions: usize,
    /// Moves listed.
    pub moves: usize,
    /// Positions of lower tiers read to solve it.
    pub read: usize,
}

/// A game being solved tier by tier in a directory.
pub struct Tiers<'r> {
    rules: &'r Rules,
    opts: Options,
    dir: PathBuf,
    /// The start position's tier and keys (one, or Left's and Right's).
    start_tier: u64,
    roots: Vec<Key>,
}

impl<'r> Tiers<'r> {
    /// Opens (or makes) the tier directory `dir` for the game of `rules` from `opts.start`.
    pub fn open(rules: &'r Rules, opts: &Options, dir: &Path) -> Result<Self, ScriptError> {
        if !rules.tiered {
            return Err(ScriptError::Script(format!(
                "{}: solving by tiers needs fn tier(p) in the script: a whole number that no \
                 move raises (e.g. the number of empty cells)",
                rules.source
            )));
        }
        if opts.all {
            return Err(ScriptError::Script(
                "--all is not offered with --tiers: the positions are in the tier files".into(),
            ));
        }
        std::fs::create_dir_all(dir.join("seeds")).map_err(|e| io(dir, e))?;
        let start = rules.start(opts)?;
        let child = Children::of(vec![start])?;
        let ints = &child.ints[..];
        let c = &child.list[0];
        let start_tier = rules.tier_of(c, ints, opts.rhai_only)?;
        let sides: &[Option<bool>] = if rules.partizan {
            &[Some(true), Some(false)]
        } else {
            &[None]
        };
        let roots = sides.iter().map(|&s| key_of(c, ints, s)).collect();
        let identity = serde_json::json!({
            "format": FORMAT,
            "script": rules.source,
            "script_crc32": format!("{:08x}", rules.text_crc),
            "start": json_of(&key_of(c, ints, None)),
        });
        let manifest = dir.join("grundy-tiers.json");
        match std::fs::read_to_string(&manifest) {
            Ok(text) => {
                let found: serde_json::Value = serde_json::from_str(&text)
                    .map_err(|_| damaged(&manifest, "it is not JSON"))?;
                let same = |k: &str| found.get(k) == identity.get(k);
                if !same("format") {
                    return Err(ScriptError::Script(format!(
                        "{} holds tier files of another format ({}; this is {FORMAT}): \
                         delete it, or use another directory",
                        dir.display(),
                        found.get("format").unwrap_or(&serde_json::Value::Null)
                    )));
                }
                if !(same("script_crc32") && same("start")) {
                    return Err(ScriptError::Script(format!(
                        "{} holds the tiers of another game or start ({}); use another \
                         directory",
                        dir.display(),
                        found
                    )));
                }
            }
            Err(_) => {
                let text = serde_json::to_string_pretty(&identity).expect("JSON");
                Aside::create(&manifest)
                    .and_then(|mut f| {
                        f.write_all((text + "\n").as_bytes())?;
                        f.finish()
                    })
                    .map_err(|e| io(&manifest, e))?;
            }
        }
        Ok(Tiers {
            rules,
            opts: opts.clone(),
            dir: dir.to_path_buf(),
            start_tier,
            roots,
        })
    }

    fn positions_path(&self, t: u64) -> PathBuf {
        self.dir.join(format!("tier-{t}.positions"))
    }

    fn moves_path(&self, t: u64) -> PathBuf {
        self.dir.join(format!("tier-{t}.moves"))
    }

    fn values_path(&self, t: u64) -> PathBuf {
        self.dir.join(format!("tier-{t}.values"))
    }

    fn seeds_dir(&self, t: u64) -> PathBuf {
        self.dir.join("seeds").join(t.to_string())
    }

    fn explored_path(&self) -> PathBuf {
        self.dir.join("explored")
    }

    /// Tiers named by files `tier-T.EXT` (or by the directories of `seeds`).
    fn tiers_with(&self, ext: &str) -> Result<BTreeSet<u64>, ScriptError> {
        let mut out = BTreeSet::new();
        for entry in std::fs::read_dir(&self.dir).map_err(|e| io(&self.dir, e))? {
            let name = entry.map_err(|e| io(&self.dir, e))?.file_name();
            let name = name.to_string_lossy();
            if let Some(t) = name
                .strip_prefix("tier-")
                .and_then(|r| r.strip_suffix(ext))
                .and_then(|t| t.parse().ok())
            {
                out.insert(t);
            }
        }
        Ok(out)
    }

    /// Tiers that have seeds written by a finished exploration of a tier above.
    fn seeded(&self) -> Result<BTreeSet<u64>, ScriptError> {
        let seeds = self.dir.join("seeds");
        let mut out = BTreeSet::new();
        for entry in std::fs::read_dir(&seeds).map_err(|e| io(&seeds, e))? {
            let entry = entry.map_err(|e| io(&seeds, e))?;
            let Some(t) = entry.file_name().to_str().and_then(|t| t.parse().ok()) else {
                continue;
            };
            let files = std::fs::read_dir(entry.path()).map_err(|e| io(&entry.path(), e))?;
            for f in files {
                let f = f.map_err(|e| io(&seeds, e))?;
                if f.file_name().to_string_lossy().ends_with(".keys") {
                    out.insert(t);
                    break;
                }
            }
        }
        Ok(out)
    }

    /// Whether every tier has been explored.
    pub fn explored(&self) -> bool {
        self.explored_path().exists()
    }

    /// Explores the game tier by tier, highest first, writing each tier's positions (a run
    /// stopped before goes on from the tiers it wrote).
    pub fn explore(
        &self,
        progress: &mut (dyn FnMut(TierProgress) + Send),
    ) -> Result<(), ScriptError> {
        if self.explored() {
            return Ok(());
        }
        loop {
            let done = self.tiers_with(".positions")?;
            let mut pending = self.seeded()?;
            pending.insert(self.start_tier);
            let Some(&t) = pending.iter().rev().find(|t| !done.contains(t)) else {
                break;
            };
            self.explore_tier(t, progress)?;
        }
        let done = self.tiers_with(".positions")?;
        let (mut positions, mut terminals) = (0u64, 0u64);
        for &t in &done {
            let (keys, head) = self.read_positions(t)?;
            positions += keys.len() as u64;
            terminals += head.terminals;
        }
        let mut body = Vec::new();
        put_varint(&mut body, positions);
        put_varint(&mut body, terminals);
        write_file(&self.explored_path(), "explored", &body)
    }

    /// The seeds of tier `t`: the start, and what the tiers above wrote for it.
    fn seeds(&self, t: u64) -> Result<FxHashSet<Key>, ScriptError> {
        let mut seen: FxHashSet<Key> = FxHashSet::default();
        if t == self.start_tier {
            seen.extend(self.roots.iter().cloned());
        }
        let dir = self.seeds_dir(t);
        if let Ok(files) = std::fs::read_dir(&dir) {
            for f in files {
                let path = f.map_err(|e| io(&dir, e))?.path();
                let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
                match name {
                    Some(n) if n.ends_with(".keys") => {
                        let mut r = Reader::open(path, "seeds")?;
                        for _ in 0..r.count()? {
                            let len = r.count()?;
                            seen.insert(r.bytes(len)?.into());
                        }
                    }
                    // Left by an exploration that was stopped: it is made again.
                    Some(n) if n.ends_with(".part") || n.ends_with(".new") => {
                        std::fs::remove_file(&path).map_err(|e| io(&path, e))?;
                    }
                    _ => {}
                }
            }
        }
        Ok(seen)
    }

    fn raised(&self, from: &[u8], t: u64, to: &[u8], u: u64) -> ScriptError {
        ScriptError::Script(format!(
            "{}: a move raises the tier, from {} (tier {t}) to {} (tier {u}); tier() must \
             never grow along a move",
            self.rules.source,
            json_of(from),
            json_of(to)
        ))
    }

    /// Expands the positions `keys` on all cores.
    fn steps(&self, keys: &[&[u8]]) -> Vec<Result<Step, ScriptError>> {
        let budget = grundy::budget::current();
        let rhai_only = self.opts.rhai_only;
        keys.par_iter()
            .map(|k| grundy::budget::carry(budget.clone(), || self.rules.step(k, rhai_only)))
            .collect()
    }

    fn explore_tier(
        &self,
        t: u64,
        progress: &mut (dyn FnMut(TierProgress) + Send),
    ) -> Result<(), ScriptError> {
        let memory = grundy::budget::memory_limit();
        // Seeds for lower tiers are written out in parts of this many bytes.
        let flush_at = (memory / 8).clamp(1 << 20, 256 << 20);
        let mut seen = self.seeds(t)?;
        let mut frontier: Vec<Key> = seen.iter().cloned().collect();
        frontier.sort_unstable();
        let mut held: u64 = seen.iter().map(|k| k.len() as u64 + 48).sum();
        let mut below: FxHashMap<u64, FxHashSet<Key>> = FxHashMap::default();
        let (mut below_bytes, mut parts) = (0u64, Vec::new());
        let (mut tiers_below, mut terminals) = (BTreeSet::new(), 0u64);
        // Each position's moves are written as it is expanded, so solving reads them back
        // instead of asking the script again.
        let mut moves_file = Writer::create(&self.moves_path(t), &format!("moves {t}"))?;
        let mut record = Vec::new();
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for batch in frontier.chunks(BATCH) {
                grundy::budget::check().map_err(|e| ScriptError::Script(e.to_string()))?;
                let keys: Vec<&[u8]> = batch.iter().map(|k| &k[..]).collect();
                record.clear();
                for (from, step) in batch.iter().zip(self.steps(&keys)) {
                    let step = step?;
                    step.put(from, &mut record);
                    let moves = match step {
                        Step::End(_) => {
                            terminals += 1;
                            continue;
                        }
                        Step::Moves(m) => m,
                    };
                    for (u, k) in moves {
                        if u > t {
                            return Err(self.raised(from, t, &k, u));
                        }
                        if u == t {
                            if !seen.contains(&k) {
                                held += k.len() as u64 + 48;
                                seen.insert(k.clone());
                                next.push(k);
                            }
                        } else {
                            tiers_below.insert(u);
                            let len = k.len() as u64 + 48;
                            if below.entry(u).or_default().insert(k) {
                                below_bytes += len;
                            }
                        }
                    }
                }
                if held + below_bytes > memory {
                    return Err(ScriptError::Script(format!(
                        "tier {t} alone needs more than the memory allowed ({} MiB for more \
                         than {} positions); raise --max-memory, or split the game into more \
                         tiers",
                        memory >> 20,
                        seen.len()
                    )));
                }
                moves_file.put(&record)?;
                progress(TierProgress::Exploring {
                    tier: t,
                    positions: seen.len(),
                });
                if below_bytes > flush_at {
                    parts.extend(self.write_seeds(t, parts.len(), &mut below)?);
                    below_bytes = 0;
                }
            }
            next.sort_unstable();
            frontier = next;
        }
        parts.extend(self.write_seeds(t, parts.len(), &mut below)?);
        moves_file.finish()?;
        // The moves and seeds are in place before the tier's positions say it is explored.
        for part in parts {
            let to = part.with_extension("keys");
            std::fs::rename(&part, &to).map_err(|e| io(&to, e))?;
        }
        let mut keys: Vec<Key> = seen.into_iter().collect();
        keys.sort_unstable();
        let mut body = Vec::new();
        put_varint(&mut body, keys.len() as u64);
        put_varint(&mut body, terminals);
        put_varint(&mut body, tiers_below.len() as u64);
        for &u in &tiers_below {
            put_varint(&mut body, u);
        }
        put_keys(&mut body, &keys);
        write_file(&self.positions_path(t), &format!("positions {t}"), &body)
    }

    /// Writes the seeds found for lower tiers as part `part` of tier `t`'s (named `.part`
    /// until the tier is explored), emptying `below`.
    fn write_seeds(
        &self,
        t: u64,
        part: usize,
        below: &mut FxHashMap<u64, FxHashSet<Key>>,
    ) -> Result<Vec<PathBuf>, ScriptError> {
        let mut written = Vec::new();
        for (u, keys) in below.drain() {
            let dir = self.seeds_dir(u);
            std::fs::create_dir_all(&dir).map_err(|e| io(&dir, e))?;
            let mut keys: Vec<Key> = keys.into_iter().collect();
            keys.sort_unstable();
            let mut body = Vec::new();
            put_varint(&mut body, keys.len() as u64);
            put_keys(&mut body, &keys);
            let path = dir.join(format!("{t}-{part}.part"));
            write_file(&path, "seeds", &body)?;
            written.push(path);
        }
        Ok(written)
    }

    fn read_positions(&self, t: u64) -> Result<(Keys, PositionsHead), ScriptError> {
        let mut r = Reader::open(self.positions_path(t), &format!("positions {t}"))?;
        let n = r.count()?;
        let terminals = r.varint()?;
        let below = (0..r.count()?)
            .map(|_| r.varint())
            .collect::<Result<_, _>>()?;
        let mut keys = Keys {
            bytes: Vec::with_capacity(r.bytes.len()),
            ends: Vec::with_capacity(n),
        };
        for _ in 0..n {
            let len = r.count()?;
            let k = r.bytes(len)?;
            if len < 2 || keys.len() > 0 && keys.get(keys.len() - 1) >= k {
                return Err(r.damaged());
            }
            keys.bytes.extend_from_slice(k);
            keys.ends.push(keys.bytes.len());
        }
        Ok((keys, PositionsHead { terminals, below }))
    }

    fn read_values(&self, t: u64, n: usize) -> Result<Values, ScriptError> {
        let mut r = Reader::open(self.values_path(t), &format!("values {t}"))?;
        if r.count()? != n {
            return Err(r.damaged());
        }
        let with_grundy = r.varint()? == 1;
        let mut v = Values {
            outcome: Vec::with_capacity(n),
            remoteness: Vec::with_capacity(n),
            labels: with_grundy.then(|| Vec::with_capacity(n)),
            sets: FxHashMap::default(),
        };
        for i in 0..n as u32 {
            let o = decode_outcome(r.bytes(1)?[0]).ok_or_else(|| r.damaged())?;
            v.outcome.push(o);
            v.remoteness.push(r.u32()?.checked_sub(1));
            if let Some(labels) = &mut v.labels {
                match r.u32()?.checked_sub(1) {
                    Some(l) => labels.push(l),
                    None => {
                        labels.push(u32::MAX);
                        let k = (0..r.count()?).map(|_| r.u32()).collect::<Result<_, _>>()?;
                        v.sets.insert(i, k);
                    }
                }
            }
        }
        Ok(v)
    }

    /// Every explored tier, lowest first, with the tiers it moves to and whether it is
    /// solved. The game must be explored.
    pub fn plan(&self) -> Result<Vec<TierPlan>, ScriptError> {
        let solved = self.tiers_with(".values")?;
        self.tiers_with(".positions")?
            .into_iter()
            .map(|t| {
                let (keys, head) = self.read_positions(t)?;
                Ok(TierPlan {
                    tier: t,
                    positions: keys.len(),
                    below: head.below,
                    solved: solved.contains(&t),
                })
            })
            .collect()
    }

    /// Whether generalized Sprague–Grundy values are computed: for impartial games whose
    /// positions have no results of their own (as [`Rules::solve`]).
    fn want_grundy(&self) -> Result<bool, ScriptError> {
        let (_, terminals) = self.explored_counts()?;
        Ok(!self.rules.partizan && terminals == 0)
    }

    /// The positions of the whole game, and those with results of their own, as exploring
    /// counted them.
    fn explored_counts(&self) -> Result<(u64, u64), ScriptError> {
        let mut r = Reader::open(self.explored_path(), "explored")?;
        Ok((r.varint()?, r.varint()?))
    }

    /// The positions and values of tier `t`, read from its files.
    fn load(&self, t: u64) -> Result<(Keys, Values), ScriptError> {
        let (keys, _) = self.read_positions(t)?;
        let values = self.read_values(t, keys.len())?;
        Ok((keys, values))
    }

    /// Solves tier `t`, every tier it moves to being solved, and writes its values.
    pub fn solve_tier(
        &self,
        t: u64,
        progress: &mut (dyn FnMut(TierProgress) + Send),
    ) -> Result<TierStats, ScriptError> {
        let memory = grundy::budget::memory_limit();
        let want_grundy = self.want_grundy()?;
        let (own, head) = self.read_positions(t)?;
        let n = own.len();
        // The tiers it moves to, as exploring found them: a move is looked up in its own
        // tier, then in these, so the script's tier() is not called again.
        let lower: Vec<(u64, Keys, Values)> = head
            .below
            .iter()
            .map(|&u| self.load(u).map(|(k, v)| (u, k, v)))
            .collect::<Result<_, _>>()?;
        let mut boundary: FxHashMap<(u64, u32), u32> = FxHashMap::default();
        let mut known: Vec<Known> = Vec::new();
        let mut edges: Vec<(u32, u32)> = Vec::new();
        let mut terminal: FxHashMap<u32, Outcome> = FxHashMap::default();
        let missing = |k: &[u8]| {
            ScriptError::Script(format!(
                "{}: a move of tier {t} reaches {}, which is not among the positions explored \
                 in the tiers it moves to: the script's moves or tiers differ from one call to \
                 the next, or the tier files of {} are not of one run",
                self.rules.source,
                json_of(k),
                self.dir.display()
            ))
        };
        // Each position's moves, as exploring wrote them, found in the tier or below it.
        let mut r = MovesReader::open(self.moves_path(t), &format!("moves {t}"))?;
        let (mut key, mut to) = (Vec::new(), Vec::new());
        let mut done = 0;
        // A damaged file may read as moves that lead nowhere: any error while reading is
        // blamed on the file if its checksum differs.
        let mut read = || -> Result<(), ScriptError> {
            while !r.at_end() {
                r.key(&mut key)?;
                let i = own.find(&key).ok_or_else(|| r.damaged())?;
                // (Each move takes bytes: a count beyond them fails when they run out.)
                match r.varint()? {
                    0 => {
                        let v = decode_outcome(r.byte()?).ok_or_else(|| r.damaged())?;
                        terminal.insert(i, v);
                    }
                    c => {
                        for _ in 1..c {
                            let u = r.varint()?;
                            r.key(&mut to)?;
                            let v = if u == t {
                                own.find(&to).ok_or_else(|| missing(&to))?
                            } else {
                                let (keys, values) = lower
                                    .iter()
                                    .find(|(l, _, _)| *l == u)
                                    .map(|(_, k, v)| (k, v))
                                    .ok_or_else(|| missing(&to))?;
                                let j = keys.find(&to).ok_or_else(|| missing(&to))?;
                                *boundary.entry((u, j)).or_insert_with(|| {
                                    known.push(values.known(j));
                                    (n + known.len() - 1) as u32
                                })
                            };
                            edges.push((i, v));
                        }
                    }
                }
                done += 1;
                if done % BATCH != 0 && !r.at_end() {
                    continue;
                }
                grundy::budget::check().map_err(|e| ScriptError::Script(e.to_string()))?;
                // The tier, the tiers it moves to and the graph being built (its moves, twice
                // when the graph is made).
                let held = own.memory()
                    + lower
                        .iter()
                        .map(|(_, k, v)| k.memory() + v.memory())
                        .sum::<u64>()
                    + 24 * edges.len() as u64
                    + 40 * (n + known.len()) as u64;
                if held > memory {
                    return Err(ScriptError::Script(format!(
                        "tier {t} and the tiers it moves to need more than the memory allowed \
                         ({} MiB: {n} positions, {} moves so far); raise --max-memory, or split \
                         the game into more tiers",
                        memory >> 20,
                        edges.len()
                    )));
                }
                progress(TierProgress::Solving {
                    tier: t,
                    done,
                    positions: n,
                });
            }
            if done != n {
                return Err(r.damaged());
            }
            Ok(())
        };
        if let Err(e) = read() {
            return Err(r.blame(e));
        }
        r.finish()?;
        let read = lower.iter().map(|(_, k, _)| k.len()).sum();
        drop(lower);
        let stats = TierStats {
            positions: n,
            moves: edges.len(),
            read,
        };
        let graph = Graph::from_numbered_edges(n + known.len(), edges);
        let s = graph.solve_beside(
            &known,
            |u| terminal.get(&u).copied(),
            Outcome::P,
            want_grundy,
        );
        let mut body = Vec::new();
        put_varint(&mut body, n as u64);
        put_varint(&mut body, u64::from(want_grundy));
        for u in 0..n {
            body.push(encode_outcome(s.outcome[u]));
            put_varint(&mut body, s.remoteness[u].map_or(0, |r| u64::from(r) + 1));
            if let Some(g) = &s.grundy {
                match g.get(&graph, u as u32) {
                    Gsg::Finite(v) => put_varint(&mut body, u64::from(v) + 1),
                    Gsg::Infinite(k) => {
                        put_varint(&mut body, 0);
                        put_varint(&mut body, k.len() as u64);
                        for v in k {
                            put_varint(&mut body, u64::from(v));
                        }
                    }
                }
            }
        }
        write_file(&self.values_path(t), &format!("values {t}"), &body)?;
        Ok(stats)
    }

    /// The answer for the start, once every tier is solved: as [`Rules::solve`] gives it.
    pub fn report(&self) -> Result<Report, ScriptError> {
        let (positions, terminals) = self.explored_counts()?;
        let want_grundy = !self.rules.partizan && terminals == 0;
        let mut loaded: FxHashMap<u64, (Keys, Values)> = FxHashMap::default();
        let mut value = |u: u64, k: &[u8]| -> Result<Known, ScriptError> {
            let (keys, values) = match loaded.entry(u) {
                std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::hash_map::Entry::Vacant(e) => e.insert(self.load(u)?),
            };
            let i = keys.find(k).ok_or_else(|| {
                ScriptError::Script(format!(
                    "{} (tier {u}) is not among the positions explored",
                    json_of(k)
                ))
            })?;
            Ok(values.known(i))
        };
        let mut at_root = Vec::new();
        let (mut winning, mut drawing) = (Vec::new(), Vec::new());
        for root in &self.roots {
            let here = value(self.start_tier, root)?;
            let side = side_of(root);
            let held = here.outcome;
            if let Step::Moves(moves) = self.rules.step(root, self.opts.rhai_only)? {
                for (u, k) in moves {
                    let v = value(u, &k)?;
                    let to = || json_of(&k);
                    if v.outcome == Outcome::P {
                        winning.push(WinningMove {
                            to: to(),
                            player: side.map(player),
                            grundy: None,
                        });
                    }
                    if matches!(held, Outcome::D | Outcome::T) && v.outcome == held {
                        drawing.push(WinningMove {
                            to: to(),
                            player: side.map(player),
                            grundy: v.grundy,
                        });
                    }
                }
            }
            at_root.push(here);
        }
        let outcome = if self.rules.partizan {
            super::class_of(at_root[0].outcome, at_root[1].outcome)
        } else {
            at_root[0].outcome
        };
        Ok(Report {
            outcome,
            remoteness: if self.rules.partizan {
                None
            } else {
                at_root[0].remoteness
            },
            grundy: if want_grundy {
                at_root[0].grundy.clone()
            } else {
                None
            },
            winning_moves: winning,
            drawing_moves: drawing,
            positions: positions as usize,
            all: None,
        })
    }
}
