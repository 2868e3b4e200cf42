use super::*;

/// A map by outcome colours each class apart (an L-position was drawn as an N-position,
/// its legend saying "N: player to move wins"): the cells carry their class, and the
/// classes have six different colours and words.
#[test]
fn maps_colour_each_outcome_class_apart() {
    use grundy::Outcome as O;
    let all = [O::P, O::N, O::L, O::R, O::D, O::T];
    let colours: std::collections::HashSet<_> = all.iter().map(|&o| outcome_colour(o).0).collect();
    let words: std::collections::HashSet<_> = all.iter().map(|&o| outcome_colour(o).1).collect();
    assert_eq!((colours.len(), words.len()), (6, 6));
    let registry = grundy::registry::Registry::catalog();
    let game = registry
        .parse("partizan-subtraction --left 1,2 --right 2,3 0")
        .unwrap()
        .game()
        .unwrap();
    let data = crate::picture::map(game.as_ref(), 12, false).unwrap();
    let map = data.as_map();
    let row: Vec<O> = map.cells[0].iter().map(|c| c.unwrap().outcome).collect();
    // The table of the same positions: P L N N P L N N …
    assert_eq!(&row[..5], &[O::P, O::L, O::N, O::N, O::P]);
}

/// The rectangles and circles of an SVG picture, as (x, y, width, height) boxes.
fn boxes(svg: &str, tag: &str) -> Vec<(f64, f64, f64, f64)> {
    let attr = |e: &str, name: &str| -> f64 {
        let e = format!(" {e}");
        let at = e.find(&format!(" {name}=\"")).expect(name) + name.len() + 3;
        e[at..].split('"').next().unwrap().parse().unwrap()
    };
    svg.split(&format!("<{tag} "))
        .skip(1)
        .map(|e| match tag {
            "circle" => {
                let r = attr(e, "r");
                (attr(e, "cx") - r, attr(e, "cy") - r, 2.0 * r, 2.0 * r)
            }
            _ => (
                attr(e, "x"),
                attr(e, "y"),
                attr(e, "width"),
                attr(e, "height"),
            ),
        })
        .collect()
}

/// The legend of a sequence covers none of its points (Kayles' did, its box drawn over
/// the values at the right-hand middle): for sequences with a period, with marked heaps,
/// with values up to 1 and up to 100.
#[test]
fn a_sequence_legend_covers_no_point() {
    let kayles: Vec<u32> = {
        let rule = grundy::heap::parse_code("0.77").unwrap();
        let mut values: Vec<u32> = Vec::new();
        assert!(grundy::heap::extend(&rule, &mut values, 299));
        values
    };
    let steps: Vec<u32> = (0..300).map(|n| n / 3).collect();
    let bits: Vec<u32> = (0..300).map(|n| n % 2).collect();
    for (values, period, marks) in [
        (&kayles[..], Some((71, 12)), &[12u64, 250][..]),
        (&kayles[..], Some((71, 12)), &[][..]),
        (&steps[..], Some((0, 3)), &[299][..]),
        (&bits[..], Some((0, 2)), &[][..]),
        (&bits[..], None, &[5][..]),
    ] {
        let seq = Sequence {
            title: "test",
            values,
            period,
            saltus: u64::from(values == &steps[..]),
            marks,
        };
        let svg = sequence_svg(&seq).unwrap();
        let legend = boxes(&svg, "rect")
            .into_iter()
            .find(|r| r.0 > 0.0 && r.1 > 0.0)
            .expect("a legend");
        // Values are dots of radius 2, heaps of the position rings of 7; the ring of 6 is
        // the legend's own sample.
        for c in boxes(&svg, "circle").into_iter().filter(|c| c.2 != 12.0) {
            let apart = c.0 + c.2 < legend.0
                || c.0 > legend.0 + legend.2
                || c.1 + c.3 < legend.1
                || c.1 > legend.1 + legend.3;
            assert!(
                apart,
                "{period:?} {marks:?}: point {c:?} under legend {legend:?}"
            );
        }
    }
}

