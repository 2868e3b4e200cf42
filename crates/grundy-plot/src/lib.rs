//! Pictures for grundy: the map of P-positions of a two-parameter game, and a nim-sequence
//! plotted against the heap size with its proved period marked. PNG or SVG by the file's
//! extension; the font is embedded (DejaVu Sans, see assets/), so no system font is needed.

use plotters::prelude::*;
use plotters::style::{register_font, FontStyle};
use std::path::Path;
use std::sync::Once;
use thiserror::Error;

pub mod picture;

/// A picture could not be drawn or written.
#[derive(Debug, Error)]
#[error("{0}")]
pub struct PlotError(String);

fn err(e: impl std::fmt::Display) -> PlotError {
    PlotError(e.to_string())
}

static FONT: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");
const FAMILY: &str = "sans-serif";

fn register() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The embedded font is valid; registration only fails on malformed data.
        let _ = register_font(FAMILY, FontStyle::Normal, FONT);
    });
}

/// One cell of a map: `None` where the coordinates name no position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MapCell {
    /// Whether the player to move loses.
    pub lost: bool,
    /// The Grundy value, if known.
    pub grundy: Option<u64>,
}

/// A two-parameter game's small positions.
pub struct Map<'a> {
    /// Title, e.g. "wythoff".
    pub title: &'a str,
    /// What the rows and the columns count.
    pub rows: &'a str,
    /// What the columns count.
    pub cols: &'a str,
    /// The first index on both axes.
    pub first: u64,
    /// `cells[r][c]` for row first + r, column first + c.
    pub cells: Vec<Vec<Option<MapCell>>>,
    /// Colour by Grundy value instead of by outcome.
    pub by_grundy: bool,
}

/// A nim-sequence.
pub struct Sequence<'a> {
    /// Title, e.g. "octal 0.77".
    pub title: &'a str,
    /// G(0), G(1), …
    pub values: &'a [u32],
    /// (preperiod, period) when proved.
    pub period: Option<(u64, u64)>,
    /// G(n + period) − G(n) past the preperiod: 0 for a period, more for an arithmetic one.
    pub saltus: u64,
}

/// The picture's format by `path`'s extension, once `path` is known to be writable (the
/// drawing backends report a missing folder only as a debug dump of their own error).
fn format_of(path: &Path) -> Result<&'static str, PlotError> {
    let format = ext(path)?;
    std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(path)
        .map_err(|e| PlotError(format!("cannot write {}: {e}", path.display())))?;
    Ok(format)
}

fn ext(path: &Path) -> Result<&'static str, PlotError> {
    match path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_lowercase)
        .as_deref()
    {
        Some("png") => Ok("png"),
        Some("svg") => Ok("svg"),
        _ => Err(PlotError(format!(
            "{}: the output must end in .png or .svg",
            path.display()
        ))),
    }
}

/// A colour for Grundy value v: 0 black, then hues stepped by the golden ratio, with three
/// lightnesses and two saturations in turn, so that neighbouring values and values far apart
/// differ (a single lightness made values ten apart look alike).
fn value_colour(v: u64) -> RGBColor {
    if v == 0 {
        return RGBColor(20, 20, 20);
    }
    let hue = ((v - 1) as f64 * 0.618_033_988_75).fract();
    let lightness = [0.6, 0.42, 0.76][((v - 1) % 3) as usize];
    let saturation = [0.7, 0.45][(((v - 1) / 3) % 2) as usize];
    let c = HSLColor(hue, saturation, lightness);
    let (r, g, b) = c.rgb();
    RGBColor(r, g, b)
}

/// The most entries in a map's legend of Grundy values (two columns of 57).
const LEGEND_MOST: usize = 114;

/// A map's picture size: a game of one parameter is one row, drawn as a strip rather than a
/// row stretched to the full height (with room for a legend of up to 6 entries).
fn map_size(map: &Map) -> (u32, u32) {
    if map.cells.len() == 1 {
        (900, 260)
    } else {
        (900, 820)
    }
}

