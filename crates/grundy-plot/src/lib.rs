//! Pictures for grundy: the map of P-positions of a two-parameter game, and a nim-sequence
//! plotted against the heap size with its proved period marked. PNG or SVG by the file's
//! extension; the font is embedded (DejaVu Sans, see assets/), so no system font is needed.

use plotters::prelude::*;
use plotters::style::{register_font, FontStyle};
use std::path::Path;
use std::sync::Once;
use thiserror::Error;

pub mod board;
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

/// Each outcome's colour on a map and what its legend says: P dark and N light (as the
/// tables print them), Left's wins blue and Right's red (Winning Ways' colours), draws grey.
fn outcome_colour(o: grundy::Outcome) -> (RGBColor, &'static str) {
    use grundy::Outcome as O;
    match o {
        O::P => (RGBColor(20, 20, 20), "player to move loses"),
        O::N => (RGBColor(225, 232, 240), "player to move wins"),
        O::L => (RGBColor(60, 110, 200), "Left wins whoever starts"),
        O::R => (RGBColor(205, 60, 55), "Right wins whoever starts"),
        O::D => (RGBColor(150, 150, 150), "a draw"),
        O::T => (RGBColor(200, 175, 90), "a tie"),
    }
}

/// One cell of a map: `None` where the coordinates name no position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MapCell {
    /// Who wins: P or N in an impartial game, also L or R in a partizan one (D a draw).
    pub outcome: grundy::Outcome,
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
    /// A position marked on the map: (row, column) coordinates (the row is ignored in a map of
    /// one row).
    pub mark: Option<(u64, u64)>,
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
    /// Heaps marked on the sequence (those of a position).
    pub marks: &'a [u64],
}

/// The picture's format by `path`'s extension, once `path` is known to be writable (the
/// drawing backends report a missing folder only as a debug dump of their own error).
pub(crate) fn format_of(path: &Path) -> Result<&'static str, PlotError> {
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

/// Viridis, the perceptually uniform colour scale of matplotlib (van der Walt and Smith),
/// at nine evenly spaced points from dark to light.
const RAMP: [(u8, u8, u8); 9] = [
    (68, 1, 84),
    (71, 44, 122),
    (59, 81, 139),
    (44, 113, 142),
    (33, 144, 141),
    (39, 173, 129),
    (92, 200, 99),
    (170, 220, 50),
    (253, 231, 37),
];

/// The colour of Grundy value `v` on a scale from 0 (darkest) to `max` (lightest): a reader
/// sees larger values as lighter, so the structure of the values (Nim's nim-sum blocks, a
/// period) shows, which unrelated hues per value hide.
fn ramp(v: u64, max: u64) -> RGBColor {
    let t = if max == 0 {
        0.0
    } else {
        v.min(max) as f64 / max as f64
    };
    let x = t * (RAMP.len() - 1) as f64;
    let i = (x.floor() as usize).min(RAMP.len() - 2);
    let f = x - i as f64;
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * f).round() as u8;
    let (a, b) = (RAMP[i], RAMP[i + 1]);
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// The colour marking a position on a picture.
const MARK: RGBColor = RGBColor(230, 60, 0);

/// The most Grundy values given a swatch each in a legend; beyond, the legend is the scale
/// with values written along it.
const LEGEND_SWATCHES: usize = 16;

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

    // The outcome classes on the map: P and N always, the others where they occur.
    use grundy::Outcome as O;
    let classes: Vec<O> = {
        let present: std::collections::HashSet<O> = map
            .cells
            .iter()
            .flatten()
            .flatten()
            .map(|c| c.outcome)
            .collect();
        [O::P, O::N, O::L, O::R, O::D, O::T]
            .into_iter()
            .filter(|o| matches!(o, O::P | O::N) || present.contains(o))
            .collect()
    };
    let caption = if map.by_grundy {
        format!("{}: Grundy values", map.title)
    } else if classes.len() > 2 {
        format!("{}: outcome classes", map.title)
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
    let max = map
        .cells
        .iter()
        .flatten()
        .flatten()
        .filter_map(|c| c.grundy)
        .max()
        .unwrap_or(0);
    let cells = map.cells.iter().enumerate().flat_map(|(r, row)| {
        row.iter().enumerate().filter_map(move |(c, cell)| {
            let cell = (*cell)?;
            let colour = match (map.by_grundy, cell.grundy) {
                (true, Some(g)) => ramp(g, max),
                _ => outcome_colour(cell.outcome).0,
            };
            let (x, y) = (map.first + c as u64, map.first + r as u64);
            Some(Rectangle::new([(x, y), (x + 1, y + 1)], colour.filled()))
        })
    });
    chart.draw_series(cells).map_err(err)?;
    // The position, as a ring around its cell.
    let marked = map.mark.and_then(|(r, c)| {
        let r = if n_rows == 1 { map.first } else { r };
        let inside = |v: u64, n: u64| v >= map.first && v < map.first + n;
        (inside(r, n_rows) && inside(c, n_cols)).then_some((r, c))
    });
    if let Some((r, c)) = marked {
        chart
            .draw_series([Rectangle::new(
                [(c, r), (c + 1, r + 1)],
                MARK.stroke_width(3),
            )])
            .map_err(err)?;
    }
    // Legend: P / N, or the Grundy values: a swatch each while they are few, else the scale
    // with values along it.
    let mut entries: Vec<(String, RGBColor)> = if !map.by_grundy {
        classes
            .iter()
            .map(|&o| {
                let (colour, says) = outcome_colour(o);
                (format!("{o}: {says}"), colour)
            })
            .collect()
    } else {
        let present: std::collections::BTreeSet<u64> = map
            .cells
            .iter()
            .flatten()
            .flatten()
            .filter_map(|c| c.grundy)
            .collect();
        if present.len() <= LEGEND_SWATCHES {
            present
                .iter()
                .map(|&v| (format!("G = {v}"), ramp(v, max)))
                .collect()
        } else {
            Vec::new()
        }
    };
    if let Some((r, c)) = map.mark {
        let at = if n_rows == 1 {
            c.to_string()
        } else {
            format!("{r} {c}")
        };
        let label = match marked {
            Some(_) => format!("the position ({at})"),
            None => format!("({at}: beyond the map)"),
        };
        entries.push((label, MARK));
    }
    let mut y = 60;
    if map.by_grundy && entries.len() <= 1 && max > 0 {
        y = draw_scale(&legend, max, y)?;
    }
    for (label, colour) in &entries {
        let (x, swatch) = (4, 18);
        let fill = if *colour == MARK {
            colour.stroke_width(3)
        } else {
            colour.filled()
        };
        legend
            .draw(&Rectangle::new([(x, y), (x + swatch, y + swatch)], fill))
            .map_err(err)?;
        legend
            .draw(&Text::new(
                label.clone(),
                (x + swatch + 6, y + 2),
                (FAMILY, 14),
            ))
            .map_err(err)?;
        y += 28;
    }
    root.present().map_err(err)
}

