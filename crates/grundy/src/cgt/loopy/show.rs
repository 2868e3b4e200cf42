//! Loopy games written in CGSuite's notation: short followers as short games are written
//! (`{3|1}`, `^*`), `on`, `off`, `dud`, pseudonumbers `x over` and `x under` (`3/2under`),
//! upons (`^[on]`, `-1/4v[on]`), switches (`+-over`), and otherwise braces, a game that a
//! follower moves back to labelled (`a{0||0|a}`, labels a, b, … in the order written), a
//! side of one braced option written without its braces and the bar widened.

use super::{Graph, Id, Universe};
use crate::cgt::Dyadic;
use rustc_hash::FxHashMap as HashMap;

/// The most strokes a bar has (as for short games).
const MAX_BARS: usize = 4;

/// How deep the order of loopy options looks (their shapes to this depth).
const KEY_DEPTH: u32 = 4;

struct Writer<'a> {
    graph: &'a Graph,
    /// Each loop-free vertex's short game.
    short: HashMap<usize, Id>,
    /// Each short game's text.
    texts: HashMap<usize, String>,
    /// Vertices that a follower moves back to, and their labels once given.
    looped: HashMap<usize, Option<String>>,
    labels_given: usize,
    /// Each vertex's special name, once found.
    specials: HashMap<usize, Option<String>>,
    /// Each (vertex, depth)'s ordering key, once found.
    keys: HashMap<(usize, u32), u64>,
}

/// FNV-1a: a hash that is the same on every machine and every run (options are written in
/// its order, so the text of a value must not depend on the run).
fn fnv(bytes: &[u8], mut h: u64) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Which vertices of `order` (all reachable from the first) are loop-free: no cycle is
/// reachable from them (Tarjan's strongly connected components, successors first).
fn loop_free(graph: &Graph, order: &[usize]) -> HashMap<usize, bool> {
    struct T<'g> {
        graph: &'g Graph,
        index: HashMap<usize, usize>,
        low: HashMap<usize, usize>,
        on_stack: HashMap<usize, bool>,
        stack: Vec<usize>,
        next: usize,
        free: HashMap<usize, bool>,
    }
    fn visit(t: &mut T, v: usize) {
        t.index.insert(v, t.next);
        t.low.insert(v, t.next);
        t.next += 1;
        t.stack.push(v);
        t.on_stack.insert(v, true);
        let succ: Vec<usize> = t.graph.left[v]
            .iter()
            .chain(&t.graph.right[v])
            .copied()
            .collect();
        for &w in &succ {
            if !t.index.contains_key(&w) {
                crate::cgt::deep(|| visit(t, w));
                let lw = t.low[&w];
                let lv = t.low.get_mut(&v).expect("visited");
                *lv = (*lv).min(lw);
            } else if t.on_stack.get(&w) == Some(&true) {
                let iw = t.index[&w];
                let lv = t.low.get_mut(&v).expect("visited");
                *lv = (*lv).min(iw);
            }
        }
        if t.low[&v] == t.index[&v] {
            let mut component = Vec::new();
            loop {
                let w = t.stack.pop().expect("on the stack");
                t.on_stack.insert(w, false);
                component.push(w);
                if w == v {
                    break;
                }
            }
            let cyclic = component.len() > 1 || succ.contains(&v);
            for &w in &component {
                let free = !cyclic
                    && t.graph.left[w]
                        .iter()
                        .chain(&t.graph.right[w])
                        .all(|x| t.free.get(x) == Some(&true));
                t.free.insert(w, free);
            }
        }
    }
    let mut t = T {
        graph,
        index: HashMap::default(),
        low: HashMap::default(),
        on_stack: HashMap::default(),
        stack: Vec::new(),
        next: 0,
        free: HashMap::default(),
    };
    for &v in order {
        if !t.index.contains_key(&v) {
            visit(&mut t, v);
        }
    }
    t.free
}