/// Draws a map of P-positions (or Grundy values) to `path`.
pub fn draw_map(map: &Map, path: &Path) -> Result<(), PlotError> {
    register();
    let size = map_size(map);
    match format_of(path)? {
        "png" => draw_map_on(map, BitMapBackend::new(path, size).into_drawing_area()),
        _ => draw_map_on(map, SVGBackend::new(path, size).into_drawing_area()),
    }
}

fn draw_map_on<DB: DrawingBackend>(
    map: &Map,
    root: DrawingArea<DB, plotters::coord::Shift>,
) -> Result<(), PlotError>
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE).map_err(err)?;
    let n_rows = map.cells.len() as u64;
    let n_cols = map.cells.first().map_or(0, |r| r.len()) as u64;
    let (main, legend) = root.split_horizontally(700);

    let caption = if map.by_grundy {
        format!("{}: Grundy values", map.title)
    } else {
        format!("{}: P-positions (black) and N-positions", map.title)
    };
    let mut chart = ChartBuilder::on(&main)
        .caption(caption, (FAMILY, 22))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d(map.first..map.first + n_cols, map.first..map.first + n_rows)
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc(map.cols)
        .y_desc(if n_rows == 1 { "" } else { map.rows })
        // One row has no index to show (plotters loops on zero labels: an empty one instead).
        .y_label_formatter(&|y| {
            if n_rows == 1 {
                String::new()
            } else {
                y.to_string()
            }
        })
        .label_style((FAMILY, 14))
        .draw()
        .map_err(err)?;
    let cells = map.cells.iter().enumerate().flat_map(|(r, row)| {
        row.iter().enumerate().filter_map(move |(c, cell)| {
            let cell = (*cell)?;
            let colour = match (map.by_grundy, cell.grundy) {
                (true, Some(g)) => value_colour(g),
                _ if cell.lost => RGBColor(20, 20, 20),
                _ => RGBColor(225, 232, 240),
            };
            let (x, y) = (map.first + c as u64, map.first + r as u64);
            Some(Rectangle::new([(x, y), (x + 1, y + 1)], colour.filled()))
        })
    });
    chart.draw_series(cells).map_err(err)?;
    // Legend: P / N, or every Grundy value drawn: one column while they fit, then two
    // columns of smaller rows, then as many as fit and the largest.
    let entries: Vec<(String, RGBColor)> = if map.by_grundy {
        let present: std::collections::BTreeSet<u64> = map
            .cells
            .iter()
            .flatten()
            .flatten()
            .filter_map(|c| c.grundy)
            .collect();
        let max = present.last().copied().unwrap_or(0);
        let mut e: Vec<_> = present
            .iter()
            .take(LEGEND_MOST - 1)
            .map(|&v| (format!("G = {v}"), value_colour(v)))
            .collect();
        if present.len() >= LEGEND_MOST {
            e.push((format!("… up to G = {max}"), RGBColor(255, 255, 255)));
        }
        e
    } else {
        vec![
            ("P: player to move loses".into(), RGBColor(20, 20, 20)),
            ("N: player to move wins".into(), RGBColor(225, 232, 240)),
        ]
    };
    let (step, font, per_column) = if entries.len() <= 25 {
        (28, 12, 25)
    } else {
        (13, 10, LEGEND_MOST.div_ceil(2))
    };
    for (i, (label, colour)) in entries.iter().enumerate() {
        let (column, row) = ((i / per_column) as i32, (i % per_column) as i32);
        let (x, y) = (4 + 98 * column, 60 + step * row);
        let swatch = (step - 4).min(18);
        legend
            .draw(&Rectangle::new(
                [(x, y), (x + swatch, y + swatch)],
                colour.filled(),
            ))
            .map_err(err)?;
        legend
            .draw(&Text::new(
                label.clone(),
                (x + swatch + 5, y),
                (FAMILY, font),
            ))
            .map_err(err)?;
    }
    root.present().map_err(err)
}

/// A map of P-positions (or Grundy values) as an SVG document, written in memory.
pub fn map_svg(map: &Map) -> Result<String, PlotError> {
    register();
    let mut svg = String::new();
    draw_map_on(
        map,
        SVGBackend::with_string(&mut svg, map_size(map)).into_drawing_area(),
    )?;
    Ok(svg)
}

