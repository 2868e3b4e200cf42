//! `grundy sequence`: compute G(0) … G(N) of a heap game, prove periodicity, checkpoint.

use super::checkpoint::Checkpoint;
use super::{
    extend_with, observe_regularity, prove_regularity, Extension, HeapRule, Regularity, StoredValue,
};
use crate::{invalid, too_large, GameError, Nat};
use num_traits::ToPrimitive;
use serde::Serialize;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Where the values come from.
#[derive(Clone, Debug)]
pub enum Source {
    /// Computed by the mex rule from a heap rule.
    Rule(HeapRule),
    /// A game whose values have a closed form (declared by the game's own module).
    ClosedForm(ClosedForm),
}

/// A heap game's values by a closed form, and the regularity that form proves.
#[derive(Clone, Copy, Debug)]
pub struct ClosedForm {
    /// G(n).
    pub value: fn(&Nat) -> Nat,
    /// The (arithmetic) period the closed form proves, claimed once more than `shown_after`
    /// values are computed (enough for the pattern to be seen in them).
    pub regularity: Option<Regularity>,
    /// How many values must be computed before the regularity is claimed.
    pub shown_after: u64,
    /// The closed form in words, with its source, for a summary.
    pub formula: &'static str,
    /// The game's moves on heaps of at most N tokens as a take-and-break rule, where they are
    /// one (Nim: remove any number; Lasker's Nim: that, or split without removing), so that
    /// searches over positions (misère quotients, genera) can play it; `None` where they are
    /// not (split Nim's two smaller heaps may hold more tokens than the heap they replace).
    pub moves: Option<fn(u64) -> HeapRule>,
}

/// The parity class that few values fall in: values v whose number of 1 bits in `v & mask`
/// has parity `parity` ("rare") against the rest ("common"), for the mask that makes the rare
/// ones fewest — the basis of the sparse-space method.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Rare {
    /// The parity mask (0 when the values are too wide to analyse).
    pub mask: u64,
    /// How many computed values are rare.
    pub count: u64,
    /// The last heap with a rare value.
    pub last: Option<u64>,
    /// The parity (0 or 1) of `popcount(v & mask)` that makes a value rare.
    pub parity: u8,
}

/// Which arithmetic periods grundy can prove, as a report says when it sees one it has not
/// proved.
pub const ARITHMETIC_PROOFS: &str = "grundy proves arithmetic periods for all-but games and, by a \
     certificate, for some hexadecimal codes with three-heap moves, from enough values";

/// The answer of `grundy sequence`; its JSON form is a contract.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The game, as named on the command line. Not in the JSON form: who serializes a report
    /// writes the game's name and options apart (`grundy sequence --json` puts
    /// [`crate::GameName`]'s fields `game`, `options`, `spec` in front).
    #[serde(skip)]
    pub game: String,
    /// How many values were computed: G(0) … G(computed − 1).
    pub computed: u64,
    /// The smallest proved period, or null.
    pub period: Option<u64>,
    /// The least n0 from which the proved period holds, or null.
    pub preperiod: Option<u64>,
    /// G(n + period) − G(n) beyond the preperiod (0 for plain periodicity), or null when no
    /// period is proved.
    pub saltus: Option<u64>,
    /// Whether ultimate periodicity is proved.
    pub proved: bool,
    /// The largest value computed.
    pub max_value: u64,
    /// The rare values for the best parity mask.
    pub rare: Rare,
    /// When nothing is proved: a period (and saltus) the values show without proof, if any
    /// (see [`observe_regularity`]).
    pub observed: Option<Regularity>,
    /// The first heap whose value followed from a period proved earlier in the run instead of
    /// being computed by the mex rule (exact either way), or null when none did.
    pub by_period_from: Option<u64>,
    /// Asked for more values than memory holds, of a game whose period was then proved from
    /// the first ones: every G(n) up to this heap follows from the period, though only
    /// `computed` were computed (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub known_to: Option<u64>,
    /// The closed form the values follow, in words, for a game that has one (absent
    /// otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closed_form: Option<&'static str>,
    /// The values, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<u32>>,
}

/// One `grundy sequence` run.
#[derive(Clone, Debug)]
pub struct Job {
    /// The values' source.
    pub source: Source,
    /// The game's name (also stored in checkpoints).
    pub game: String,
    /// Compute G(0) … G(to).
    pub to: u64,
    /// Stop as soon as periodicity is proved.
    pub until_periodic: bool,
    /// Save progress here and resume from it.
    pub checkpoint: Option<PathBuf>,
    /// Return the values in the report.
    pub keep_values: bool,
}

