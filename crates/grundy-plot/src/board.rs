//! A board game's position drawn as its grid — Domineering, Cram, Clobber, Toads and Frogs: a
//! board written in rows separated by `|`, `.` an empty cell, `#` a filled one, `x` and `o`
//! stones, `T` a toad (Left's) and `F` a frog (Right's) — with
//! columns lettered from the left and rows numbered from the top, as moves name its cells
//! (the playground draws it so). A solution is drawn as the position and the board each
//! winning move leaves, the cells the move changed coloured by who made it: Left blue and
//! Right red (Winning Ways' colours), a move of an impartial game green (the playground's
//! colour of a move that leaves the opponent lost).

use crate::{err, register, PlotError, FAMILY};
use grundy::analysis::{Analysis, Player};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The largest side of a board drawn.
const MAX_SIDE: usize = 64;
/// A cell's side, in pixels.
const CELL: i32 = 30;
/// Room for the column letters above and the row numbers to the left.
const LABEL: i32 = 18;
/// Room for a board's caption below it, and between boards.
const CAPTION: i32 = 24;
const GAP: i32 = 20;
/// Boards drawn side by side before the next row of them.
const PER_ROW: usize = 4;

const EMPTY: RGBColor = RGBColor(255, 255, 255);
const FILLED: RGBColor = RGBColor(85, 85, 85);
const LINE: RGBColor = RGBColor(136, 136, 136);
const LABELS: RGBColor = RGBColor(102, 102, 102);
/// Toads are Left's and frogs Right's: darker shades of the players' colours.
const TOAD: RGBColor = RGBColor(30, 60, 130);
const FROG: RGBColor = RGBColor(140, 30, 30);

/// The colour of a move by `player` (None: a move of an impartial game).
fn mover_colour(player: Option<Player>) -> RGBColor {
    match player {
        Some(Player::Left) => RGBColor(60, 110, 200),
        Some(Player::Right) => RGBColor(205, 60, 55),
        None => RGBColor(50, 150, 80),
    }
}

/// A board: its rows of cells, each one of `.#xoTF`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rows: Vec<Vec<u8>>,
}

impl Board {
    /// The board written as `word` (`..#|x.o`), or `None` where the word writes no board:
    /// another character, rows of unequal length, or a side longer than 64.
    pub fn read(word: &str) -> Option<Board> {
        let rows: Vec<Vec<u8>> = word.split('|').map(|r| r.as_bytes().to_vec()).collect();
        let width = rows.first()?.len();
        let fits = |r: &Vec<u8>| r.len() == width && r.iter().all(|c| b".#xoTF".contains(c));
        if width == 0 || width > MAX_SIDE || rows.len() > MAX_SIDE || !rows.iter().all(fits) {
            return None;
        }
        Some(Board { rows })
    }

    /// The board a position written as `words` (or tokens) is, where it is one word that
    /// writes a board.
    pub fn of_position<W: std::fmt::Display>(words: &[W]) -> Option<Board> {
        match words {
            [word] => Board::read(&word.to_string()),
            _ => None,
        }
    }

    fn size(&self) -> (i32, i32) {
        (self.rows[0].len() as i32, self.rows.len() as i32)
    }

    /// The board's picture: its width and height in pixels, labels included.
    fn extent(&self) -> (i32, i32) {
        let (w, h) = self.size();
        (LABEL + w * CELL + 1, LABEL + h * CELL + 1)
    }
}

/// A board as a picture: the position, or the board a move left (`before` the position it
/// was made from, `mover` who made it), with a caption.
struct Drawn<'a> {
    board: &'a Board,
    before: Option<&'a Board>,
    mover: Option<Player>,
    caption: &'a str,
}