/// A nim-sequence as an SVG document, written in memory.
pub fn sequence_svg(seq: &Sequence) -> Result<String, PlotError> {
    register();
    let mut svg = String::new();
    draw_sequence_on(
        seq,
        SVGBackend::with_string(&mut svg, (1000, 600)).into_drawing_area(),
    )?;
    Ok(svg)
}

/// Draws a nim-sequence to `path`, the proved period marked.
pub fn draw_sequence(seq: &Sequence, path: &Path) -> Result<(), PlotError> {
    register();
    let size = (1000, 600);
    match format_of(path)? {
        "png" => draw_sequence_on(seq, BitMapBackend::new(path, size).into_drawing_area()),
        _ => draw_sequence_on(seq, SVGBackend::new(path, size).into_drawing_area()),
    }
}

fn draw_sequence_on<DB: DrawingBackend>(
    seq: &Sequence,
    root: DrawingArea<DB, plotters::coord::Shift>,
) -> Result<(), PlotError>
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE).map_err(err)?;
    let n = seq.values.len() as u64;
    let top = seq.values.iter().copied().max().unwrap_or(0) as u64 + 1;
    let caption = match seq.period {
        Some((n0, p)) if seq.saltus == 0 => {
            format!("{}: G(n), period {p} from n = {n0} (proved)", seq.title)
        }
        Some((n0, p)) => format!(
            "{}: G(n + {p}) = G(n) + {} for n ≥ {n0} (proved)",
            seq.title, seq.saltus
        ),
        None => format!("{}: G(n), no period proved", seq.title),
    };
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, (FAMILY, 22))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d(0..n.max(1), 0..top)
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("heap n")
        .y_desc("Grundy value G(n)")
        .label_style((FAMILY, 14))
        .draw()
        .map_err(err)?;
    chart
        .draw_series(
            seq.values
                .iter()
                .enumerate()
                .map(|(i, &v)| Circle::new((i as u64, v as u64), 2, BLUE.filled())),
        )
        .map_err(err)?;
    if let Some((n0, p)) = seq.period {
        for (x, colour) in [(n0, RED), (n0 + p, RGBColor(230, 120, 0))] {
            if x <= n {
                chart
                    .draw_series(LineSeries::new([(x, 0), (x, top)], colour.stroke_width(2)))
                    .map_err(err)?
                    .label(if x == n0 {
                        "period starts"
                    } else {
                        "one period later"
                    })
                    .legend(move |(a, b)| PathElement::new([(a, b), (a + 16, b)], colour));
            }
        }
        chart
            .configure_series_labels()
            .label_font((FAMILY, 14))
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK)
            .draw()
            .map_err(err)?;
    }
    root.present().map_err(err)
}

/// A thermograph to draw: each wall as corners `(temperature, value)` from temperature 0 up,
/// vertical above the last corner (the mast), with the game's name, mean and temperature.
pub struct Thermograph {
    /// What the picture is of, e.g. the canonical form.
    pub title: String,
    /// Left's wall (the larger values).
    pub left: Vec<(f64, f64)>,
    /// Right's wall.
    pub right: Vec<(f64, f64)>,
    /// The mean, where the walls meet.
    pub mean: String,
    /// The temperature, where they meet (negative for a number).
    pub temperature: String,
}

impl Thermograph {
    /// The thermograph of `g` in `u` (its exact corners, as points to draw).
    pub fn of(u: &mut grundy::cgt::Universe, g: grundy::cgt::Id) -> Thermograph {
        let t = u.thermograph(g);
        let wall = |w: &grundy::cgt::Wall| -> Vec<(f64, f64)> {
            w.corners()
                .iter()
                .map(|&(temp, v)| (temp.to_f64(), v.to_f64()))
                .collect()
        };
        Thermograph {
            title: u.show(g),
            left: wall(&t.left),
            right: wall(&t.right),
            mean: t.mean.to_string(),
            temperature: t.temperature.to_string(),
        }
    }

    /// The thermograph of a value written in CGSuite's notation.
    pub fn of_value(text: &str) -> Result<Thermograph, grundy::GameError> {
        let mut u = grundy::cgt::Universe::new();
        let g = u.parse(text)?;
        Ok(Thermograph::of(&mut u, g))
    }
}