// The most memory the values may take is `crate::budget::memory_limit()` (20 GiB unless the
// caller says otherwise). Values take 2 bytes while they fit in 16 bits, which is what octal
// games with a sparse space do (Officers' largest value below 2^30 is 325): 2^32 heaps of them
// take 8 GiB.
/// How often progress is saved to the checkpoint.
const SAVE_EVERY: Duration = Duration::from_secs(1);
/// Past the memory limit, the values a periodicity proof is looked for in (a second or so of
/// computing for most codes).
const TRIAL: u64 = 1 << 20;
const _: () = assert!(TRIAL == 1_048_576, "the refusal says the figure");

impl Job {
    /// Runs the job, calling `progress(done, total)` as values are computed.
    pub fn run(&self, progress: &mut dyn FnMut(u64, u64)) -> Result<Report, GameError> {
        let total = self
            .to
            .checked_add(1)
            .ok_or_else(|| invalid!("--to is too large"))?;
        // The mex rule stores 2 bytes a value while they fit; a closed form's values are
        // kept in 4.
        let each = match self.source {
            Source::Rule(_) => u16::BYTES,
            Source::ClosedForm(_) => u32::BYTES,
        };
        let bytes = total.saturating_mul(each);
        let limit = crate::budget::memory_limit();
        if bytes > limit {
            // A game whose period is proved from its first values needs none of that memory:
            // every value asked for follows from the period.
            let mut tried = "";
            if let (Source::Rule(rule), false) = (&self.source, self.keep_values) {
                if rule.provable() && TRIAL.saturating_mul(each) <= limit {
                    let trial = Job {
                        to: TRIAL - 1,
                        until_periodic: true,
                        ..self.clone()
                    };
                    let mut report = trial.run(progress)?;
                    if report.proved {
                        report.known_to = Some(self.to);
                        return Ok(report);
                    }
                    tried = ", and no period was proved from the first 1,048,576";
                }
            }
            return Err(too_large!(
                "--to {} would need {} for the values ({each} bytes each at least){tried}; \
                 the limit is {} (--max-memory GIB sets it)",
                self.to,
                gib(bytes),
                gib(limit)
            ));
        }
        let mut by_period_from = None;
        let (values, proved) = match &self.source {
            Source::Rule(rule) => self.run_rule(rule, total, progress, &mut by_period_from)?,
            Source::ClosedForm(form) => {
                let values = formula(total, |n| (form.value)(&Nat::from(n)))?;
                let proved = form
                    .regularity
                    .filter(|_| values.len() as u64 > form.shown_after);
                (Table::Wide(values), proved)
            }
        };
        progress(values.len(), total);
        Ok(Report {
            game: self.game.clone(),
            computed: values.len(),
            period: proved.map(|r| r.period),
            preperiod: proved.map(|r| r.preperiod),
            saltus: proved.map(|r| r.saltus),
            proved: proved.is_some(),
            max_value: values.max().into(),
            rare: values.rare(),
            observed: if proved.is_some() {
                None
            } else {
                values.observe()
            },
            by_period_from,
            known_to: None,
            closed_form: match &self.source {
                Source::ClosedForm(form) => Some(form.formula),
                Source::Rule(_) => None,
            },
            values: self.keep_values.then(|| values.into_u32()),
        })
    }

    /// Values by the mex rule, two bytes each while they fit and four from the first that
    /// does not, with checkpoints and the periodicity proof.
    fn run_rule(
        &self,
        rule: &HeapRule,
        total: u64,
        progress: &mut dyn FnMut(u64, u64),
        by_period_from: &mut Option<u64>,
    ) -> Result<(Table, Option<Regularity>), GameError> {
        self.run_rule_as::<u16>(rule, total, progress, by_period_from)
    }