/// The number of strokes of the widest bar at the top level of `text` when it is one game in
/// braces (`{1|0}` 1, `{3||2|1}` 2), else 0.
fn braced_bars(text: &str) -> usize {
    let b = text.as_bytes();
    if b.first() != Some(&b'{') || b.last() != Some(&b'}') {
        return 0;
    }
    let (mut depth, mut widest, mut run) = (0i32, 0, 0);
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'{' | b'(' => depth += 1,
            b'}' | b')' => {
                depth -= 1;
                if depth == 0 && i + 1 != b.len() {
                    return 0;
                }
            }
            _ => {}
        }
        if c == b'|' && depth == 1 {
            run += 1;
            widest = widest.max(run);
        } else {
            run = 0;
        }
    }
    widest
}

impl Graph {
    /// The positions reachable from `v` from which no play returns to a position (loop-free
    /// ones), as short games.
    pub(super) fn short_games(&self, u: &mut Universe, v: usize) -> HashMap<usize, Id> {
        let order = self.reachable(v);
        let free = loop_free(self, &order);
        let mut short = HashMap::default();
        // Loop-free vertices as short games, followers first.
        fn build(g: &Graph, u: &mut Universe, x: usize, short: &mut HashMap<usize, Id>) -> Id {
            if let Some(&id) = short.get(&x) {
                return id;
            }
            let left: Vec<Id> = g.left[x].iter().map(|&o| build(g, u, o, short)).collect();
            let right: Vec<Id> = g.right[x].iter().map(|&o| build(g, u, o, short)).collect();
            let id = u.game(&left, &right);
            short.insert(x, id);
            id
        }
        for &x in &order {
            if free[&x] {
                crate::cgt::deep(|| build(self, u, x, &mut short));
            }
        }
        short
    }

    /// `v` written in CGSuite's notation (see the module docs of `show`); best for a
    /// stopper in simplest form ([`Graph::stopper_form`]), whose text depends only on its
    /// value.
    pub fn show(&self, u: &mut Universe, v: usize) -> String {
        let short = self.short_games(u, v);
        let mut texts = HashMap::default();
        for (&x, &id) in &short {
            texts.insert(x, u.show(id));
        }
        let mut w = Writer {
            graph: self,
            short,
            texts,
            looped: HashMap::default(),
            labels_given: 0,
            specials: HashMap::default(),
            keys: HashMap::default(),
        };
        let mut on_path = HashMap::default();
        w.find_loops(u, v, &mut on_path);
        w.write(u, v).0
    }
}

