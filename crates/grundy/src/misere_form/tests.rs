use super::*;
use std::collections::HashMap as StdMap;

/// Game trees as written, never simplified, and the misère outcome of a sum of them by
/// plain search: the reference the forms are checked against.
#[derive(Default)]
struct Trees {
    options: Vec<Vec<usize>>,
    index: StdMap<Vec<usize>, usize>,
    outcomes: StdMap<Vec<usize>, bool>,
}

impl Trees {
    fn new() -> Trees {
        let mut t = Trees::default();
        t.tree(vec![]);
        t
    }

    fn tree(&mut self, mut options: Vec<usize>) -> usize {
        options.sort_unstable();
        if let Some(&i) = self.index.get(&options) {
            return i;
        }
        self.options.push(options.clone());
        self.index.insert(options, self.options.len() - 1);
        self.options.len() - 1
    }

    /// The tree of a form (its simplest form, written out).
    fn of_form(&mut self, forms: &Forms, g: Form) -> usize {
        let options: Vec<usize> = forms
            .options(g)
            .to_vec()
            .into_iter()
            .map(|o| self.of_form(forms, o))
            .collect();
        self.tree(options)
    }

    /// Whether the player to move wins the sum of `parts` when the last move loses.
    fn wins(&mut self, parts: &[usize]) -> bool {
        let mut key: Vec<usize> = parts.iter().copied().filter(|&p| p != 0).collect();
        key.sort_unstable();
        if let Some(&w) = self.outcomes.get(&key) {
            return w;
        }
        let mut wins = key.is_empty();
        'search: for i in 0..key.len() {
            for o in self.options[key[i]].clone() {
                let mut next = key.clone();
                next[i] = o;
                if !self.wins(&next) {
                    wins = true;
                    break 'search;
                }
            }
        }
        self.outcomes.insert(key, wins);
        wins
    }

    /// Every tree born by day `n`, as written, of at most `most` options (all sets of at
    /// most `most` trees born by day n − 1).
    fn born_by(&mut self, n: u32, most: u32) -> Vec<usize> {
        let mut day = vec![0];
        for _ in 0..n {
            let mut next = Vec::new();
            for mask in 0u64..(1 << day.len()) {
                if mask.count_ones() > most {
                    continue;
                }
                let options: Vec<usize> = (0..day.len())
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| day[i])
                    .collect();
                next.push(self.tree(options));
            }
            day = next;
        }
        day
    }
}

/// The form of a tree.
fn form(forms: &mut Forms, trees: &Trees, t: usize) -> Form {
    let options: Vec<Form> = trees.options[t]
        .clone()
        .into_iter()
        .map(|o| form(forms, trees, o))
        .collect();
    forms.game(&options).unwrap()
}

/// Every form born by day n.
fn forms_born_by(forms: &mut Forms, n: u32) -> Vec<Form> {
    let mut day = vec![forms.zero()];
    for _ in 0..n {
        let mut next = Vec::new();
        for mask in 0u64..(1 << day.len()) {
            let options: Vec<Form> = (0..day.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| day[i])
                .collect();
            next.push(forms.game(&options).unwrap());
        }
        next.sort_unstable();
        next.dedup();
        day = next;
    }
    day
}

/// The number of misère games born by day n is 1, 2, 3, 5, 22 (Conway, ONAG ch. 12; Siegel,
/// CGT Table V.1.1: the next is 4171780).
#[test]
fn games_born_by_each_day_are_counted_as_published() {
    let mut forms = Forms::new();
    let counts: Vec<usize> = (0..=4)
        .map(|n| forms_born_by(&mut forms, n).len())
        .collect();
    assert_eq!(counts, vec![1, 2, 3, 5, 22]);
}

/// Every tree born by day 4 of at most three options, each born by day 3 with at most three (as written: 576 of them) and every pair
/// of them: two trees have the same form exactly when no test game tells them apart — the same
/// misère outcome beside every sum of two trees born by day 3 when their forms are the same,
/// and different outcomes beside the distinguisher otherwise, checked by plain search. And
/// every form's outcome is the search's.
#[test]
fn forms_are_equal_exactly_when_no_game_tells_them_apart() {
    let mut forms = Forms::new();
    let mut trees = Trees::new();
    let all = trees.born_by(4, 3);
    assert_eq!(all.len(), 576);
    let small = trees.born_by(3, 4);
    let mut tests: Vec<Vec<usize>> = Vec::new();
    for &a in &small {
        for &b in &small {
            tests.push(vec![a, b]);
        }
    }
    let of: Vec<Form> = all.iter().map(|&t| form(&mut forms, &trees, t)).collect();
    for (i, &t) in all.iter().enumerate() {
        assert_eq!(forms.is_p(of[i]), !trees.wins(&[t]), "outcome of tree {t}");
        let f = trees.of_form(&forms, of[i]);
        for x in &tests {
            let with_t = [&[t][..], x].concat();
            let with_f = [&[f][..], x].concat();
            assert_eq!(
                trees.wins(&with_t),
                trees.wins(&with_f),
                "tree {t} and its form"
            );
        }
    }
    let mut told = 0;
    for i in 0..all.len() {
        for j in 0..all.len() {
            if of[i] == of[j] {
                continue;
            }
            let x = forms.distinguisher(of[i], of[j]).unwrap().unwrap();
            let xt = trees.of_form(&forms, x);
            assert!(!trees.wins(&[all[i], xt]), "G + X is P");
            assert!(trees.wins(&[all[j], xt]), "H + X is N");
            told += 1;
        }
    }
    assert!(told > 0);
}