    /// [`run_rule`](Self::run_rule) with `N` as the narrow storage (tests use a byte).
    #[allow(clippy::type_complexity)]
    fn run_rule_as<N: StoredValue>(
        &self,
        rule: &HeapRule,
        total: u64,
        progress: &mut dyn FnMut(u64, u64),
        by_period_from: &mut Option<u64>,
    ) -> Result<(Table<N>, Option<Regularity>), GameError> {
        let mut checkpoint = None;
        let wide = match self.load::<N>(&mut checkpoint)? {
            Some(values) => match self.grow(
                rule,
                total,
                progress,
                &mut checkpoint,
                values,
                by_period_from,
            )? {
                Ok((values, found)) => return Ok((Table::Narrow(values), found)),
                Err(values) => widen(&values, total)?,
            },
            // The checkpoint holds a value too wide for N.
            None => self
                .load::<u32>(&mut checkpoint)?
                .expect("every value fits in 32 bits"),
        };
        match self.grow(rule, total, progress, &mut checkpoint, wide, by_period_from)? {
            Ok((values, found)) => Ok((Table::Wide(values), found)),
            Err(values) => Err(too_large!(
                "G({}) does not fit in 32 bits; grundy stores values below 2^32",
                values.len()
            )),
        }
    }

    /// The values saved in the job's checkpoint, if any, opening it into `checkpoint`
    /// (`None` if one does not fit in `V`; no values without a checkpoint).
    fn load<V: StoredValue>(
        &self,
        checkpoint: &mut Option<Checkpoint>,
    ) -> Result<Option<Vec<V>>, GameError> {
        let Some(path) = &self.checkpoint else {
            return Ok(Some(Vec::new()));
        };
        let (c, values) = Checkpoint::open::<V>(path, &self.game)?;
        *checkpoint = Some(c);
        Ok(values)
    }

    /// Extends `values` to `total` values in chunks, saving to the checkpoint and looking for
    /// a period; `Err` with the values so far (saved) at the first that `V` cannot hold.
    ///
    /// Once a period is proved, the values still to come follow from it (G(n) = G(n − p) + s
    /// beyond the preperiod, which the proof guarantees for every n), so a long run of a game
    /// that turns periodic costs one step a value from there; `by_period_from` is set to the
    /// first heap so obtained.
    #[allow(clippy::type_complexity)]
    fn grow<V: StoredValue>(
        &self,
        rule: &HeapRule,
        total: u64,
        progress: &mut dyn FnMut(u64, u64),
        checkpoint: &mut Option<Checkpoint>,
        mut values: Vec<V>,
        by_period_from: &mut Option<u64>,
    ) -> Result<Result<(Vec<V>, Option<Regularity>), Vec<V>>, GameError> {
        values.truncate(total as usize);
        // The whole table at once: growing it by doubling would need 1.5 times the memory.
        values
            .try_reserve_exact(total as usize - values.len())
            .map_err(|_| {
                too_large!(
                    "cannot allocate {total} values ({})",
                    gib(total.saturating_mul(V::BYTES))
                )
            })?;
        let provable = rule.provable();
        let mut last_save = Instant::now();
        let mut next_check = 1024u64;
        let mut found = None;
        let mut ext = Extension::default();
        loop {
            let done = values.len() as u64;
            // The last check, over all values, finds the smallest proved period; there is one
            // every 1/16 more values too, so that the run stops (--until-periodic) or goes on
            // by the period at most 6 % past the point where the proof completes (a check
            // costs a few steps per value, computing a value thousands).
            if provable && (done == total || done >= next_check) {
                next_check = done.saturating_add(done / 16).max(1024);
                found = prove_regularity(rule, &values);
                if found.is_some() && (self.until_periodic || done == total) {
                    break;
                }
            }
            if done == total {
                break;
            }
            if let Some(r) = found {
                by_period_from.get_or_insert(done);
                let fits = extend_by_period(&mut values, total, r);
                progress(values.len() as u64, total);
                if !fits {
                    if let Some(c) = checkpoint {
                        c.save(&self.game, &values)?;
                    }
                    return Ok(Err(values));
                }
                continue;
            }
            // Chunks small enough for a lively progress bar and frequent checkpoints.
            let chunk = (4096u64).max(done / 64).min(total - done);
            // Stop at the next periodicity check (games with a proof, --until-periodic).
            let check_at = if provable {
                next_check.max(done + 1)
            } else {
                total
            };
            let end = (done + chunk).min(check_at).min(total);
            let fits = extend_with(rule, &mut values, end - 1, &mut ext);
            progress(values.len() as u64, total);
            // Out of time (crate::budget): what was computed is saved before stopping.
            if let Err(e) = crate::budget::check() {
                if let Some(c) = checkpoint {
                    c.save(&self.game, &values)?;
                }
                return Err(e);
            }
            if let Some(c) = checkpoint {
                if !fits || last_save.elapsed() >= SAVE_EVERY {
                    c.save(&self.game, &values)?;
                    last_save = Instant::now();
                }
            }
            if !fits {
                return Ok(Err(values));
            }
        }
        if let Some(c) = checkpoint {
            c.save(&self.game, &values)?;
        }
        // With the full run done, the final check above found the smallest proved period.
        Ok(Ok((values, found)))
    }
}

