use super::*;
use crate::games::partizan::check_against_search;
use crate::rules::Ruleset;
use std::collections::HashMap;

fn first_wins(trees: &[Edge], left: bool, memo: &mut HashMap<(Vec<Edge>, bool), bool>) -> bool {
    if let Some(&w) = memo.get(&(trees.to_vec(), left)) {
        return w;
    }
    let player = if left { Player::Left } else { Player::Right };
    let win = Hackenbush
        .tree_moves(trees, player)
        .into_iter()
        .any(|parts| {
            let mut next: Vec<Edge> = parts
                .into_iter()
                .flat_map(|p| match p {
                    Piece::Trees(t) => t,
                    Piece::Bed(_) => unreachable!("trees stay trees"),
                })
                .collect();
            next.sort_unstable();
            !first_wins(&next, !left, memo)
        });
    memo.insert((trees.to_vec(), left), win);
    win
}

/// A graph as its edges (colour, a, b), the ground 0.
type Edges = Vec<(u8, u8, u8)>;

/// A graph's edges once a player chops `i`, written apart from the game's own code:
/// whatever no longer reaches the ground (vertex 0) through what is left falls.
fn chop(edges: &[(u8, u8, u8)], i: usize) -> Vec<(u8, u8, u8)> {
    let mut rest = edges.to_vec();
    rest.remove(i);
    let mut reached = vec![0u8];
    loop {
        let more: Vec<u8> = rest
            .iter()
            .flat_map(|&(_, a, b)| [(a, b), (b, a)])
            .filter(|(a, b)| reached.contains(a) && !reached.contains(b))
            .map(|(_, b)| b)
            .collect();
        if more.is_empty() {
            break;
        }
        reached.extend(more);
    }
    rest.retain(|(_, a, _)| reached.contains(a));
    rest
}

/// Whether the first player wins a graph, by plain search over edge lists.
fn graph_wins(edges: Edges, left: bool, memo: &mut HashMap<(Edges, bool), bool>) -> bool {
    if let Some(&w) = memo.get(&(edges.clone(), left)) {
        return w;
    }
    let mine = if left { b'l' } else { b'r' };
    let win = (0..edges.len())
        .filter(|&i| edges[i].0 == mine || edges[i].0 == b'e')
        .any(|i| !graph_wins(chop(&edges, i), !left, memo));
    memo.insert((edges, left), win);
    win
}

/// A blue-red graph's number by its definition: the simplest number between the best
/// options (plain recursion over edge lists).
fn graph_number(edges: Vec<(u8, u8, u8)>, memo: &mut HashMap<Vec<(u8, u8, u8)>, Dyadic>) -> Dyadic {
    if let Some(v) = memo.get(&edges) {
        return v.clone();
    }
    let (mut l, mut r): (Option<Dyadic>, Option<Dyadic>) = (None, None);
    for i in 0..edges.len() {
        let v = graph_number(chop(&edges, i), memo);
        if edges[i].0 == b'l' {
            l = Some(match l {
                Some(b) => b.max(v),
                None => v,
            });
        } else {
            r = Some(match r {
                Some(b) => b.min(v),
                None => v,
            });
        }
    }
    let v = Dyadic::simplest_between(l.as_ref(), r.as_ref());
    memo.insert(edges, v.clone());
    v
}

