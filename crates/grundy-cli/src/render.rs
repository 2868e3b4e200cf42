//! Human-readable and JSON renderings of the library's answers.

use grundy::analysis::Analysis;
use grundy::nat::count;
use grundy::rules::{Cell, GameInfo};
use grundy::Outcome;
use std::fmt::Write;

/// Solve's text answer: outcome, Grundy value, winning moves, explanation.
pub fn analysis_text(a: &Analysis) -> String {
    let mut s = String::new();
    let pos = grundy::analysis::words_text(&a.position);
    // A game with options names the position apart, so that the options' ends show
    // (`subtraction --set 1 3 10` reads the set {1} and the heaps 3 and 10).
    let position = if a.game.options.is_empty() {
        format!("{} {pos}", a.game)
    } else {
        format!("{}, position {pos}", a.game)
    };
    let _ = writeln!(s, "{position}: {}.", a.outcome.sentence());
    if let Some(g) = &a.grundy {
        let _ = writeln!(s, "Grundy value: {g}");
    }
    if let Some(r) = &a.remoteness {
        let _ = writeln!(
            s,
            "Remoteness: {r} (moves left with best play: the winner hastens the end, the \
             loser delays it)"
        );
    }
    if !a.winning_moves.is_empty() {
        let n = a.winning_moves.len();
        let _ = writeln!(
            s,
            "Winning move{}{}:",
            if n == 1 && !a.winning_moves_truncated && !a.winning_moves_partial {
                ""
            } else {
                "s"
            },
            if a.winning_moves_partial {
                format!(" ({n} found; not every move was examined, see Why)")
            } else if a.winning_moves_truncated {
                format!(" (the first {n}; more with --max-moves)")
            } else if n > 1 {
                format!(" ({n})")
            } else {
                String::new()
            }
        );
        for m in &a.winning_moves {
            let _ = writeln!(
                s,
                "  {}  →  {}",
                m.description,
                grundy::analysis::words_text(&m.to)
            );
        }
    }
    let _ = writeln!(s, "Why: {}", a.explanation);
    s
}

/// A position's tokens as the words a user would type.
pub fn words(ts: &[grundy::Token]) -> Vec<String> {
    ts.iter().map(|t| t.to_string()).collect()
}

/// Borrowed views of owned arguments, as the catalog takes them.
pub fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

/// `grundy rules GAME`.
pub fn rules_text(info: &GameInfo) -> String {
    format!(
        "{title} — {summary}\n\nUsage: grundy solve {usage}\nExample: grundy solve {example}\n\nRules\n{rules}\n\nTheory\n{theory}\n\nSource\n{source}\n",
        title = info.title,
        summary = info.summary,
        usage = info.usage,
        example = info.example,
        rules = wrap(info.rules),
        theory = wrap(info.theory),
        source = wrap(info.source),
    )
}