/// Extends `values` to `total` values by a proved regularity: G(n) = G(n − period) + saltus,
/// which holds for every n ≥ preperiod + period. Stops early, returning false, at the first
/// value `V` cannot hold.
fn extend_by_period<V: StoredValue>(values: &mut Vec<V>, total: u64, r: Regularity) -> bool {
    let p = r.period as usize;
    debug_assert!(values.len() as u64 >= r.preperiod + r.period);
    while (values.len() as u64) < total {
        let next = u32::try_from(r.saltus)
            .ok()
            .and_then(|s| values[values.len() - p].get().checked_add(s));
        let Some(v) = next.and_then(V::new) else {
            return false;
        };
        values.push(v);
    }
    true
}

/// The values of a run: two bytes each (`N`) while they fit in 16 bits, four beyond.
enum Table<N = u16> {
    Narrow(Vec<N>),
    Wide(Vec<u32>),
}

impl<N: StoredValue> Table<N> {
    fn len(&self) -> u64 {
        match self {
            Table::Narrow(v) => v.len() as u64,
            Table::Wide(v) => v.len() as u64,
        }
    }

    fn max(&self) -> u32 {
        match self {
            Table::Narrow(v) => v.iter().map(|x| x.get()).max().unwrap_or(0),
            Table::Wide(v) => v.iter().copied().max().unwrap_or(0),
        }
    }

    fn rare(&self) -> Rare {
        match self {
            Table::Narrow(v) => rare(v),
            Table::Wide(v) => rare(v),
        }
    }

    fn observe(&self) -> Option<Regularity> {
        match self {
            Table::Narrow(v) => observe_regularity(v),
            Table::Wide(v) => observe_regularity(v),
        }
    }

    fn into_u32(self) -> Vec<u32> {
        match self {
            Table::Narrow(v) => v.into_iter().map(N::get).collect(),
            Table::Wide(v) => v,
        }
    }
}

/// The same values, four bytes each, with room for `total`: a value has outgrown `N`.
fn widen<N: StoredValue>(values: &[N], total: u64) -> Result<Vec<u32>, GameError> {
    let bytes = total.saturating_mul(u32::BYTES);
    let refuse = || {
        too_large!(
            "G({}) does not fit in {} bits, so the values now need 4 bytes each: {} for {total} \
             values is more than this machine allows",
            values.len(),
            8 * N::BYTES,
            gib(bytes)
        )
    };
    if bytes > crate::budget::memory_limit() {
        return Err(refuse());
    }
    let mut wide = Vec::new();
    wide.try_reserve_exact(total as usize)
        .map_err(|_| refuse())?;
    wide.extend(values.iter().map(|v| v.get()));
    Ok(wide)
}

/// `bytes` in GiB (MiB below one GiB), for messages.
fn gib(bytes: u64) -> String {
    if bytes < 1 << 30 {
        format!("{:.1} MiB", bytes as f64 / (1u64 << 20) as f64)
    } else {
        format!("{:.1} GiB", bytes as f64 / (1u64 << 30) as f64)
    }
}

fn formula(total: u64, g: impl Fn(u64) -> Nat) -> Result<Vec<u32>, GameError> {
    let mut values = Vec::new();
    values.try_reserve_exact(total as usize).map_err(|_| {
        too_large!(
            "cannot allocate {total} values ({})",
            gib(total.saturating_mul(u32::BYTES))
        )
    })?;
    for n in 0..total {
        let v = g(n).to_u32();
        values.push(
            v.ok_or_else(|| too_large!("G({n}) does not fit in 32 bits; ask for fewer values"))?,
        );
    }
    Ok(values)
}