fn draw_board<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    at: (i32, i32),
    d: &Drawn,
) -> Result<(), PlotError> {
    let (x0, y0) = (at.0 + LABEL, at.1 + LABEL);
    let (w, h) = d.board.size();
    let label = (FAMILY, 13).into_font().color(&LABELS);
    let centred = label.pos(Pos::new(HPos::Center, VPos::Center));
    for c in 0..w {
        let letter = char::from(b'a' + (c % 26) as u8).to_string();
        let x = x0 + c * CELL + CELL / 2;
        area.draw(&Text::new(letter, (x, at.1 + LABEL / 2), centred.clone()))
            .map_err(err)?;
    }
    for r in 0..h {
        let y = y0 + r * CELL + CELL / 2;
        let number = (r + 1).to_string();
        area.draw(&Text::new(number, (at.0 + LABEL / 2, y), centred.clone()))
            .map_err(err)?;
    }
    let colour = mover_colour(d.mover);
    for (r, row) in d.board.rows.iter().enumerate() {
        for (c, &cell) in row.iter().enumerate() {
            let (x, y) = (x0 + c as i32 * CELL, y0 + r as i32 * CELL);
            let changed = d.before.is_some_and(|b| b.rows[r][c] != cell);
            let fill = match (cell, changed) {
                (b'#', true) => colour.filled(),
                (b'#', false) => FILLED.filled(),
                (_, true) => colour.mix(0.35).filled(),
                _ => EMPTY.filled(),
            };
            area.draw(&Rectangle::new([(x, y), (x + CELL, y + CELL)], fill))
                .map_err(err)?;
            area.draw(&Rectangle::new(
                [(x, y), (x + CELL, y + CELL)],
                LINE.stroke_width(1),
            ))
            .map_err(err)?;
            let centre = (x + CELL / 2, y + CELL / 2);
            let radius = CELL * 3 / 10;
            match cell {
                b'x' => area.draw(&Circle::new(centre, radius, BLACK.filled())),
                b'T' => area.draw(&Circle::new(centre, radius, TOAD.filled())),
                b'F' => area.draw(&Circle::new(centre, radius, FROG.filled())),
                b'o' => {
                    area.draw(&Circle::new(centre, radius, WHITE.filled()))
                        .map_err(err)?;
                    area.draw(&Circle::new(centre, radius, BLACK.stroke_width(2)))
                }
                _ => Ok(()),
            }
            .map_err(err)?;
        }
    }
    if !d.caption.is_empty() {
        let caption = (FAMILY, 13)
            .into_font()
            .color(&BLACK)
            .pos(Pos::new(HPos::Left, VPos::Top));
        let y = y0 + h * CELL + 6;
        area.draw(&Text::new(d.caption.to_string(), (at.0, y), caption))
            .map_err(err)?;
    }
    Ok(())
}

/// The size of a picture of `boards` side by side, `PER_ROW` to a row, and each slot's.
fn layout(boards: &[Drawn]) -> ((u32, u32), (i32, i32)) {
    let (bw, bh) = boards
        .iter()
        .map(|d| d.board.extent())
        .fold((0, 0), |(w, h), (a, b)| (w.max(a), h.max(b)));
    // A caption may be wider than its board: boards stand at least this far apart.
    let longest = boards.iter().map(|d| d.caption.chars().count()).max();
    let slot = (
        bw.max(longest.unwrap_or(0) as i32 * 7) + GAP,
        bh + CAPTION + GAP,
    );
    let across = boards.len().clamp(1, PER_ROW) as i32;
    let down = boards.len().div_ceil(PER_ROW).max(1) as i32;
    let size = (
        (across * slot.0 + GAP) as u32,
        (down * slot.1 + GAP / 2) as u32,
    );
    (size, slot)
}

fn draw_boards<DB: DrawingBackend>(
    area: DrawingArea<DB, plotters::coord::Shift>,
    boards: &[Drawn],
    slot: (i32, i32),
) -> Result<(), PlotError> {
    area.fill(&WHITE).map_err(err)?;
    for (i, d) in boards.iter().enumerate() {
        let (col, row) = ((i % PER_ROW) as i32, (i / PER_ROW) as i32);
        draw_board(&area, (GAP / 2 + col * slot.0, GAP / 2 + row * slot.1), d)?;
    }
    area.present().map_err(err)
}

/// Boards side by side, `PER_ROW` to a row, as an SVG document.
fn boards_svg(boards: &[Drawn]) -> Result<String, PlotError> {
    register();
    let (size, slot) = layout(boards);
    let mut svg = String::new();
    draw_boards(
        SVGBackend::with_string(&mut svg, size).into_drawing_area(),
        boards,
        slot,
    )?;
    Ok(svg)
}