#[test]
fn a_one_row_map_is_a_strip_and_many_values_get_a_scale() {
    let row: Vec<Option<MapCell>> = (0..40)
        .map(|n: u64| {
            Some(MapCell {
                outcome: if n % 3 == 0 {
                    grundy::Outcome::P
                } else {
                    grundy::Outcome::N
                },
                grundy: Some(n % 3),
            })
        })
        .collect();
    let strip = Map {
        title: "bash",
        rows: "",
        cols: "n",
        first: 0,
        cells: vec![row],
        by_grundy: true,
        mark: Some((0, 7)),
    };
    let svg = map_svg(&strip).unwrap();
    assert!(svg.contains("height=\"260\""), "{}", &svg[..200]);
    // Three values: a swatch each, and the position's ring.
    assert!(svg.contains("G = 2") && svg.contains("the position (7)"));
    // Nim's values 0 … 63: the scale with values along it, not 64 swatches.
    let cells = (0..64u64)
        .map(|r| {
            (0..64u64)
                .map(|c| {
                    Some(MapCell {
                        outcome: if r == c {
                            grundy::Outcome::P
                        } else {
                            grundy::Outcome::N
                        },
                        grundy: Some(r ^ c),
                    })
                })
                .collect()
        })
        .collect();
    let map = Map {
        title: "nim",
        rows: "heap 1",
        cols: "heap 2",
        first: 0,
        cells,
        by_grundy: true,
        mark: Some((70, 3)),
    };
    let svg = map_svg(&map).unwrap();
    assert!(svg.contains("Grundy value") && !svg.contains("G = 5"));
    let largest = svg.find("Grundy value").map(|i| &svg[i..]).unwrap_or("");
    assert!(
        largest.contains("\n63\n") || largest.contains(">63<"),
        "the largest value is written on the scale"
    );
    assert!(svg.contains("(70 3: beyond the map)"));
}

/// The scale runs from dark to light through every value: 0 darkest, the largest lightest,
/// each value no darker than the one before (by its luminance).
#[test]
fn the_colour_scale_grows_lighter_with_the_value() {
    let luminance =
        |c: RGBColor| 299 * u32::from(c.0) + 587 * u32::from(c.1) + 114 * u32::from(c.2);
    for max in [1u64, 2, 7, 41, 63, 1000] {
        let lum: Vec<u32> = (0..=max).map(|v| luminance(ramp(v, max))).collect();
        // (Viridis is uniform to the eye, not exactly in this luminance: rounding to whole
        // channel values may step back by less than half a unit of 255.)
        assert!(
            lum.windows(2).all(|w| w[0] <= w[1] + 500),
            "max {max}: {lum:?}"
        );
        assert_eq!(ramp(0, max), RGBColor(68, 1, 84));
        assert_eq!(ramp(max, max), RGBColor(253, 231, 37));
    }
}

/// A number's mast starts at its temperature (−1/4 for 3/4), a hot game's walls at 0.
#[test]
fn a_numbers_thermograph_starts_at_its_temperature() {
    let t = Thermograph::of_value("3/4").unwrap();
    assert_eq!(t.left.first(), Some(&(-0.25, 0.75)));
    assert_eq!(t.right.first(), Some(&(-0.25, 0.75)));
    assert_eq!(Thermograph::of_value("7").unwrap().left[0], (-1.0, 7.0));
    let hot = Thermograph::of_value("{3|1}").unwrap();
    assert_eq!(hot.left.first(), Some(&(0.0, 3.0)));
    let svg = thermograph_svg(&t).unwrap();
    assert!(svg.contains("-0.2"), "the axis goes below 0");
}

#[test]
fn maps_and_sequences_are_written_as_png_and_svg() {
    let dir = std::env::temp_dir().join(format!("grundy-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cells = (0..10)
        .map(|r: u64| {
            (0..10)
                .map(|c: u64| {
                    Some(MapCell {
                        outcome: if r == c {
                            grundy::Outcome::P
                        } else {
                            grundy::Outcome::N
                        },
                        grundy: Some(r ^ c),
                    })
                })
                .collect()
        })
        .collect();
    let map = Map {
        title: "nim",
        rows: "heap 1",
        cols: "heap 2",
        first: 0,
        cells,
        by_grundy: false,
        mark: Some((3, 4)),
    };
    for name in ["m.png", "m.svg"] {
        draw_map(&map, &dir.join(name)).unwrap();
        assert!(std::fs::metadata(dir.join(name)).unwrap().len() > 1000);
    }
    let values: Vec<u32> = (0..100).map(|n| n % 5).collect();
    let seq = Sequence {
        title: "subtraction",
        values: &values,
        period: Some((0, 5)),
        saltus: 0,
        marks: &[3, 17],
    };
    draw_sequence(&seq, &dir.join("s.png")).unwrap();
    let png = std::fs::read(dir.join("s.png")).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    assert!(draw_map(&map, &dir.join("m.gif")).is_err());
    // A missing folder is named plainly, for both formats and both pictures.
    for name in ["no-such-folder/m.png", "no-such-folder/m.svg"] {
        let path = dir.join(name);
        let e = draw_map(&map, &path).unwrap_err().to_string();
        assert!(
            e.starts_with("cannot write ") && e.contains("No such file"),
            "{e}"
        );
        let e = draw_sequence(&seq, &path).unwrap_err().to_string();
        assert!(!e.contains("Drawing backend"), "{e}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