/// The rare parity class: the mask m ≠ 0 and parity minimising the number of values v whose
/// number of 1 bits in v & m has that parity, from the Walsh–Hadamard transform of the value
/// histogram (the transform at m is #even − #odd).
pub fn rare<V: StoredValue>(values: &[V]) -> Rare {
    let Some(h) = super::sparse::parity_transform(values) else {
        return Rare {
            mask: 0,
            count: 0,
            last: None,
            parity: 0,
        };
    };
    let size = h.len();
    let n = values.len() as i64;
    // #odd = (n − transform) / 2 and #even = n − #odd; the rare class is the smaller one.
    let (count, mask, parity) = (1..size)
        .map(|m| {
            let odd = ((n - h[m]) / 2) as u64;
            let even = n as u64 - odd;
            if odd <= even {
                (odd, m as u64, 1u8)
            } else {
                (even, m as u64, 0u8)
            }
        })
        .min()
        .expect("at least one mask");
    let is_rare = |v: V| (u64::from(v.get()) & mask).count_ones() % 2 == u32::from(parity);
    Rare {
        mask,
        count,
        last: values.iter().rposition(|&v| is_rare(v)).map(|i| i as u64),
        parity,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::parse_code;
    use std::fs;

    fn job(code: &str, to: u64) -> Job {
        Job {
            source: Source::Rule(parse_code(code).unwrap()),
            game: format!("octal {code}"),
            to,
            until_periodic: true,
            checkpoint: None,
            keep_values: false,
        }
    }

    #[test]
    fn values_outgrowing_the_narrow_storage_continue_wide_through_checkpoints() {
        let dir = std::env::temp_dir().join(format!("grundy-widen-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("c.bin");
        // Subtract anything but 1: G passes 255 near heap 510. A byte is the narrow storage.
        let j = |to: u64, checkpoint: Option<PathBuf>| Job {
            source: Source::Rule(HeapRule::AllBut(vec![1])),
            game: "all-but 1".into(),
            to,
            until_periodic: false,
            checkpoint,
            keep_values: true,
        };
        let want = j(900, None).run(&mut |_, _| {}).unwrap().values.unwrap();
        assert!(want[400] <= 255 && want[900] > 255);
        let run = |to: u64| {
            let (table, _) = j(to, Some(path.clone()))
                .run_rule_as::<u8>(
                    &HeapRule::AllBut(vec![1]),
                    to + 1,
                    &mut |_, _| {},
                    &mut None,
                )
                .unwrap();
            (matches!(table, Table::Wide(_)), table.into_u32())
        };
        // Narrow to 400; on to 700, widening on the way; to 900 from a checkpoint too wide for
        // the narrow storage; each time exactly the values of one uninterrupted run.
        for (to, wide) in [(400, false), (700, true), (900, true)] {
            assert_eq!(run(to), (wide, want[..=to as usize].to_vec()), "to {to}");
        }
        // The file holds exactly the values.
        let (_, saved) = Checkpoint::open::<u32>(&path, "all-but 1").unwrap();
        assert_eq!(saved.unwrap(), want);
        // A narrow run that meets a wide value in its checkpoint reads it wide, even for a prefix.
        assert_eq!(run(300), (true, want[..=300].to_vec()));
        fs::remove_dir_all(&dir).unwrap();
    }

    /// A run past its proof goes on by the period, with exactly the values the mex rule
    /// gives, also when they outgrow the narrow storage on the way (a byte here).
    #[test]
    fn values_past_a_proved_period_follow_from_it_exactly() {
        let rules = [
            ("0.77", parse_code("0.77").unwrap()),
            ("0.156", parse_code("0.156").unwrap()),
            ("4.7", parse_code("4.7").unwrap()),
            ("0.B", parse_code("0.B").unwrap()),
            // Arithmetic-periodic hexadecimal codes: G(n) = ⌊(n − 1)/3⌋, ⌊(n − 1)/2⌋.
            ("0.8", parse_code("0.8").unwrap()),
            ("8.0", parse_code("8.0").unwrap()),
            // Take ten or more: G(n) = ⌊n/10⌋, past 255 at heap 2 560.
            ("all-but 1..9", HeapRule::AllBut((1..=9).collect())),
            (
                "all-but 13,19,20,33",
                HeapRule::AllBut(vec![13, 19, 20, 33]),
            ),
        ];
        for (name, rule) in rules {
            let to = 12_000u64;
            let mut want: Vec<u32> = Vec::new();
            extend_with(&rule, &mut want, to, &mut Extension::default());
            let j = Job {
                source: Source::Rule(rule.clone()),
                game: name.into(),
                to,
                until_periodic: false,
                checkpoint: None,
                keep_values: true,
            };
            let mut from = None;
            let (table, proved) = j
                .run_rule_as::<u8>(&rule, to + 1, &mut |_, _| {}, &mut from)
                .unwrap();
            assert!(proved.is_some(), "{name}");
            let from = from.unwrap_or_else(|| panic!("{name}: nothing followed from the period"));
            assert!(from < 9_000, "{name}: by the period from {from}");
            assert_eq!(table.into_u32(), want, "{name}");
            let r = j.run(&mut |_, _| {}).unwrap();
            assert_eq!(r.values.unwrap(), want, "{name}");
            assert!(r.by_period_from.is_some(), "{name}");
        }
        // Nothing proved, nothing followed: every value computed.
        let r = Job {
            until_periodic: false,
            ..job("0.6", 5000)
        }
        .run(&mut |_, _| {})
        .unwrap();
        assert_eq!(r.by_period_from, None);
    }

    #[test]
    fn reproduces_published_periods() {
        for (code, n0, p) in [
            ("0.77", 71, 12),
            ("0.07", 53, 34),
            ("0.4", 54, 34),
            ("0.17", 33, 34),
            ("0.44", 143, 24),
            ("0.156", 3479, 349),
            ("0.644", 3256, 442),
            ("0.165", 5181, 1550),
            ("0.356", 7315, 142),
        ] {
            let r = job(code, 100_000).run(&mut |_, _| {}).unwrap();
            assert!(r.proved, "{code}");
            assert_eq!((r.preperiod, r.period), (Some(n0), Some(p)), "{code}");
            assert!(r.computed < 100_000, "{code} stopped once proved");
        }
        let sub = Job {
            source: Source::Rule(crate::heap::subtraction(&[2, 3, 7])),
            game: "subtraction --set 2,3,7".into(),
            ..job("0.77", 1000)
        };
        assert_eq!(sub.run(&mut |_, _| {}).unwrap().period, Some(5));
    }

    /// Codes with a whole part (4.x) are proved by Guy–Smith as well: every period proved
    /// from the values needed goes on holding far beyond them.
    #[test]
    fn whole_part_codes_have_proved_periods_that_keep_holding() {
        let mut proved = 0;
        for code in [
            "4.7", "4.07", "4.3", "4.1", "4.05", "4.4", "4.37", "4.17", "4.6", "4.04",
        ] {
            let r = job(code, 20_000).run(&mut |_, _| {}).unwrap();
            let (Some(n0), Some(p)) = (r.preperiod, r.period) else {
                continue;
            };
            proved += 1;
            // Computed by the mex rule all the way (a run would go on by the period).
            let mut v: Vec<u32> = Vec::new();
            let rule = parse_code(code).unwrap();
            extend_with(
                &rule,
                &mut v,
                40 * r.computed + 1000,
                &mut Extension::default(),
            );
            for n in n0 as usize..v.len() - p as usize {
                assert_eq!(
                    v[n],
                    v[n + p as usize],
                    "{code}: period {p} from {n0} fails at {n}"
                );
            }
        }
        assert!(
            proved >= 5,
            "only {proved} whole-part codes proved periodic"
        );
    }

    #[test]
    fn nothing_unproved_is_reported_as_proved() {
        let r = job("0.77", 150).run(&mut |_, _| {}).unwrap();
        assert_eq!(r.computed, 151);
        assert!(!r.proved && r.period.is_none() && r.preperiod.is_none());
        let g = Job {
            source: Source::Rule(HeapRule::GrundysGame),
            ..job("0.77", 5000)
        };
        let r = g.run(&mut |_, _| {}).unwrap();
        assert!(!r.proved && r.computed == 5001);
    }

    #[test]
    fn all_but_games_stop_at_their_proved_arithmetic_period() {
        let job = Job {
            source: Source::Rule(HeapRule::AllBut(vec![13, 19, 20, 33])),
            game: "all-but --set 13,19,20,33".into(),
            ..job("0.6", 100_000)
        };
        let r = job.run(&mut |_, _| {}).unwrap();
        assert!(r.proved && r.observed.is_none());
        assert_eq!(
            (r.period, r.preperiod, r.saltus),
            (Some(692), Some(1130), Some(252))
        );
        assert!(r.computed < 3000, "stopped at {}", r.computed);
        // Too few values for the certificate: observed only.
        let r = Job {
            to: 1500,
            until_periodic: false,
            ..job
        }
        .run(&mut |_, _| {})
        .unwrap();
        assert!(!r.proved && r.saltus.is_none() && r.period.is_none());
    }

    #[test]
    fn unproved_regularities_are_reported_as_observed_only() {
        // 0.209 goes up by three every nine heaps, which nothing here proves (arith.rs's
        // certificate does not cover it, even from 5 000 values).
        let r = job("0.209", 300).run(&mut |_, _| {}).unwrap();
        assert!(!r.proved && r.period.is_none() && r.saltus.is_none());
        assert_eq!(
            r.observed,
            Some(Regularity {
                preperiod: 1,
                period: 9,
                saltus: 3
            })
        );
        // 0.8: G(n) = ⌊(n − 1)/3⌋ for n ≥ 1, proved by the certificate of arith.rs.
        let r = job("0.8", 300).run(&mut |_, _| {}).unwrap();
        assert!(r.proved && r.observed.is_none());
        assert_eq!(
            (r.preperiod, r.period, r.saltus),
            (Some(1), Some(3), Some(1))
        );
        // Kayles' period shows in 151 values, but its proof needs 168.
        let r = job("0.77", 150).run(&mut |_, _| {}).unwrap();
        assert!(!r.proved);
        assert_eq!(
            r.observed,
            Some(Regularity {
                preperiod: 71,
                period: 12,
                saltus: 0
            })
        );
        let r = job("0.77", 1000).run(&mut |_, _| {}).unwrap();
        assert!(r.proved && r.observed.is_none());
    }

    #[test]
    fn rare_values_of_grundys_game_are_few() {
        // Grundy's game and Officers (0.6) have a sparse space: under the right parity mask
        // only a few per cent of the values are rare.
        for source in [HeapRule::GrundysGame, parse_code("0.6").unwrap()] {
            let r = Job {
                source: Source::Rule(source),
                until_periodic: false,
                keep_values: true,
                ..job("0.6", 40_000)
            }
            .run(&mut |_, _| {})
            .unwrap();
            // About 3% of the values up to 40 000 are rare (1273 and 1584).
            assert!(r.rare.count < 2000, "{:?}", r.rare);
            let values = r.values.unwrap();
            assert_eq!(values.len(), 40_001);
            let rare = |v: u32| (v as u64 & r.rare.mask).count_ones() % 2 == r.rare.parity as u32;
            assert_eq!(
                values.iter().filter(|&&v| rare(v)).count() as u64,
                r.rare.count
            );
            assert!(rare(values[r.rare.last.unwrap() as usize]));
        }
    }

    #[test]
    fn closed_forms_are_counted_at_four_bytes_a_value() {
        let lasker = crate::games::lasker::CLOSED_FORM;
        let e = Job {
            source: Source::ClosedForm(lasker),
            game: "lasker".into(),
            to: 10_000_000_000,
            until_periodic: false,
            checkpoint: None,
            keep_values: false,
        }
        .run(&mut |_, _| {})
        .unwrap_err()
        .to_string();
        assert!(e.contains("37.3 GiB") && e.contains("4 bytes"), "{e}");
    }

    /// Past the memory limit, a game whose period is proved from its first values is
    /// answered (every value asked for follows from the period); values asked for, which
    /// would have to be stored, are refused at once with the amount; and so is a game with
    /// no period proved from the first 2^20 values (Officers, 0.6, has none below 2^32).
    #[test]
    fn past_the_memory_limit_only_a_proved_period_answers() {
        let r = job("0.77", 1 << 40).run(&mut |_, _| {}).unwrap();
        assert!(r.proved && r.period == Some(12) && r.preperiod == Some(71));
        assert_eq!(r.known_to, Some(1 << 40));
        assert!(r.computed <= TRIAL, "{}", r.computed);
        let mut kept = job("0.77", 1 << 40);
        kept.keep_values = true;
        let e = kept.run(&mut |_, _| {}).unwrap_err().to_string();
        assert!(e.contains("GiB") && !e.contains("no period"), "{e}");
        let e = job("0.6", 1 << 40)
            .run(&mut |_, _| {})
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("GiB") && e.contains("no period was proved"),
            "{e}"
        );
    }
}