/// Graphs with cycles, in every colouring: cycles through the ground, cycles above it,
/// two cycles sharing an edge, a loop at the ground, with trees beside them. The
/// outcome is plain search's on the edge lists, every winning move is checked, and a
/// blue-red graph's number is its definition's.
#[test]
fn graphs_agree_with_search_and_numbers_with_their_definition() {
    let game = Game::new(Hackenbush);
    let shapes = [
        ":{g}abc:{g}",
        ":{g}abcd:{g}",
        "a(b:X;c:X)",
        "(ab:X;cd:X)",
        "(ab:X;c:X)",
        "a(bc:X;d:X)",
        "(a:X;b:X)c",
        "(a:X(b:Y;c:Y);d:X)",
        ":{g}a:{g}b",
        "(ab:X;c:X);d",
    ];
    let (mut wins, mut numbers, mut checked) = (HashMap::new(), HashMap::new(), 0);
    for shape in shapes {
        let slots = shape.chars().filter(|c| "abcd".contains(*c)).count();
        for colouring in 0..3usize.pow(slots as u32) {
            let mut k = colouring;
            let word: String = shape
                .chars()
                .map(|c| {
                    if !"abcd".contains(c) {
                        return c;
                    }
                    let colour = ['l', 'r', 'e'][k % 3];
                    k /= 3;
                    colour
                })
                .collect();
            let p = game.read(&word).unwrap_or_else(|e| panic!("{word}: {e}"));
            let edges = read_graph(&word).unwrap();
            let l = graph_wins(edges.clone(), true, &mut wins);
            let r = graph_wins(edges.clone(), false, &mut wins);
            check_against_search(&game, &p, (l, r));
            if !word.contains('e') {
                let shown = game.report(&p).unwrap().unwrap().canonical;
                let number = graph_number(edges, &mut numbers);
                assert_eq!(shown, number.to_string(), "{word}");
            }
            // What is written is read back to the same value.
            let again = game.read(&game.show(&p)).unwrap();
            assert_eq!(
                game.report(&again).unwrap().unwrap().canonical,
                game.report(&p).unwrap().unwrap().canonical,
                "{word}"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 522);
}

/// Winning Ways' "Moderately Hard Bed" (ch. 7, fig. 31), as CGSuite writes it: 1/128.
/// CGSuite's own test of it is disabled as too slow.
#[test]
fn the_moderately_hard_bed_is_one_128th() {
    let game = Game::new(Hackenbush);
    let bed = "(lr:A(rr:B;rr:D;rr:F);lr:B(r(r:D;r:E));lr:C(rr:F;rr:G);lr:D;lr:E(r(r:F;\
                   r:G));lr:F;lr:G)";
    let p = game.read(bed).unwrap();
    assert_eq!(game.report(&p).unwrap().unwrap().canonical, "1/128");
}

/// Every tree of up to 5 edges in every colouring (shapes built by adding edges), and
/// every pair of stalks of up to 3 edges: the value's outcome is plain search's.
#[test]
fn outcomes_agree_with_search_on_every_small_tree() {
    let game = Game::new(Hackenbush);
    let mut memo = HashMap::new();
    // All trees up to 5 edges, as written, grown one edge at a time.
    let mut trees = vec![String::new()];
    let mut all = Vec::new();
    for _ in 0..5 {
        let mut next = Vec::new();
        for t in &trees {
            for c in ["l", "r", "e"] {
                next.push(format!("{t}{c}"));
                if !t.is_empty() {
                    next.push(format!("{t}({c};l)"));
                }
            }
        }
        all.extend(next.iter().cloned());
        trees = next;
    }
    let mut checked = 0;
    for t in all.iter().filter(|t| t.len() <= 14) {
        let Ok(p) = game.read(t) else { continue };
        let trees: Vec<Edge> = p
            .iter()
            .flat_map(|piece| match piece {
                Piece::Trees(t) => t.clone(),
                Piece::Bed(_) => unreachable!("a word without labels is trees"),
            })
            .collect();
        let l = first_wins(&trees, true, &mut memo);
        let r = first_wins(&trees, false, &mut memo);
        check_against_search(&game, &p, (l, r));
        checked += 1;
    }
    assert!(checked >= 700, "{checked}");
}

/// CGSuite's test suite and Winning Ways: stalks of blue and red are numbers, green
/// stalks nimbers.
#[test]
fn published_values() {
    let game = Game::new(Hackenbush);
    for (tree, value) in [
        ("l", "1"),
        ("r", "-1"),
        ("e", "*"),
        ("lr", "1/2"),
        ("lrlrrllr", "77/128"),
        ("l(l;rl)", "3/2"),
        ("eeeeeee", "*7"),
        ("lrlerrr", "3/4v[3]*"),
        ("e(ee(e;e);e(eee;ee);e(ee;e))", "*5"),
        ("l;r", "0"),
        // CGSuite's graphs: Winning Ways' green girl (ch. 7, fig. 3).
        ("e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))", "*2"),
    ] {
        let p = game.read(tree).unwrap();
        assert_eq!(game.report(&p).unwrap().unwrap().canonical, value, "{tree}");
    }
    // Berlekamp's rule at the largest size read: l then 59 r's is 1/2^59; a tree of
    // more edges is refused in one line (its numbers would outgrow a word).
    let stalk = format!("l{}", "r".repeat(59));
    let p = game.read(&stalk).unwrap();
    assert_eq!(
        game.report(&p).unwrap().unwrap().canonical,
        format!("1/{}", 1u64 << 59)
    );
    let e = game.read(&"l".repeat(61)).unwrap_err().to_string();
    assert!(e.contains("at most 60 edges"), "{e}");
}
