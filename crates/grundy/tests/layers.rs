//! The library's layers hold (docs/ARCHITECTURE.md draws them): each top-level module of
//! `src/` uses only modules of its own layer or of layers beneath it, and no two modules use
//! each other, directly or around a circle. Values and engines know no games; games know no
//! door. A module added to `src/` must be placed in a layer here, or this test fails.
//!
//! What counts as a use: a path `crate::m…` (or `crate::{m…}`), or a name the crate root
//! re-exports from `m` (`crate::DynGame` is `rules`), in a module's code outside its unit
//! tests (a `tests.rs` file and a `tests/` folder beside it, or what follows
//! `#[cfg(test)] mod tests {`). Comments and doc links do not count.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layers, lowest first.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "vocabulary",
        &["analysis", "outcome", "nat", "error", "files", "budget"],
    ),
    (
        "values and engines, which know no games",
        &[
            "solver",
            "moves",
            "heap",
            "search",
            "graph",
            "quotient",
            "cgt",
            "misere_form",
        ],
    ),
    (
        "rules: what a game is and how it is named",
        &["rules", "registry"],
    ),
    (
        "games",
        &["games", "by_search", "explored", "misere", "sum"],
    ),
    (
        "the door: words in, games and values out",
        &["catalog", "query", "batch", "notation", "table", "testkit"],
    ),
];

/// Module → the modules it uses.
type Uses = BTreeMap<String, BTreeSet<String>>;

/// A source file's code without its unit tests and comments.
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests {") {
        Some(at) => &text[..at],
        None => text,
    };
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The identifiers of `text`.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
}

/// The modules `code` names, as `crate::m`, inside `crate::{…}`, or through a name the root
/// re-exports (`root`: name → module).
fn named(code: &str, root: &BTreeMap<String, String>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        let first = if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            // Each path of the group starts after `{` or `,`.
            for path in group[..end].split(',') {
                if let Some(w) = words(path).next() {
                    out.insert(root.get(w).cloned().unwrap_or_else(|| w.to_string()));
                }
            }
            continue;
        } else {
            words(rest).next().unwrap_or("")
        };
        out.insert(
            root.get(first)
                .cloned()
                .unwrap_or_else(|| first.to_string()),
        );
    }
    out
}

/// The names `lib.rs` re-exports (`pub use m::{A, B};`), each with its module.
fn reexports(lib: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for line in code(lib).lines() {
        let Some(rest) = line.trim().strip_prefix("pub use ") else {
            continue;
        };
        let mut names = words(rest);
        let Some(module) = names.next() else { continue };
        for name in names {
            out.insert(name.to_string(), module.to_string());
        }
    }
    // `invalid!` is exported at the root by error.rs.
    out.insert("invalid".into(), "error".into());
    out
}

/// Every `.rs` file under `dir`.
fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// What each top-level module of `src` uses.
fn uses(src: &Path) -> Uses {
    let root = reexports(&std::fs::read_to_string(src.join("lib.rs")).unwrap());
    let mut modules: BTreeMap<String, Vec<std::path::PathBuf>> = BTreeMap::new();
    for e in std::fs::read_dir(src).unwrap() {
        let path = e.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        // A module is `m.rs`, `m/`, or both (`m.rs` with its submodules in `m/`).
        if path.is_dir() {
            files(&path, modules.entry(name).or_default());
        } else if name != "lib" && path.extension().is_some_and(|x| x == "rs") {
            modules.entry(name).or_default().push(path);
        }
    }
    let known: BTreeSet<String> = modules.keys().cloned().collect();
    let mut out = Uses::new();
    for (m, paths) in &modules {
        let used = out.entry(m.clone()).or_default();
        for path in paths {
            // Unit tests: a `tests.rs` file, and the files of a `tests/` folder beside it.
            let in_tests = path.strip_prefix(src).is_ok_and(|p| {
                p.file_name().is_some_and(|n| n == "tests.rs")
                    || p.parent().is_some_and(|d| d.ends_with("tests"))
            });
            if in_tests {
                continue;
            }
            let text = std::fs::read_to_string(path).unwrap();
            for n in named(&code(&text), &root) {
                if n != *m && known.contains(&n) {
                    used.insert(n);
                }
            }
        }
    }
    out
}

/// What breaks the layers: a module in no layer (or in two), an upward use, a circle.
fn faults(uses: &Uses, layers: &[(&str, &[&str])]) -> Vec<String> {
    let mut faults = Vec::new();
    let mut layer_of = BTreeMap::new();
    for (i, (_, members)) in layers.iter().enumerate() {
        for m in *members {
            if layer_of.insert(m.to_string(), i).is_some() {
                faults.push(format!("{m} is in two layers"));
            }
            if !uses.contains_key(*m) {
                faults.push(format!("{m} is in a layer but not in src/"));
            }
        }
    }
    for (m, used) in uses {
        let Some(&lm) = layer_of.get(m) else {
            faults.push(format!("{m} is in no layer: place it in LAYERS"));
            continue;
        };
        for u in used {
            if let Some(&lu) = layer_of.get(u) {
                if lu > lm {
                    faults.push(format!(
                        "{m} ({}) uses {u}, of a layer above it ({})",
                        layers[lm].0, layers[lu].0
                    ));
                }
            }
        }
    }
    faults.extend(circles(uses).into_iter().map(|c| {
        format!(
            "modules that use each other around a circle: {}",
            c.join(", ")
        )
    }));
    faults
}