/// A board as an SVG document.
pub fn board_svg(board: &Board) -> Result<String, PlotError> {
    boards_svg(&[Drawn {
        board,
        before: None,
        mover: None,
        caption: "",
    }])
}

/// The most winning moves a picture of a solution draws; its caption says how many more.
pub const DRAWN: usize = 12;

/// A board position and the boards its winning moves leave, ready to draw.
#[derive(Clone, Debug)]
pub struct Solved {
    board: Board,
    caption: String,
    moves: Vec<(Board, Option<Player>, String)>,
}

impl Solved {
    /// The picture of an answer whose position is a board (a sum's is not: its winning moves
    /// name a component's position only): the board, captioned with who wins, then the
    /// board each winning move leaves (at most [`DRAWN`]), captioned with the move.
    pub fn of(a: &Analysis) -> Option<Solved> {
        if a.components.is_some() {
            return None;
        }
        let board = Board::of_position(&a.position)?;
        let moves: Vec<_> = (a.winning_moves.iter().take(DRAWN))
            .filter_map(|m| Some((Board::of_position(&m.to)?, m.player, m.description.clone())))
            .collect();
        let n = moves.len();
        let more = a.winning_moves.len() - n;
        let caption = match (n, more) {
            (0, _) => format!("{}: no winning move", a.outcome),
            (1, 0) => format!("{}: 1 winning move", a.outcome),
            (n, 0) => format!("{}: {n} winning moves", a.outcome),
            (n, more) => format!("{}: {n} winning moves, and {more} more", a.outcome),
        };
        Some(Solved {
            board,
            caption,
            moves,
        })
    }

    /// The picture as an SVG document.
    pub fn svg(&self) -> Result<String, PlotError> {
        boards_svg(&drawn(&self.board, &self.caption, &self.moves))
    }

    /// Writes the picture to `path`, a .png or .svg file.
    pub fn write(&self, path: &std::path::Path) -> Result<(), PlotError> {
        register();
        let boards = drawn(&self.board, &self.caption, &self.moves);
        let (size, slot) = layout(&boards);
        match crate::format_of(path)? {
            "png" => draw_boards(
                BitMapBackend::new(path, size).into_drawing_area(),
                &boards,
                slot,
            ),
            _ => draw_boards(
                SVGBackend::new(path, size).into_drawing_area(),
                &boards,
                slot,
            ),
        }
    }
}