/// Draws a thermograph to `path`, values decreasing to the right (Left's side on the left),
/// as in Winning Ways.
pub fn draw_thermograph(t: &Thermograph, path: &Path) -> Result<(), PlotError> {
    register();
    let size = (900, 640);
    match format_of(path)? {
        "png" => draw_thermograph_on(t, BitMapBackend::new(path, size).into_drawing_area()),
        _ => draw_thermograph_on(t, SVGBackend::new(path, size).into_drawing_area()),
    }
}

/// A thermograph as an SVG document, written in memory.
pub fn thermograph_svg(t: &Thermograph) -> Result<String, PlotError> {
    register();
    let mut svg = String::new();
    draw_thermograph_on(
        t,
        SVGBackend::with_string(&mut svg, (900, 640)).into_drawing_area(),
    )?;
    Ok(svg)
}

fn draw_thermograph_on<DB: DrawingBackend>(
    t: &Thermograph,
    root: DrawingArea<DB, plotters::coord::Shift>,
) -> Result<(), PlotError>
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE).map_err(err)?;
    let corners = t.left.iter().chain(&t.right);
    let top_t = corners.clone().map(|p| p.0).fold(0.0f64, f64::max);
    let (lo, hi) = corners
        .map(|p| p.1)
        .fold((f64::MAX, f64::MIN), |(a, b), v| (a.min(v), b.max(v)));
    // The mast rises a little above the highest corner; values get a margin on both sides.
    let height = (top_t * 1.3).max(1.0);
    let pad = ((hi - lo) * 0.15).max(0.5);
    // x is the negated value, so that larger values are on the left.
    let (x0, x1) = (-hi - pad, -lo + pad);
    let caption = format!(
        "{}: mean {}, temperature {}",
        t.title, t.mean, t.temperature
    );
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, (FAMILY, 20))
        .margin(14)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d(x0..x1, 0.0..height)
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("value (Left's side on the left)")
        .y_desc("temperature")
        .x_label_formatter(&|x| tick(-x))
        .y_label_formatter(&|y| tick(*y))
        .label_style((FAMILY, 14))
        .draw()
        .map_err(err)?;
    let wall = |w: &[(f64, f64)]| -> Vec<(f64, f64)> {
        let mut pts: Vec<(f64, f64)> = w.iter().map(|&(temp, v)| (-v, temp)).collect();
        if let Some(&(x, _)) = pts.last() {
            pts.push((x, height));
        }
        pts
    };
    for (w, colour) in [(&t.left, BLUE), (&t.right, RED)] {
        chart
            .draw_series(LineSeries::new(wall(w), colour.stroke_width(3)))
            .map_err(err)?;
    }
    root.present().map_err(err)?;
    Ok(())
}

/// A tick label: three decimals at most, without trailing zeros.
fn tick(x: f64) -> String {
    let s = format!("{:.3}", x + 0.0);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_one_row_map_is_a_strip_and_many_values_get_a_legend_of_two_columns() {
        let row: Vec<Option<MapCell>> = (0..40)
            .map(|n: u64| {
                Some(MapCell {
                    lost: n % 3 == 0,
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
            by_grundy: false,
        };
        let svg = map_svg(&strip).unwrap();
        assert!(svg.contains("height=\"260\""), "{}", &svg[..200]);
        // 60 values: all in the legend (two columns), each its own colour.
        let cells = (0..60u64)
            .map(|r| {
                (0..60u64)
                    .map(|c| {
                        Some(MapCell {
                            lost: r == c,
                            grundy: Some((r + c) % 60),
                        })
                    })
                    .collect()
            })
            .collect();
        let map = Map {
            title: "t",
            rows: "r",
            cols: "c",
            first: 0,
            cells,
            by_grundy: true,
        };
        let svg = map_svg(&map).unwrap();
        assert!(svg.contains("G = 59") && !svg.contains("up to G"));
        let colours: std::collections::HashSet<_> = (0..60).map(value_colour).collect();
        assert_eq!(colours.len(), 60);
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
                            lost: r == c,
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
}