/// The circles of `uses`: each set of modules that all reach each other (two or more).
fn circles(uses: &Uses) -> Vec<Vec<String>> {
    let reach = |from: &str| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.to_string()];
        while let Some(m) = todo.pop() {
            for u in uses.get(&m).into_iter().flatten() {
                if seen.insert(u.clone()) {
                    todo.push(u.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&String, BTreeSet<String>> = uses.keys().map(|m| (m, reach(m))).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for m in uses.keys() {
        if done.contains(m) || !reached[m].contains(m) {
            continue;
        }
        // The modules that reach m and that m reaches: m's circle.
        let set: Vec<String> = uses
            .keys()
            .filter(|o| reached[m].contains(*o) && reached[*o].contains(m))
            .cloned()
            .collect();
        done.extend(set.iter().cloned());
        out.push(set);
    }
    out
}

#[test]
fn no_module_uses_one_above_it_and_none_go_round_in_a_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let uses = uses(&src);
    assert!(uses.len() > 20, "{uses:?}");
    let faults = faults(&uses, LAYERS);
    assert!(
        faults.is_empty(),
        "the layers do not hold:\n{}",
        faults.join("\n")
    );
}

/// The check finds what it is for: a use upward, a circle within a layer, a module in no
/// layer, a layer naming a module that is gone; and it reads uses as the code writes them.
#[test]
fn the_check_finds_upward_uses_circles_and_strays() {
    let mut uses = Uses::new();
    let mut add = |m: &str, u: &[&str]| {
        uses.insert(m.into(), u.iter().map(|s| s.to_string()).collect());
    };
    add("a", &[]);
    add("b", &["a", "c"]);
    add("c", &["b"]);
    add("d", &["a"]);
    add("stray", &[]);
    let layers: &[(&str, &[&str])] = &[("low", &["a", "b", "c"]), ("high", &["d", "gone"])];
    let mut f = faults(&uses, layers);
    f.sort();
    assert_eq!(
        f,
        [
            "gone is in a layer but not in src/",
            "modules that use each other around a circle: b, c",
            "stray is in no layer: place it in LAYERS",
        ]
    );
    uses.get_mut("a").unwrap().insert("d".into());
    let f = faults(&uses, layers);
    assert!(f.iter().any(|x| x.starts_with("a (low) uses d")), "{f:?}");

    let root = reexports("pub use rules::{DynGame, Ruleset};\npub use nat::Nat;\n");
    let text = "use crate::{cgt::Id, DynGame};\n// crate::games in a comment\nfn f(n: crate::Nat) { crate::heap::x(); }\n#[cfg(test)]\nmod tests {\n use crate::games;\n}";
    let found: Vec<String> = named(&code(text), &root).into_iter().collect();
    assert_eq!(found, ["cgt", "heap", "nat", "rules"]);
}

/// The most lines a source file may have: a file longer than this does several jobs.
const MOST_LINES: usize = 900;

/// Files still longer than [`MOST_LINES`], each with the length it may not pass, until it is
/// split by job (none is left). A file here that is already short enough fails the test too,
/// so the list only shrinks.
const NOT_YET_SPLIT: &[(&str, usize)] = &[];

/// Every `.rs` file of the workspace's crates, outside `target/`.
fn workspace_sources() -> Vec<std::path::PathBuf> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut out = Vec::new();
    for e in std::fs::read_dir(&crates).unwrap() {
        let path = e.unwrap().path();
        for part in ["src", "tests", "benches", "examples"] {
            if path.join(part).is_dir() {
                files(&path.join(part), &mut out);
            }
        }
    }
    out
}

#[test]
fn no_source_file_is_longer_than_its_bound() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut faults = Vec::new();
    let sources = workspace_sources();
    assert!(sources.len() > 100, "{}", sources.len());
    for path in &sources {
        let name = path
            .strip_prefix(&crates)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let lines = std::fs::read_to_string(path).unwrap().lines().count();
        let bound = NOT_YET_SPLIT
            .iter()
            .find(|(f, _)| *f == name)
            .map_or(MOST_LINES, |&(_, most)| most);
        if lines > bound {
            faults.push(format!("{name}: {lines} lines, more than {bound}"));
        }
    }
    for (f, _) in NOT_YET_SPLIT {
        let path = crates.join(f);
        match std::fs::read_to_string(&path) {
            Ok(text) if text.lines().count() <= MOST_LINES => faults.push(format!(
                "{f} is {} lines now: take it out of NOT_YET_SPLIT",
                text.lines().count()
            )),
            Ok(_) => {}
            Err(_) => faults.push(format!("{f} is gone: take it out of NOT_YET_SPLIT")),
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}