/// The position, then the board each move leaves.
fn drawn<'a>(
    board: &'a Board,
    caption: &'a str,
    moves: &'a [(Board, Option<Player>, String)],
) -> Vec<Drawn<'a>> {
    let mut boards = vec![Drawn {
        board,
        before: None,
        mover: None,
        caption,
    }];
    boards.extend(moves.iter().map(|(after, mover, said)| Drawn {
        board: after,
        before: Some(board),
        mover: *mover,
        caption: said,
    }));
    boards
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_are_read_only_from_words_that_write_one() {
        let b = Board::read("..#|x.o").unwrap();
        assert_eq!(b.size(), (3, 2));
        for not in ["", "3", "..|.", "ab|cd", "|", "...|", "TX"] {
            assert!(Board::read(not).is_none(), "{not}");
        }
        assert!(Board::read(&".".repeat(65)).is_none());
        assert!(Board::of_position(&["....", "3"]).is_none());
        assert_eq!(Board::of_position(&["..|.."]), Board::read("..|.."));
    }

    #[test]
    fn a_board_is_drawn_cell_by_cell_with_its_labels() {
        let svg = board_svg(&Board::read(".#|xo").unwrap()).unwrap();
        assert!(svg.starts_with("<svg"));
        // Four cells, each filled and outlined, and the two labels of each side.
        assert_eq!(svg.matches("<rect").count(), 1 + 4 * 2, "{svg}");
        assert_eq!(svg.matches("<circle").count(), 3); // x, and o filled then outlined
        let texts: Vec<&str> = (svg.split("<text").skip(1))
            .filter_map(|t| t.split_once('>')?.1.split_once("</text>"))
            .map(|(text, _)| text.trim())
            .collect();
        assert_eq!(texts, ["a", "b", "1", "2"]);
        assert!(svg.contains(r##"fill="#555555""##)); // the filled cell
    }

    #[test]
    fn a_winning_move_colours_the_cells_it_changed_by_its_maker() {
        let before = Board::read("..|..").unwrap();
        let after = Board::read("#.|#.").unwrap();
        let moves_svg = |caption, moves: &[(Board, Option<Player>, String)]| {
            boards_svg(&drawn(&before, caption, moves)).unwrap()
        };
        let svg = moves_svg(
            "..|..",
            &[(after.clone(), Some(Player::Left), "Left a1-a2".into())],
        );
        assert_eq!(svg.matches(r##"fill="#3C6EC8""##).count(), 2, "{svg}");
        assert!(svg.contains("Left a1-a2"));
        let svg = moves_svg("", &[(after, Some(Player::Right), String::new())]);
        assert_eq!(svg.matches(r##"fill="#CD3C37""##).count(), 2);
        let svg = moves_svg("", &[(before.clone(), None, String::new())]);
        assert_eq!(svg.matches(r##"fill="#329650""##).count(), 0);
    }

    /// The picture `grundy plot` draws of a query.
    fn picture(line: &str) -> Result<crate::picture::Picture, String> {
        let q = grundy::registry::Registry::catalog().parse(line).unwrap();
        crate::picture::Picture::of(&q, crate::picture::Options::default())
    }

    #[test]
    fn grundy_plot_draws_a_board_games_position_with_its_winning_moves() {
        // Domineering 3×3 is N: Left's two vertical moves in column b and Right's two
        // horizontal moves in row 2 win (4 in all), each drawn in its player's colour.
        let Ok(crate::picture::Picture::Board(solved)) = picture("domineering ...|...|...") else {
            panic!("a board's picture");
        };
        assert_eq!(solved.moves.len(), 4);
        let svg = solved.svg().unwrap();
        assert_eq!(svg.matches(r##"fill="#3C6EC8""##).count(), 2 * 2);
        assert_eq!(svg.matches(r##"fill="#CD3C37""##).count(), 2 * 2);
        assert!(svg.contains("N: 4 winning moves"));
        // Cram is impartial: its winning moves are green; a lost position has none.
        let Ok(crate::picture::Picture::Board(cram)) = picture("cram ..|..") else {
            panic!("a board's picture");
        };
        assert!(cram.svg().unwrap().contains("P: no winning move"));
        let Ok(crate::picture::Picture::Board(cram)) = picture("cram ...") else {
            panic!("a board's picture");
        };
        assert!(cram.svg().unwrap().contains(r##"fill="#329650""##));
        // Clobber's stones move: both cells a capture changes are tinted.
        let Ok(crate::picture::Picture::Board(clobber)) = picture("clobber xo") else {
            panic!("a board's picture");
        };
        let svg = clobber.svg().unwrap();
        assert_eq!(svg.matches(r##"opacity="0.35" fill="#3C6EC8""##).count(), 2);
        assert_eq!(svg.matches(r##"opacity="0.35" fill="#CD3C37""##).count(), 2);
        // Written as PNG and SVG.
        let dir = std::env::temp_dir().join(format!("grundy-board-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for name in ["b.png", "b.svg"] {
            solved.write(&dir.join(name)).unwrap();
            assert!(std::fs::metadata(dir.join(name)).unwrap().len() > 1000);
        }
        std::fs::remove_dir_all(&dir).unwrap();
        // Toads and Frogs' strip is a board of one row: toads and frogs as counters.
        let Ok(crate::picture::Picture::Board(strip)) = picture("toads-frogs TT..FF") else {
            panic!("a board's picture");
        };
        let svg = strip.svg().unwrap();
        assert_eq!(svg.matches(r##"fill="#1E3C82""##).count(), 2 * 3, "{svg}"); // 2 toads, 3 boards
        assert!(svg.contains("N: 2 winning moves"));
        // Without a position, a board game still has no picture of its own.
        let e = picture("domineering").err().unwrap();
        assert!(e.contains("thermograph"), "{e}");
    }
}