/// The colour scale of Grundy values 0 … `max` as a bar from `top` down, with about eight
/// values written beside it; returns where the legend goes on below it.
fn draw_scale<DB: DrawingBackend>(
    legend: &DrawingArea<DB, plotters::coord::Shift>,
    max: u64,
    top: i32,
) -> Result<i32, PlotError>
where
    DB::ErrorType: 'static,
{
    let (x, width, height) = (8, 26, 480);
    legend
        .draw(&Text::new("Grundy value", (x, top - 24), (FAMILY, 14)))
        .map_err(err)?;
    for i in 0..height {
        let v = (i as u64 * max + (height as u64 - 1) / 2) / (height as u64 - 1);
        legend
            .draw(&Rectangle::new(
                [(x, top + i), (x + width, top + i + 1)],
                ramp(v, max).filled(),
            ))
            .map_err(err)?;
    }
    let step = (max.div_ceil(8)).max(1);
    let mut v = 0;
    loop {
        let y = top + (v * (height as u64 - 1) / max) as i32;
        legend
            .draw(&PathElement::new(
                [(x + width, y), (x + width + 5, y)],
                BLACK,
            ))
            .map_err(err)?;
        legend
            .draw(&Text::new(
                v.to_string(),
                (x + width + 9, y - 7),
                (FAMILY, 14),
            ))
            .map_err(err)?;
        if v == max {
            break;
        }
        v = (v + step).min(max);
    }
    Ok(top + height + 30)
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
    let largest = seq.values.iter().copied().max().unwrap_or(0) as u64;
    // The legend (up to three lines: the period's start, one period later, the position's
    // heaps) sits in the upper right corner, in a band kept free above the largest value (and
    // its heap labels) so that it covers no point.
    let entries = u64::from(seq.period.is_some()) * 2 + u64::from(!seq.marks.is_empty());
    let top = if entries == 0 {
        largest + 1
    } else {
        let (plot, legend) = (
            u64::from(root.dim_in_pixel().1)
                .saturating_sub(120)
                .max(200),
            22 * entries + 40,
        );
        // The band above G = largest + 1/2 must be `legend` pixels of the `plot` ones.
        ((2 * largest + 1) * plot).div_ceil(2 * plot.saturating_sub(legend).max(1)) + 1
    };
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
    // The heaps of a position: a ring on each heap's value, with the heap written above it.
    let rings: Vec<(u64, u64)> = seq
        .marks
        .iter()
        .filter_map(|&h| Some((h, u64::from(*seq.values.get(h as usize)?))))
        .collect();
    if !rings.is_empty() {
        chart
            .draw_series(
                rings
                    .iter()
                    .map(|&(h, v)| Circle::new((h, v), 7, MARK.stroke_width(2))),
            )
            .map_err(err)?
            .label("heaps of the position")
            .legend(|(a, b)| Circle::new((a + 8, b), 6, MARK.stroke_width(2)));
        chart
            .draw_series(rings.iter().map(|&(h, v)| {
                EmptyElement::at((h, v))
                    + Text::new(
                        format!("{h}"),
                        (-4, -24),
                        (FAMILY, 13).into_font().color(&MARK),
                    )
            }))
            .map_err(err)?;
    }
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
    }
    if seq.period.is_some() || !rings.is_empty() {
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
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
                .map(|(temp, v)| (temp.to_f64(), v.to_f64()))
                .collect()
        };
        // A number's walls are its mast from its temperature (negative) up: drawn from there,
        // as in Winning Ways, not cut at temperature 0.
        let bottom = t.temperature.to_f64().min(0.0);
        let from_bottom = |mut w: Vec<(f64, f64)>| {
            if bottom < 0.0 {
                if let Some(&(_, v)) = w.first() {
                    w.insert(0, (bottom, v));
                }
            }
            w
        };
        Thermograph {
            title: u.show(g),
            left: from_bottom(wall(&t.left)),
            right: from_bottom(wall(&t.right)),
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
    // Below 0 for a number, whose mast starts at its temperature.
    let bottom = corners.clone().map(|p| p.0).fold(0.0f64, f64::min);
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
        .build_cartesian_2d(x0..x1, bottom..height)
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
mod tests;