impl Writer<'_> {
    /// A special name for `x` (on, off, dud, x over, x under, upons), if it has one.
    fn special(&mut self, u: &mut Universe, x: usize) -> Option<String> {
        if let Some(t) = self.specials.get(&x) {
            return t.clone();
        }
        let t = self.find_special(u, x);
        self.specials.insert(x, t.clone());
        t
    }

    fn find_special(&self, u: &mut Universe, x: usize) -> Option<String> {
        let (l, r) = (&self.graph.left[x], &self.graph.right[x]);
        let prefix = |t: String| if t == "0" { String::new() } else { t };
        if l[..] == [x] && r[..] == [x] {
            return Some("dud".into());
        }
        if let Some(p) = self.graph.pseudonumber(u, &self.short, x) {
            return Some(p.to_string());
        }
        // Switches ±G: G's negative is Right's only option (`+-over`, `+-(5over)`).
        if let ([a], [b]) = (&l[..], &r[..]) {
            let below = |y: usize| !self.graph.reachable(y).contains(&x);
            let g = self.graph;
            // A mirror image has as many options, sides swapped, and as many positions.
            let mirrored = g.left[*a].len() == g.right[*b].len()
                && g.right[*a].len() == g.left[*b].len()
                && !self.short.contains_key(a)
                && !self.short.contains_key(b);
            if mirrored && below(*a) && below(*b) && g.reachable(*a).len() == g.reachable(*b).len()
            {
                let (ta, nb) = (self.alone(u, *a, false), self.alone(u, *b, true));
                if ta == nb {
                    let number_first = ta.starts_with(|c: char| c.is_ascii_digit() || c == '-');
                    let symbol = ta.ends_with(|c: char| c.is_ascii_alphabetic() || c == ']');
                    return Some(if number_first && symbol {
                        format!("+-({ta})")
                    } else {
                        format!("+-{ta}")
                    });
                }
            }
        }
        // Tiny(x) = {0 || 0 | −x} and Miny(x) = {x | 0 || 0}, x ≥ over a loopy game, in a
        // plumtree (a game whose only cycles are passes), as CGSuite writes them.
        for miny in [false, true] {
            let (own, other) = if miny { (r, l) } else { (l, r) };
            let zero = |y: usize| self.texts.get(&y).is_some_and(|t| t == "0");
            let ([z0], [y]) = (&own[..], &other[..]) else {
                continue;
            };
            if !zero(*z0)
                || self.short.contains_key(y)
                || self.graph.reachable(*y).contains(&x)
                || !self.graph.plumtree(x)
            {
                continue;
            }
            let (yl, yr) = if miny {
                (&self.graph.right[*y], &self.graph.left[*y])
            } else {
                (&self.graph.left[*y], &self.graph.right[*y])
            };
            if let ([z1], [w]) = (&yl[..], &yr[..]) {
                if zero(*z1) && !self.short.contains_key(w) && self.at_least_over(*w, !miny) {
                    let x = self.alone(u, *w, !miny);
                    return Some(format!("{}({x})", if miny { "Miny" } else { "Tiny" }));
                }
            }
        }
        // Upons x^[on]*k and upon-ths x^<on>*k, and their negatives (xv[on]*k, xv<on>*k),
        // as CGSuite recognises them.
        let star = |k: u32| match k {
            0 => String::new(),
            1 => "*".to_string(),
            k => format!("*{k}"),
        };
        for mirror in [false, true] {
            let arrow = if mirror { "v" } else { "^" };
            let sign = |n: Dyadic| if mirror { -n } else { n };
            if let Some((n, k)) = self.upon(u, x, mirror) {
                let n = sign(n);
                let number = u.number(n);
                return Some(format!("{}{arrow}[on]{}", prefix(u.show(number)), star(k)));
            }
            // Upon-th: {x*j for j ≤ k⊕1 | r} with −r the upon (−x)^[on]*k.
            let (own, other) = if mirror { (r, l) } else { (l, r) };
            let [y] = other[..] else { continue };
            let Some((n, k)) = self.upon(u, y, !mirror) else {
                continue;
            };
            let base = -n;
            let mut wanted: Vec<Id> = (0..=(k ^ 1))
                .map(|j| {
                    let b = u.number(base.clone());
                    let s = u.nimber(j);
                    u.add(b, s)
                })
                .collect();
            wanted.sort_unstable();
            let mut have: Vec<Id> = Vec::new();
            for &o in own {
                let Some(&id) = self.short.get(&o) else {
                    break;
                };
                have.push(if mirror { u.neg(id) } else { id });
            }
            have.sort_unstable();
            if have.len() == own.len() && have == wanted {
                let n = sign(base);
                let number = u.number(n);
                return Some(format!(
                    "{}{arrow}<on>{}",
                    prefix(u.show(number)),
                    star(k ^ 1)
                ));
            }
        }
        None
    }

    /// Whether `x`, or −x when `mirror`, is an upon x₀^[on]*k: {pass, x₀ | x₀*} (k = 0) or
    /// {pass | x₀*m} (m ≠ 0, k = m⊕1); then (x₀, k).
    fn upon(&self, u: &mut Universe, x: usize, mirror: bool) -> Option<(Dyadic, u32)> {
        let (l, r) = if mirror {
            (&self.graph.right[x], &self.graph.left[x])
        } else {
            (&self.graph.left[x], &self.graph.right[x])
        };
        let value = |u: &mut Universe, o: usize| -> Option<Id> {
            let id = *self.short.get(&o)?;
            Some(if mirror { u.neg(id) } else { id })
        };
        let [y] = r[..] else { return None };
        let y = value(u, y)?;
        let (n, m) = match u.ups_of(y) {
            Some((n, 0, m)) => (n.clone(), m),
            _ => return None,
        };
        let fits = if m == 0 {
            let nx = u.number(n.clone());
            l.len() == 2 && l.contains(&x) && l.iter().any(|&o| o != x && value(u, o) == Some(nx))
        } else {
            l[..] == [x]
        };
        fits.then_some((n, m ^ 1))
    }

    /// `x` (or −x) written on its own, its labels its own.
    fn alone(&self, u: &mut Universe, x: usize, negated: bool) -> String {
        let mut copy = Graph::new();
        match self.graph.copy_into(x, &mut copy, negated) {
            Ok(c) => copy.show(u, c),
            Err(_) => String::new(),
        }
    }

    /// Whether `x` (or −x) is at least `over` = {0 | pass}: the games that CGSuite writes
    /// as Tiny(x) when they stand in {0 || 0 | −x}.
    fn at_least_over(&self, x: usize, negated: bool) -> bool {
        let mut copy = Graph::new();
        let Ok(c) = self.graph.copy_into(x, &mut copy, negated) else {
            return false;
        };
        let (Ok(zero), Ok(over)) = (copy.vertex(), copy.vertex()) else {
            return false;
        };
        copy.set(over, vec![zero], vec![over]);
        matches!(copy.le(over, c), Ok(true))
    }

    /// Marks the vertices that a follower moves back to (in the order they are written).
    fn find_loops(&mut self, u: &mut Universe, x: usize, on_path: &mut HashMap<usize, bool>) {
        if self.short.contains_key(&x) || self.special(u, x).is_some() {
            return;
        }
        if on_path.get(&x) == Some(&true) {
            self.looped.insert(x, None);
            return;
        }
        if on_path.contains_key(&x) {
            return;
        }
        on_path.insert(x, true);
        for o in self
            .ordered(u, x, true)
            .into_iter()
            .chain(self.ordered(u, x, false))
            .filter(|&o| o != x)
        {
            crate::cgt::deep(|| self.find_loops(u, o, on_path));
        }
        on_path.insert(x, false);
    }

    /// The options of `x` of one side in the order written: short ones as CGSuite orders
    /// options of short games, then loopy ones by their shape, then `x` itself (a pass).
    fn ordered(&mut self, u: &mut Universe, x: usize, left: bool) -> Vec<usize> {
        let opts = if left {
            self.graph.left[x].clone()
        } else {
            self.graph.right[x].clone()
        };
        let (mut short, loopy): (Vec<usize>, Vec<usize>) =
            opts.iter().partition(|o| self.short.contains_key(o));
        short.sort_by(|a, b| u.order(self.short[a], self.short[b]).then(a.cmp(b)));
        let mut keyed: Vec<(bool, u64, usize)> = loopy
            .into_iter()
            .map(|o| (o == x, self.key(u, o, KEY_DEPTH), o))
            .collect();
        keyed.sort_unstable();
        short.extend(keyed.into_iter().map(|k| k.2));
        short
    }

    /// A hash for ordering: `x`'s shape to depth `depth`, whatever its labels.
    fn key(&mut self, u: &mut Universe, x: usize, depth: u32) -> u64 {
        const SEED: u64 = 0xcbf2_9ce4_8422_2325;
        if let Some(&k) = self.keys.get(&(x, depth)) {
            return k;
        }
        let k = if let Some(t) = self.texts.get(&x) {
            fnv(t.as_bytes(), SEED)
        } else if let Some(t) = self.special(u, x) {
            fnv(t.as_bytes(), SEED)
        } else if depth == 0 {
            fnv(b"~", SEED)
        } else {
            let mut h = fnv(b"{", SEED);
            for side in [self.graph.left[x].clone(), self.graph.right[x].clone()] {
                let mut ks: Vec<u64> = side
                    .iter()
                    .map(|&o| crate::cgt::deep(|| self.key(u, o, depth - 1)))
                    .collect();
                ks.sort_unstable();
                for k in ks {
                    h = fnv(&k.to_le_bytes(), h);
                }
                h = fnv(b"|", h);
            }
            h
        };
        self.keys.insert((x, depth), k);
        k
    }

    /// `x` written, and the strokes of its bar when it is braces without a label.
    fn write(&mut self, u: &mut Universe, x: usize) -> (String, usize) {
        if let Some(t) = self.texts.get(&x) {
            let t = t.clone();
            let bars = braced_bars(&t);
            return (t, bars);
        }
        if let Some(t) = self.special(u, x) {
            return (t, 0);
        }
        match self.looped.get(&x) {
            Some(Some(label)) => return (label.clone(), 0),
            Some(None) => {
                let label = label_name(self.labels_given);
                self.labels_given += 1;
                self.looped.insert(x, Some(label.clone()));
                let (body, _) = self.braces(u, x);
                let text = format!("{label}{body}");
                self.looped.insert(x, Some(label));
                return (text, 0);
            }
            None => {}
        }
        self.braces(u, x)
    }

    fn braces(&mut self, u: &mut Universe, x: usize) -> (String, usize) {
        let left = self.ordered(u, x, true);
        let right = self.ordered(u, x, false);
        let mut sides: Vec<(Vec<(String, usize)>, usize)> = Vec::new();
        for opts in [left, right] {
            // A move from x to itself is written `pass`.
            let written: Vec<(String, usize)> = opts
                .iter()
                .map(|&o| match o == x {
                    true => ("pass".to_string(), 0),
                    false => crate::cgt::deep(|| self.write(u, o)),
                })
                .collect();
            let merged = match &written[..] {
                [(_, bars)] if *bars > 0 => *bars,
                _ => 0,
            };
            sides.push((written, merged));
        }
        let widest = sides.iter().map(|s| s.1).max().unwrap_or(0);
        let (bars, strip) = if widest < MAX_BARS {
            (widest + 1, true)
        } else {
            (1, false)
        };
        let mut out = String::from("{");
        for (k, (written, merged)) in sides.iter().enumerate() {
            if k == 1 {
                out.push_str(&"|".repeat(bars));
            }
            if strip && *merged > 0 {
                let t = &written[0].0;
                out.push_str(&t[1..t.len() - 1]);
            } else {
                let texts: Vec<&str> = written.iter().map(|w| w.0.as_str()).collect();
                out.push_str(&texts.join(","));
            }
        }
        out.push('}');
        (out, bars)
    }
}

/// The n-th label: a, b, …, z, a1, b1, …
fn label_name(n: usize) -> String {
    let letter = (b'a' + (n % 26) as u8) as char;
    if n < 26 {
        letter.to_string()
    } else {
        format!("{letter}{}", n / 26)
    }
}

impl Graph {
    /// Whether the only cycles reachable from `v` are passes (moves from a position to
    /// itself): CGSuite's plumtrees.
    pub fn plumtree(&self, v: usize) -> bool {
        let mut colour: HashMap<usize, u8> = HashMap::default();
        let mut stack = vec![(v, 0usize)];
        colour.insert(v, 1);
        while let Some(&mut (x, ref mut i)) = stack.last_mut() {
            let next: Vec<usize> = self.left[x].iter().chain(&self.right[x]).copied().collect();
            if *i < next.len() {
                let y = next[*i];
                *i += 1;
                if y == x {
                    continue;
                }
                match colour.get(&y) {
                    None => {
                        colour.insert(y, 1);
                        stack.push((y, 0));
                    }
                    Some(1) => return false,
                    _ => {}
                }
            } else {
                colour.insert(x, 2);
                stack.pop();
            }
        }
        true
    }
}