/// Sums and links of the 22 forms born by day 4, against plain search on the written trees;
/// G + mate(G) is a P-position.
#[test]
fn sums_links_and_mates_agree_with_search() {
    let mut forms = Forms::new();
    let mut trees = Trees::new();
    let day4 = forms_born_by(&mut forms, 4);
    let t: Vec<usize> = day4.iter().map(|&g| trees.of_form(&forms, g)).collect();
    for (i, &g) in day4.iter().enumerate() {
        let m = forms.mate(g).unwrap();
        let mt = trees.of_form(&forms, m);
        assert!(!trees.wins(&[t[i], mt]), "G + mate(G) is P");
        for (j, &h) in day4.iter().enumerate() {
            let s = forms.add(g, h).unwrap();
            assert_eq!(forms.is_p(s), !trees.wins(&[t[i], t[j]]));
            assert_eq!(forms.add(h, g).unwrap(), s);
            match forms.link(g, h).unwrap() {
                Some(x) => {
                    let xt = trees.of_form(&forms, x);
                    assert!(!trees.wins(&[t[i], xt]) && !trees.wins(&[t[j], xt]));
                }
                None => assert!(forms.has_option(g, h) || forms.has_option(h, g)),
            }
        }
    }
}

fn shown(text: &str) -> Report {
    report(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// CGSuite's own test expectations (MisereCanonicalGameTestCase, EvalTest): the form as
/// written, birthday, genus, mate, G⁻, G⁺ and options of each.
#[test]
fn forms_are_written_as_cgsuite_writes_them() {
    #[rustfmt::skip]
    let cases: [(&str, &str, u32, &str, &str, u32, u32); 15] = [
        // input, form, birthday, genus, mate, G⁻, G⁺
        ("*[0]", "*[0]", 0, "0", "*[1]", 1, 0),
        ("*[1]", "*[1]", 1, "1", "*[0]", 0, 1),
        ("*[2]", "*[2]", 2, "2", "*[2]", 2, 2),
        ("*[3]", "*[3]", 3, "3", "*[3]", 3, 3),
        ("*[[2]]", "*[2#]", 3, "0^0", "*[2#]", 0, 0),
        ("*[[[2]]]", "*[2##]", 4, "1^1", "*[2##]", 1, 1),
        ("*[2]+*[2]", "*[2[2]]", 4, "0^0", "*[2[2]]", 0, 0),
        ("*[[*[2]+*[[2]]]]", "*[2[#2#]]", 6, "0^0", "*[2[#2#]]", 0, 0),
        ("*[[2],0]", "*[2#0]", 4, "1^2", "*[2#1]", 2, 1),
        ("*[[2],1]", "*[2#1]", 4, "2^1420", "*[2#0]", 1, 2),
        ("*[[*[4]+*[2]]]", "*[4[2#]]", 7, "0^0", "*[4[2#]]", 0, 0),
        ("*[[[2]],[[2],1]]", "*[(2#1)2##]", 5, "0^0", "*[(2#0)2##]", 0, 0),
        ("*[[[2]],[[[2],0],0,1]]", "*[((2#0)10)2##]", 6, "0^0", "*[((2#1)10)2##]", 0, 0),
        ("*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]", "*[((2#0)2[#1]2#)(2#1)[1]]", 6, "0^120",
            "*[((2#1)2[#1]2#)(2#0)[1]]", 1, 0),
        ("*[[[2],2,0],[[2],3],1]", "*[(2#20)2[#1]1]", 5, "0^2", "*[(2#21)2[#1]0]", 2, 0),
    ];
    let mut wrong = Vec::new();
    for (input, canonical, birthday, genus, mate, misere, nim) in cases {
        let r = shown(input);
        let got = (
            r.canonical.as_deref().unwrap(),
            r.birthday,
            r.genus.as_str(),
            r.mate.as_deref().unwrap(),
            r.misere_nim_value,
            r.nim_value,
        );
        if got != (canonical, birthday, genus, mate, misere, nim) {
            wrong.push(format!("{input}: {got:?}"));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert_eq!(shown("*[[2],0]").options.unwrap(), vec!["*[0]", "*[2#]"]);
    assert_eq!(shown("*[2]+*[2]").options.unwrap(), vec!["*[2]", "*[3]"]);
    assert_eq!(shown("*[[2],1]").misere_outcome, Outcome::N);
}

/// CGSuite's phyla of its test games (MisereCanonicalGameTestCase: IsTame, IsGenerallyTame,
/// IsTameable, IsRestive, IsGenerallyRestive, IsRestless).
#[test]
fn phyla_are_cgsuites() {
    let cases = [
        ("*[0]", "nim heap"),
        ("*[2]", "nim heap"),
        ("*[[2]]", "hereditarily tame"),
        ("*[[[2]]]", "hereditarily tame"),
        ("*[2]+*[2]", "hereditarily tame"),
        ("*[[*[2]+*[[2]]]]", "hereditarily tame"),
        ("*[[*[4]+*[2]]]", "hereditarily tame"),
        ("*[[2],0]", "hereditarily restive"),
        ("*[[2],1]", "restless"),
        ("*[[[2]],[[2],1]]", "reversibly tame"),
        ("*[[[2]],[[[2],0],0,1]]", "reversibly tame"),
        ("*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]", "tameable"),
        ("*[[[2],2,0],[[2],3],1]", "reversibly restive"),
    ];
    for (input, phylum) in cases {
        let r = shown(input);
        assert_eq!(r.phylum, phylum, "{input}");
        assert_eq!(r.tame, phylum.ends_with("tame") || phylum == "nim heap");
    }
}

/// CGSuite's GameTest: `*[[2]] Distinguisher *[2]+*[2]` and `*[[[2]]] Link *[2]+*[2]`.
#[test]
fn distinguishers_and_links_are_cgsuites() {
    let mut forms = Forms::new();
    let a = forms.parse("*[[2]]").unwrap();
    let b = forms.parse("*[2]+*[2]").unwrap();
    let d = forms.distinguisher(a, b).unwrap().unwrap();
    assert_eq!(forms.show(d).unwrap(), "*[(2#1)21]");
    let c = forms.parse("*[[[2]]]").unwrap();
    let l = forms.link(c, b).unwrap().unwrap();
    assert_eq!(forms.show(l).unwrap(), "*[((2#1)21)32]");
    let e = forms.parse("*[[2]]").unwrap();
    assert!(!forms.linked(c, e));
}

#[test]
fn bad_expressions_are_refused_in_words() {
    for (text, part) in [
        ("*[2", "a bracket is not closed"),
        ("*[2]]", "']' at column 5 was not expected"),
        ("x", "'x' is not a name given to a misère form"),
        ("*[99999999999]", "too large"),
        ("*[2],", "',' at column 5 was not expected"),
        ("*[2] + ^", "numbers and ups are games of normal play"),
        ("*[2] + on", "a misère game is *[…], *n, 0, a name"),
    ] {
        let e = report(text).unwrap_err().to_string();
        assert!(e.contains(part), "{text}: {e}");
    }
}

/// The ordinal sum of every pair of forms born by day 4 (22 × 22) is the form of the tree
/// G : H written out by its definition (G's options and G : H′), and that tree's misère
/// outcome, found by plain search, is the form's; nim heaps add (*a : *b = *(a + b)), and
/// CGSuite's CompoundGameTestCase: `*[[[2]],[2],0] : *5` has normal-play value *7.
#[test]
fn ordinal_sums_follow_their_definition() {
    fn written(forms: &Forms, trees: &mut Trees, g: Form, h: Form) -> usize {
        let mut options: Vec<usize> = forms
            .options(g)
            .iter()
            .map(|&o| trees.of_form(forms, o))
            .collect();
        for &o in forms.options(h) {
            options.push(written(forms, trees, g, o));
        }
        trees.tree(options)
    }
    let mut forms = Forms::new();
    let mut trees = Trees::new();
    let day4 = forms_born_by(&mut forms, 4);
    for &g in &day4 {
        for &h in &day4 {
            let s = forms.ordinal_sum(g, h).unwrap();
            let t = written(&forms, &mut trees, g, h);
            assert_eq!(form(&mut forms, &trees, t), s);
            assert_eq!(trees.wins(&[t]), !forms.is_p(s));
        }
    }
    for a in 0..6 {
        for b in 0..6 {
            let text = format!("*[{a}] : *[{b}]");
            let s = forms.parse(&text).unwrap();
            assert_eq!(s, forms.nimber(a + b).unwrap(), "{text}");
        }
    }
    let g = forms.parse("*[[[2]],[2],0] : *5").unwrap();
    assert_eq!(forms.nim_value(g), 7);
    let g = forms.parse("*[2] + *[1] : *[1]").unwrap();
    assert_eq!(g, forms.parse("*[2] + *[2]").unwrap());
}