/// The Markdown section of `docs/games.md` for one game.
pub fn rules_markdown(info: &GameInfo) -> String {
    format!(
        "## {title} (`{name}`)\n\n{summary}.\n\n**Usage:** `grundy solve {usage}` (e.g. `grundy solve {example}`)\n\n**Rules.** {rules}\n\n**Theory.** {theory}\n\n**Source.** {source}\n",
        title = info.title,
        name = info.name,
        summary = capitalize(info.summary),
        usage = info.usage,
        example = info.example,
        rules = info.rules,
        theory = info.theory,
        source = info.source,
    )
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// Wraps a paragraph at 90 columns.
fn wrap(text: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > 90 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out
}

/// What one table cell shows.
pub fn cell_text(cell: &Option<Cell>, grundy: bool) -> String {
    match cell {
        None => "·".into(),
        Some(c) if grundy => match &c.grundy {
            Some(g) => g.to_string(),
            None => c.outcome.to_string(),
        },
        Some(c) => c.outcome.to_string(),
    }
}

/// `grundy sequence`'s text summary.
pub fn sequence_text(r: &grundy::heap::sequence::Report) -> String {
    let mut s = format!(
        "{}: computed G(0) … G({}), largest value {}.\n",
        r.game,
        r.computed.saturating_sub(1),
        r.max_value
    );
    match (r.period, r.preperiod) {
        (Some(p), Some(n0)) if r.saltus == Some(0) => {
            let _ = writeln!(s, "Periodic with period {p} from heap {n0} on (proved).");
        }
        (Some(p), Some(n0)) => {
            let _ = writeln!(
                s,
                "Arithmetic-periodic: G(n + {p}) = G(n) + {} for n ≥ {n0} (proved).",
                r.saltus.unwrap_or(0)
            );
        }
        _ if r.closed_form.is_some() => {
            let _ = writeln!(
                s,
                "Closed form (proved): {}.",
                r.closed_form.unwrap_or_default()
            );
        }
        _ => {
            let _ = writeln!(s, "No period proved by these values.");
            match r.observed {
                Some(o) if o.saltus == 0 => {
                    let _ = writeln!(
                        s,
                        "They look periodic with period {} from heap {} on (not proved: the \
                         theorem needs more values).",
                        o.period, o.preperiod
                    );
                }
                Some(o) => {
                    let _ = writeln!(
                        s,
                        "They look arithmetic-periodic, G(n + {}) = G(n) + {} for n ≥ {} (not \
                         proved: {}).",
                        o.period,
                        o.saltus,
                        o.preperiod,
                        grundy::heap::sequence::ARITHMETIC_PROOFS
                    );
                }
                None => {}
            }
        }
    }
    if let Some(h) = r.by_period_from {
        let _ = writeln!(
            s,
            "The period was proved once G(0) … G({}) were known; the values from G({h}) on \
             follow from it.",
            h - 1
        );
    }
    if let Some(to) = r.known_to {
        let _ = writeln!(
            s,
            "So every G(n) up to n = {to} follows from it, without storing them."
        );
    }
    // The rare values (the sparse-space method's), as the JSON gives them; a closed form needs
    // none, and where a tenth of the values or more are "rare" the line says the method does
    // not help.
    if r.rare.mask != 0 && r.closed_form.is_none() {
        let few = r.rare.count.saturating_mul(10) < r.computed;
        let _ = writeln!(
            s,
            "Rare values ({} parity under mask {:#b}): {} of {}{}{}.",
            if r.rare.parity == 1 { "odd" } else { "even" },
            r.rare.mask,
            r.rare.count,
            r.computed,
            match r.rare.last {
                Some(l) => format!(", the last at heap {l}"),
                None => String::new(),
            },
            if few {
                ""
            } else {
                " (too many for the sparse-space method to save work)"
            }
        );
    }
    if let Some(values) = &r.values {
        for (i, row) in values.chunks(20).enumerate() {
            let cells: Vec<String> = row.iter().map(|v| format!("{v:>3}")).collect();
            let _ = writeln!(s, "{:>8}: {}", i * 20, cells.join(" "));
        }
    }
    s
}

/// How a graph position's values read in text.
fn graph_cells(
    g: &grundy::graph::Graph,
    s: &grundy::graph::Solution,
    u: u32,
) -> (String, String, String) {
    let outcome = format!("{:?}", s.outcome[u as usize]);
    let r = s.remoteness[u as usize].map_or("-".to_string(), |r| r.to_string());
    let g = s
        .grundy
        .as_ref()
        .map_or("-".to_string(), |v| v.get(g, u).to_string());
    (outcome, r, g)
}

/// `grundy graph FILE`: a summary and a table (the first 1000 positions).
pub fn graph_text(source: &str, g: &grundy::graph::Graph, s: &grundy::graph::Solution) -> String {
    const ROWS: usize = 1000;
    let c = s.counts();
    let mut out = format!(
        "{source}: {}, {} — N {}, P {}, D {}\n",
        count(g.len(), "position"),
        count(g.moves_count(), "move"),
        c.n,
        c.p,
        c.d
    );
    let width = (0..g.len().min(ROWS) as u32)
        .map(|u| g.name(u).chars().count())
        .max()
        .unwrap_or(8)
        // Longer names stick out of the column (a width past 65,535 would not even format).
        .clamp(8, 40);
    let _ = writeln!(out, "{:<width$}  outcome  remoteness  grundy", "position");
    for u in 0..g.len().min(ROWS) as u32 {
        let (o, r, gs) = graph_cells(g, s, u);
        let _ = writeln!(out, "{:<width$}  {o:<7}  {r:<10}  {gs}", g.name(u));
    }
    if g.len() > ROWS {
        let _ = writeln!(out, "… and {} more positions (use --json)", g.len() - ROWS);
    }
    out
}

/// `grundy graph FILE --position A` in text.
pub fn graph_position_text(
    g: &grundy::graph::Graph,
    s: &grundy::graph::Solution,
    u: u32,
) -> String {
    let (o, r, gs) = graph_cells(g, s, u);
    let moves = if r == "1" { "move" } else { "moves" };
    let what = match s.outcome[u as usize] {
        Outcome::N if r == "0" => "the player to move wins at once".to_string(),
        Outcome::N => format!("the player to move wins in {r} {moves}"),
        Outcome::P if r == "0" => "the player to move loses at once".to_string(),
        Outcome::P => {
            format!("the player to move loses, lasting {r} {moves} at most")
        }
        Outcome::D => "a draw: with best play the game never ends".to_string(),
        Outcome::T => "a tie with best play".to_string(),
        Outcome::L | Outcome::R => o.clone(),
    };
    let mut out = format!("{}: {o} — {what}; grundy {gs}\n", g.name(u));
    let moves = s.ranked_moves(g, u);
    if moves.is_empty() {
        let _ = writeln!(out, "No moves.");
    } else {
        let _ = writeln!(out, "Moves, best first:");
        for v in moves {
            let (o, r, gs) = graph_cells(g, s, v);
            let _ = writeln!(out, "  → {}  {o}  remoteness {r}  grundy {gs}", g.name(v));
        }
    }
    out
}

/// `grundy graph FILE --position "a + b"` in text.
pub fn token_sum_text(
    g: &grundy::graph::Graph,
    tokens: &[u32],
    s: &grundy::graph::TokenSum,
) -> String {
    let what = match s.outcome {
        Outcome::N => "the player to move wins",
        Outcome::P => "the player to move loses",
        _ => "a draw: with best play the game never ends",
    };
    let value = s
        .value
        .as_ref()
        .map_or_else(|| "∞ (a draw)".to_string(), ToString::to_string);
    let mut out = format!(
        "{}: {} — {what}; grundy {value}\n",
        g.tokens_written(tokens, None),
        s.outcome
    );
    let (head, moves) = match s.outcome {
        Outcome::D => ("Moves that keep the draw (any other loses)", &s.drawing),
        _ => ("Winning moves", &s.winning),
    };
    if !moves.is_empty() {
        let _ = writeln!(out, "{head}:");
        for m in moves {
            let _ = writeln!(
                out,
                "  token {} {} → {}  ({})",
                m.token + 1,
                g.name(tokens[m.token]),
                g.name(m.to),
                g.tokens_written(tokens, Some(m))
            );
        }
    }
    let _ = writeln!(out, "Why: {}", s.explanation);
    out
}

/// `grundy script --all`'s list of every position, written as it is made.
pub fn write_script_positions(
    w: &mut impl std::io::Write,
    all: &grundy_script::AllPositions,
) -> std::io::Result<()> {
    writeln!(w, "All positions:")?;
    for p in all.iter() {
        let who = p
            .to_move
            .map_or(String::new(), |w| format!(" ({w} to move)"));
        let value = p
            .grundy
            .as_ref()
            .map_or(String::new(), |g| format!(", Grundy value {g}"));
        let rem = p
            .remoteness
            .map_or(String::new(), |r| format!(", remoteness {r}"));
        writeln!(w, "  {}{who}: {:?}{value}{rem}", p.position, p.outcome)?;
    }
    Ok(())
}

/// A move in words with the position it leaves (`take 2 from heap 1  →  1 4 5`); a move named
/// by what it leaves (`l → 0`, or the position itself) says it once.
pub fn move_and_position(words: &str, to: &str) -> String {
    if words.contains('→') || words == to {
        words.to_string()
    } else {
        format!("{words}  →  {to}")
    }
}

/// A small drawing of a position of heaps (one row of tokens per number), for `grundy play`;
/// empty when the position is not a few small numbers.
pub fn position_picture(words: &[String]) -> String {
    let numbers: Option<Vec<usize>> = words.iter().map(|w| w.parse().ok()).collect();
    match numbers {
        Some(ns) if ns.len() <= 12 && ns.iter().any(|&n| n > 0) && ns.iter().all(|&n| n <= 40) => {
            ns.iter()
                .enumerate()
                .map(|(i, &n)| format!("  {:>2} | {} {n}\n", i + 1, "●".repeat(n)))
                .collect()
        }
        _ => board_pictures(words),
    }
}

/// Boards written as rows joined by `|` (Domineering, Clobber; a Toads-and-Frogs strip is one
/// row), drawn as grids with the names of their columns (a, b, …) and rows (1, 2, … from the
/// top), as moves name their cells; empty when no word is a board of a few rows.
fn board_pictures(words: &[String]) -> String {
    let boards: Vec<Vec<&str>> = words.iter().map(|w| w.split('|').collect()).collect();
    let drawable = |rows: &Vec<&str>| {
        let w = rows[0].chars().count();
        (1..=26).contains(&w)
            && rows.len() <= 26
            && rows
                .iter()
                .all(|r| r.chars().count() == w && r.chars().all(|c| ".#xoXOTFtf".contains(c)))
    };
    if words.is_empty() || words.len() > 6 || !boards.iter().all(drawable) {
        return String::new();
    }
    let mut out = String::new();
    for (k, rows) in boards.iter().enumerate() {
        if boards.len() > 1 {
            out.push_str(&format!("  board {}\n", k + 1));
        }
        let w = rows[0].chars().count();
        let letters: String = (0..w)
            .map(|c| format!(" {}", char::from(b'a' + c as u8)))
            .collect();
        out.push_str(&format!("    {letters}\n"));
        for (r, row) in rows.iter().enumerate() {
            let cells: String = row.chars().map(|c| format!(" {c}")).collect();
            out.push_str(&format!("  {:>2}{cells}\n", r + 1));
        }
    }
    out
}

/// `grundy cgt`'s and `grundy value`'s text: a value, a misère form or a comparison (see
/// [`grundy::notation::Answer`]).
pub fn answer_text(a: &grundy::notation::Answer) -> String {
    match a {
        grundy::notation::Answer::Value(r) => cgt_text(r),
        grundy::notation::Answer::Misere(r) => misere_form_text(r),
        grundy::notation::Answer::Comparison(c) => format!("{}\n", c.result),
        grundy::notation::Answer::Loopy(r) => loopy_text(r),
        grundy::notation::Answer::Listing(l) => format!("[{}]\n", l.values.join(", ")),
        grundy::notation::Answer::Thermograph(t) => thermograph_text(t),
    }
}

/// A thermograph in words: mean and temperature, each wall's corners from temperature 0 up,
/// and the command that draws it.
pub fn thermograph_text(t: &grundy::notation::ask::Thermograph) -> String {
    let wall = |corners: &[[String; 2]]| {
        corners
            .iter()
            .map(|[t, v]| format!("{v} at t = {t}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let game = t.expression.trim_end();
    let game = game.strip_suffix("Thermograph").unwrap_or(game);
    let game = game.strip_suffix('.').unwrap_or(game).trim_end();
    format!(
        "mean {}, temperature {}\nLeft wall: {}, then the mast\nRight wall: {}, then the mast\n\
         (grundy plot thermograph '{game}' --out thermograph.svg draws it)\n",
        t.mean,
        t.temperature,
        wall(&t.left),
        wall(&t.right)
    )
}

/// A loopy game's value: its form, then its outcome and whether it is a stopper.
pub fn loopy_text(r: &grundy::cgt::loopy::LoopyReport) -> String {
    let kind = match (&r.onside, &r.offside) {
        _ if r.stopper => match (&r.left_stop, &r.right_stop) {
            (Some(l), Some(r)) => format!(
                "a stopper (no play alternates for ever), shown in simplest form; Left stop \
                 {l}, Right stop {r}"
            ),
            _ => "a stopper (no play alternates for ever), shown in simplest form".to_string(),
        },
        (Some(on), Some(off)) => format!(
            "not a stopper: its onside (infinite play won by Left) is {on}, its offside \
             (won by Right) is {off}"
        ),
        _ => "not a stopper (some play alternates for ever), shown as given".to_string(),
    };
    format!(
        "{}\nOutcome {}; {kind}.\n",
        r.canonical,
        r.outcome.describe()
    )
}

/// A misère canonical form: the form, then its outcomes, values and genus in words.
pub fn misere_form_text(r: &grundy::misere_form::Report) -> String {
    let form = r.canonical.clone().unwrap_or_else(|| {
        format!(
            "(a form born on day {} too long to write: more than {} characters)",
            r.birthday,
            grundy::misere_form::TEXT_LIMIT
        )
    });
    let who = match r.misere_outcome {
        grundy::Outcome::P => "the player to move loses",
        _ => "the player to move wins",
    };
    let tame = if r.tame {
        format!(
            "{} (in sums of tame games it plays like misère Nim)",
            r.phylum
        )
    } else {
        r.phylum.clone()
    };
    format!(
        "{form}\nMisère outcome {} ({who} when the last move loses); normal-play outcome {}; \
         misère Grundy value {}, normal-play Grundy value {}; genus {}; {tame}; born by day \
         {}.\n",
        r.misere_outcome, r.outcome, r.misere_nim_value, r.nim_value, r.genus, r.birthday
    )
}

/// A short game's value: the canonical form, then its outcome, stops and temperature.
pub fn cgt_text(r: &grundy::cgt::Report) -> String {
    let who = match r.outcome {
        grundy::Outcome::L => "Left wins, whoever starts",
        grundy::Outcome::R => "Right wins, whoever starts",
        grundy::Outcome::P => "the player to move loses",
        _ => "the player to move wins",
    };
    let weight = match &r.atomic_weight {
        Some(w) => format!("atomic weight {w}"),
        None => "not atomic".into(),
    };
    // An uptimal with digits says its expansion (a number's `3.0` says nothing new).
    let expansion = match &r.uptimal_expansion {
        Some(e) if !e.ends_with(".0") => format!("; uptimal expansion {e}"),
        _ => String::new(),
    };
    format!(
        "{}\nOutcome {} ({who}); stops {} (Left starts) and {} (Right starts); mean {}, \
         temperature {}; {weight}; born by day {}; reduced canonical form {}{expansion}.\n",
        r.canonical,
        r.outcome,
        r.left_stop,
        r.right_stop,
        r.mean,
        r.temperature,
        r.birthday,
        r.reduced
    )
}
