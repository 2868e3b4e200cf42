//! Who wins a Domineering board too large to value: the bitboard the outcome search runs
//! on, with its safe-move bounds (claims of cells only one player can use, counted in
//! pools as Obsequi counts them, and more exactly where that is sure).

use super::*;

/// What a player is sure of, whatever the opponent does (after N. Bullock's protective and
/// vulnerable areas and safe options, in a form proved here). The structures are disjoint:
/// - `safe` dominoes lie on cells the opponent can never cover;
/// - a protective area (box) is a 2×2 block walled on one side the opponent's way: playing
///   its far half makes the near half a safe domino (two moves), while one domino of the
///   opponent's may spoil it; once claimed it also takes one domino from each of the
///   opponent's two lines through it (they started at the wall). No other box lies beside a
///   box the opponent's way; a vulnerable domino may, on the side away from the wall, and an
///   opponent's domino touching both leaves the box's near half a vulnerable domino with a
///   cell the opponent can no longer cover, beside nothing;
/// - vulnerable dominoes may each be spoiled by an opponent's domino, which touches at most
///   one other structure (it covers two cells): an `alone` one has no other vulnerable domino
///   beside it (a box, perhaps), a `shared` one has;
/// - an option is a safe domino with an empty cell next to it along the player's line that
///   the opponent could cover, outside every structure, nothing of which lies beside it the
///   opponent's way: played one cell along, the safe domino covers that cell too, and each
///   neighbour of it the opponent's way with a wall beyond becomes a cell the opponent can
///   never cover (it lies between the wall and the domino). The opponent takes an option away
///   only by covering its cell, which touches nothing else.
///
/// The player's strategy: answer a move that touches a box by claiming another (boxes are
/// paired off), one that takes an option by playing its partner's safe domino one cell along
/// (options are paired off, the best with the next); otherwise play a vulnerable domino
/// left, a shared one first; otherwise a safe one (along, if it has an option left);
/// otherwise claim a box. Each pair of boxes then gives two moves and one claim, and of `a`
/// alone and `b` shared vulnerable dominoes the player moving second places at least
/// ⌊a/2⌋ + ⌊b/3⌋ + [a odd and b not a multiple of 3]: each move the opponent spoils at most
/// one alone domino, or two shared ones, or a box (and perhaps one vulnerable domino beside
/// it, leaving an alone one), and the player answers; checked against every sequence of such
/// moves for up to 11 boxes and 11 dominoes of each kind (`the_moves_counted_are_sure`).
/// Moving first, the odd box is played at once, or else the vulnerable domino that gains a
/// move, or else the best option. Moving second, the odd box may instead be taken as two
/// shared vulnerable dominoes (its halves: an opponent's domino may touch both, or the far
/// half and one domino beside it), the alone dominoes beside it becoming shared, where that
/// places more (after Obsequi's accounting, which counts an odd protective area as two
/// vulnerable moves).
///
/// The opponent can make no more moves than its lines hold (less the dominoes the claimed
/// areas take), nor more than the cells it can reach: the empty cells less those it can never
/// cover (`proof`) and less those the player's sure moves cover or wall off (`covered`: four
/// a box played, two a vulnerable domino, one for those with a cell the opponent can never
/// cover, which the strategy places last of their kind: the fewest cells the strategy covers
/// whatever the opponent spoils, played out once for every small count of boxes and of
/// dominoes of each kind (`Pools::covered`; as if those were placed first beyond it); each
/// option taken, its cell and the neighbours it walls off, the unpaired one too once the
/// strategy has nothing else left to play, unless the opponent spent a move covering it).
/// Obsequi counts such cells by a formula of each kind alone, which the strategy here does
/// not bear out (it places shared dominoes first). A player sure of `s` moves runs out only
/// after making them all,
/// and every domino of the opponent's lies on two other cells it can reach. A player sure of
/// more moves than the opponent can make moving first wins; moving second, of at least as
/// many.
#[derive(Clone, Copy, Debug)]
pub(super) struct Claims {
    pub(super) safe: u32,
    pub(super) boxes: u32,
    pub(super) alone: u32,
    pub(super) shared: u32,
    /// Vulnerable dominoes with a cell the opponent can never cover.
    pub(super) half: u32,
    /// Alone vulnerable dominoes with a box beside them the opponent's way.
    pub(super) beside_box: u32,
    /// Of the alone vulnerable dominoes, those with a cell the opponent can never cover.
    pub(super) half_alone: u32,
    /// Of those beside a box, those with a cell the opponent can never cover.
    pub(super) half_beside_box: u32,
    /// Cells the opponent can never cover.
    pub(super) proof: u32,
    /// Options by the cells beside them they take from the opponent (none, one, two).
    pub(super) options: [u32; 3],
}

/// What a player is sure of: moves, areas claimed, and cells the opponent could cover that
/// those moves cover.
#[derive(Clone, Copy, Debug)]
pub(super) struct Sure {
    pub(super) moves: u32,
    pub(super) claimed: u32,
    pub(super) covered: u32,
}

/// The vulnerable dominoes a player moving second is sure to place, of `alone` ones (an
/// opponent's domino touching one touches no other) and `shared` ones (one may touch two).
pub(super) fn vulnerable_moves(alone: u32, shared: u32) -> u32 {
    alone / 2 + shared / 3 + u32::from(alone % 2 == 1 && shared % 3 != 0)
}

impl Claims {
    /// The most moves an opponent with `lines` dominoes along its lines can make against
    /// `sure` on a board of `empty` cells.
    pub(super) fn most_against(self, sure: Sure, lines: u32, empty: u32) -> u32 {
        let by_lines = lines.saturating_sub(2 * sure.claimed);
        let by_cells = empty.saturating_sub(self.proof + sure.covered) / 2;
        by_lines.min(by_cells)
    }

    /// What the player is sure of, moving `first` or not.
    pub(super) fn sure(self, first: bool) -> Sure {
        let (pairs, odd) = (self.boxes / 2, self.boxes % 2 == 1);
        let (a, b) = (self.alone, self.shared);
        // The pools as the strategy meets them (moving second): boxes, and the alone and
        // shared vulnerable dominoes without and with a cell the opponent can never cover.
        let (ha, hb) = (self.half_alone, self.half - self.half_alone);
        let mut after = Pools {
            boxes: self.boxes,
            alone: [a - ha, ha],
            shared: [b - hb, hb],
            option: 0,
        };
        let mut boxes_played = pairs;
        let mut claimed = pairs;
        let mut vulnerable = vulnerable_moves(a, b);
        // Cells the opponent could cover that the strategy covers before it meets `after`.
        let mut before = 0;
        let mut option_first = false;
        if !first && odd {
            let (k, kh) = (self.beside_box, self.half_beside_box);
            let converted = vulnerable_moves(a - k, b + k + 2);
            if converted > vulnerable {
                vulnerable = converted;
                after = Pools {
                    boxes: self.boxes - 1,
                    alone: [a - ha - (k - kh), ha - kh],
                    shared: [b - hb + (k - kh) + 2, hb + kh],
                    option: 0,
                };
            }
        }
        if first {
            if odd {
                boxes_played += 1;
                claimed += 1;
                after.boxes -= 1;
                before = 4;
            } else {
                let one_alone = if a > 0 {
                    1 + vulnerable_moves(a - 1, b)
                } else {
                    0
                };
                let one_shared = if b > 0 {
                    1 + vulnerable_moves(a, b - 1)
                } else {
                    0
                };
                let best = vulnerable.max(one_alone).max(one_shared);
                option_first = best == vulnerable;
                if !option_first {
                    // One vulnerable domino placed at once: one with both cells the
                    // opponent's to cover, where there is one.
                    let pool = if best == one_shared {
                        &mut after.shared
                    } else {
                        &mut after.alone
                    };
                    let whole = usize::from(pool[0] == 0);
                    pool[whole] -= 1;
                    before = 2 - whole as u32;
                }
                vulnerable = best;
            }
        }
        // Options paired off, the best with the next: of each pair one is taken; moving
        // first with nothing better to do, the best is taken at once.
        // The last option has no partner when it is not taken, and it is taken once the
        // strategy has nothing else to play.
        let mut taken = 0;
        let mut i = 0;
        for gained in (0..3).rev() {
            for _ in 0..self.options[gained] {
                let take = (i % 2 == 1) != option_first;
                if take {
                    taken += 1 + gained as u32;
                }
                after.option = if take { 0 } else { 1 + gained as u32 };
                i += 1;
            }
        }
        // The cells placed, counted as if every domino with a cell the opponent can never
        // cover were placed, or as the strategy is sure to place them where the table knows.
        let placed = 4 * boxes_played + 2 * vulnerable - vulnerable.min(self.half);
        Sure {
            moves: self.safe + 2 * boxes_played + vulnerable,
            claimed,
            covered: after.covered().map_or(placed, |c| placed.max(before + c)) + taken,
        }
    }
}

/// The structures a player moving second is sure of, as the strategy of [`Claims`] meets
/// them: boxes, alone and shared vulnerable dominoes, each without and with a cell the
/// opponent can never cover (`[whole, half]`), and the option left unpaired, if any.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pools {
    pub(super) boxes: u32,
    pub(super) alone: [u32; 2],
    pub(super) shared: [u32; 2],
    /// The cells the unpaired option covers when taken (its own and the neighbours it
    /// walls off: one to three), or 0 without one.
    pub(super) option: u32,
}

/// The sizes of the table of [`Pools::covered`]: boxes, alone whole (with room for those
/// spoilt boxes leave), alone half, shared whole, shared half, the unpaired option.
pub(super) const POOLS: [usize; 6] = [6, 20, 8, 16, 8, 4];

impl Pools {
    /// The fewest cells the opponent could cover that the strategy of [`Claims`] covers,
    /// whatever the opponent spoils each move: a box claimed covers four, a vulnerable
    /// domino two, or one if it has a cell the opponent can never cover (the strategy places
    /// those last of their kind); once nothing else is left, the unpaired option is taken
    /// (unless the opponent covered its cell, a move that spoils nothing else). `None` for
    /// pools larger than the table.
    pub(super) fn covered(self) -> Option<u32> {
        let at = self.at();
        // The alone whole dominoes with room for one from each box.
        let fits = at.iter().zip(POOLS).all(|(&n, most)| (n as usize) < most)
            && ((at[0] + at[1]) as usize) < POOLS[1];
        if !fits {
            return None;
        }
        static TABLE: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
        let table = TABLE.get_or_init(|| {
            let mut table = vec![u8::MAX; POOLS.iter().product()];
            for c in 0..POOLS[0] as u32 {
                for a0 in 0..POOLS[1] as u32 - c {
                    for a1 in 0..POOLS[2] as u32 {
                        for b0 in 0..POOLS[3] as u32 {
                            for b1 in 0..POOLS[4] as u32 {
                                for o in 0..POOLS[5] as u32 {
                                    Pools::new([c, a0, a1, b0, b1, o]).fewest(&mut table);
                                }
                            }
                        }
                    }
                }
            }
            table
        });
        Some(u32::from(table[Self::index(at)]))
    }

    pub(super) fn new([boxes, a0, a1, b0, b1, option]: [u32; 6]) -> Pools {
        Pools {
            boxes,
            alone: [a0, a1],
            shared: [b0, b1],
            option,
        }
    }

    pub(super) fn at(self) -> [u32; 6] {
        let ([a0, a1], [b0, b1]) = (self.alone, self.shared);
        [self.boxes, a0, a1, b0, b1, self.option]
    }

    pub(super) fn index(at: [u32; 6]) -> usize {
        at.iter()
            .zip(POOLS)
            .fold(0, |i, (&n, most)| i * most + n as usize)
    }

    /// [`Pools::covered`], computed from the smaller pools into `table`.
    pub(super) fn fewest(self, table: &mut [u8]) -> u32 {
        let at = self.at();
        let [c, a0, a1, b0, b1, o] = at;
        let i = Self::index(at);
        if table[i] != u8::MAX {
            return u32::from(table[i]);
        }
        // With nothing but the option left, the opponent covers its cell first.
        if c + a0 + a1 + b0 + b1 == 0 {
            table[i] = 0;
            return 0;
        }
        // What the opponent may spoil in one move: a box or not, alone and shared
        // dominoes, whole and half, or the option's cell (the last). A box spoilt with a vulnerable
        // domino beside it leaves the box's near half an alone domino (both its cells the
        // opponent's to cover when counted); with an alone whole one, the counts are those
        // of the box alone.
        const SPOILS: [[u32; 6]; 13] = [
            [0, 0, 0, 0, 0, 0],
            [0, 1, 0, 0, 0, 0],
            [0, 0, 1, 0, 0, 0],
            [0, 0, 0, 1, 0, 0],
            [0, 0, 0, 0, 1, 0],
            [0, 0, 0, 2, 0, 0],
            [0, 0, 0, 1, 1, 0],
            [0, 0, 0, 0, 2, 0],
            [1, 0, 0, 0, 0, 0],
            [1, 0, 1, 0, 0, 0],
            [1, 0, 0, 1, 0, 0],
            [1, 0, 0, 0, 1, 0],
            [0, 0, 0, 0, 0, 1],
        ];
        let mut fewest = u32::MAX;
        for [hit, x0, x1, y0, y1, z] in SPOILS {
            if hit > c || x0 > a0 || x1 > a1 || y0 > b0 || y1 > b1 || z > u32::from(o > 0) {
                continue;
            }
            let near = u32::from(hit == 1 && x1 + y0 + y1 > 0);
            let (c, a0, a1, b0, b1, o) = (
                c - hit,
                a0 - x0 + near,
                a1 - x1,
                b0 - y0,
                b1 - y1,
                o * (1 - z),
            );
            // The answer: another box for a box hit; else a shared domino, an alone one
            // (whole ones first), a box, the option.
            let (cells, next) = if hit == 1 && c > 0 {
                (4, [c - 1, a0, a1, b0, b1, o])
            } else if b0 > 0 {
                (2, [c, a0, a1, b0 - 1, b1, o])
            } else if b1 > 0 {
                (1, [c, a0, a1, b0, b1 - 1, o])
            } else if a0 > 0 {
                (2, [c, a0 - 1, a1, b0, b1, o])
            } else if a1 > 0 {
                (1, [c, a0, a1 - 1, b0, b1, o])
            } else if c > 0 {
                (4, [c - 1, a0, a1, b0, b1, o])
            } else {
                (o, [0; 6])
            };
            fewest = fewest.min(cells + Pools::new(next).fewest(table));
        }
        table[i] = fewest.min(254) as u8;
        fewest
    }
}

/// Each player's safe dominoes and the most dominoes each could place.
pub(super) struct Counts {
    pub(super) safe_left: u32,
    pub(super) most_left: u32,
    pub(super) safe_right: u32,
    pub(super) most_right: u32,
}

/// Domineering on one board as an outcome search sees it: the empty cells, one bit each.
#[derive(Clone, Debug)]
pub struct Bitboard<C = u64> {
    pub(super) w: u32,
    pub(super) h: u32,
    pub(super) not_first: C,
    pub(super) not_last: C,
    pub(super) first: C,
    pub(super) all: C,
    pub(super) row: C,
    /// The cells of each row, and of each column: the lines a packing goes through.
    pub(super) rows: Vec<C>,
    pub(super) columns: Vec<C>,
    /// Each row's cells mirrored, for boards at most 16 wide.
    pub(super) reversed: Vec<u64>,
    /// For boards at most 16 wide and 16 high, the most dominoes along a line by its bits
    /// (see [`Runs`]), so that the ordering of the moves updates the lines a move touches
    /// instead of recounting the board.
    pub(super) runs: Option<Box<Runs>>,
}

/// Σ⌊run/2⌋ over the runs of the bits of a line of up to 16 cells (the most dominoes along
/// it), by its bits.
pub(super) type Runs = [u8; 1 << 16];

/// The rows or the columns of a board as lines of bits, with the most dominoes along each
/// (`most`) and along its cells that no domino across it can cover (`safe`: cells whose two
/// neighbouring lines are filled there), and their sums. Line i is at index i + 1; indices 0
/// and n + 1 are empty lines beyond the board's sides.
pub(super) struct Lines {
    pub(super) n: usize,
    pub(super) bits: [u32; 18],
    pub(super) most: [u8; 18],
    pub(super) safe: [u8; 18],
    pub(super) total_most: u32,
    pub(super) total_safe: u32,
}

impl Lines {
    pub(super) fn new(n: usize, bits: [u32; 18], runs: &Runs) -> Lines {
        let mut lines = Lines {
            n,
            bits,
            most: [0; 18],
            safe: [0; 18],
            total_most: 0,
            total_safe: 0,
        };
        for k in 1..=n {
            lines.most[k] = runs[bits[k] as u16 as usize];
            lines.safe[k] = runs[(bits[k] & !bits[k - 1] & !bits[k + 1]) as u16 as usize];
            lines.total_most += u32::from(lines.most[k]);
            lines.total_safe += u32::from(lines.safe[k]);
        }
        lines
    }

    /// The most and the safe dominoes along the lines once line `i` holds `first` and, if
    /// `second` is given, line i + 1 holds it.
    pub(super) fn after(
        &self,
        runs: &Runs,
        i: usize,
        first: u32,
        second: Option<u32>,
    ) -> (u32, u32) {
        let mut bits = self.bits;
        let k = i + 1;
        bits[k] = first;
        let mut most =
            self.total_most - u32::from(self.most[k]) + u32::from(runs[first as u16 as usize]);
        let last = match second {
            Some(b) => {
                bits[k + 1] = b;
                most = most - u32::from(self.most[k + 1]) + u32::from(runs[b as u16 as usize]);
                k + 2
            }
            None => k + 1,
        };
        let mut safe = self.total_safe;
        for j in k.max(2) - 1..=last.min(self.n) {
            let cells = bits[j] & !bits[j - 1] & !bits[j + 1];
            safe = safe - u32::from(self.safe[j]) + u32::from(runs[cells as u16 as usize]);
        }
        (most, safe)
    }
}

impl<C: Cells> Bitboard<C> {
    /// The board of `grid`'s size.
    pub fn new(grid: Grid) -> Self {
        let (w, h) = (u32::from(grid.w), u32::from(grid.h));
        let all: C = grid.all();
        let first: C = grid.column(0);
        let reversed = grid.mirror_table();
        Bitboard {
            w,
            h,
            not_first: all & !first,
            not_last: all & !grid.column::<C>(grid.w - 1),
            first,
            all,
            row: grid.row(),
            rows: (0..h).map(|r| shl(grid.row(), r * w)).collect(),
            columns: (0..grid.w).map(|c| grid.column(c)).collect(),
            reversed,
            runs: (w <= 16 && h <= 16).then(|| {
                let mut runs = Box::new([0u8; 1 << 16]);
                for (bits, count) in runs.iter_mut().enumerate() {
                    let (mut pairs, mut open) = (0, false);
                    for i in 0..16 {
                        if bits >> i & 1 == 0 {
                            open = false;
                        } else {
                            pairs += u8::from(open);
                            open = !open;
                        }
                    }
                    *count = pairs;
                }
                runs
            }),
        }
    }

    /// The rows and the columns of `p` as lines, for boards with a table of runs.
    pub(super) fn lines(&self, p: C, runs: &Runs) -> (Lines, Lines) {
        let (mut rows, mut cols) = ([0u32; 18], [0u32; 18]);
        for r in 0..self.h as usize {
            let row = (shr(p, r as u32 * self.w) & self.row).wide() as u32;
            rows[r + 1] = row;
            let mut rest = row;
            while rest != 0 {
                cols[rest.trailing_zeros() as usize + 1] |= 1 << r;
                rest &= rest - 1;
            }
        }
        (
            Lines::new(self.h as usize, rows, runs),
            Lines::new(self.w as usize, cols, runs),
        )
    }

    /// [`Bitboard::counts`] of the board left by the move whose top (Left) or left (Right)
    /// cell is `cell`, from the lines of the board before it.
    pub(super) fn counts_after(
        &self,
        runs: &Runs,
        rows: &Lines,
        cols: &Lines,
        cell: u32,
        left: bool,
    ) -> Counts {
        let (r, c) = ((cell / self.w) as usize, (cell % self.w) as usize);
        let ((most_left, safe_left), (most_right, safe_right)) = if left {
            let (in_col, in_row) = (!(3u32 << r), !(1u32 << c));
            (
                cols.after(runs, c, cols.bits[c + 1] & in_col, None),
                rows.after(
                    runs,
                    r,
                    rows.bits[r + 1] & in_row,
                    Some(rows.bits[r + 2] & in_row),
                ),
            )
        } else {
            let (in_row, in_col) = (!(3u32 << c), !(1u32 << r));
            (
                cols.after(
                    runs,
                    c,
                    cols.bits[c + 1] & in_col,
                    Some(cols.bits[c + 2] & in_col),
                ),
                rows.after(runs, r, rows.bits[r + 1] & in_row, None),
            )
        };
        Counts {
            safe_left,
            most_left,
            safe_right,
            most_right,
        }
    }

    /// Top cells of Left's (upright) dominoes that fit.
    pub(super) fn vertical(&self, p: C) -> C {
        p & shr(p, self.w)
    }

    /// Left cells of Right's (flat) dominoes that fit.
    pub(super) fn horizontal(&self, p: C) -> C {
        p & (p >> 1) & self.not_last
    }

    /// The most disjoint upright dominoes in `cells`: half of each column's runs, rounded
    /// down (a cell pairs with an unpaired one above it).
    pub(super) fn upright(&self, cells: C) -> u32 {
        let (mut count, mut open) = (0, C::ZERO);
        for r in 0..self.h {
            let row = shr(cells, r * self.w) & self.row;
            let paired = open & row;
            count += paired.count_ones();
            open = row & !paired;
        }
        count
    }

    /// The most disjoint flat dominoes in `cells`: half of each row's runs, rounded down.
    pub(super) fn flat(&self, cells: C) -> u32 {
        let (mut count, mut open) = (0, C::ZERO);
        for c in 0..self.w {
            let col = (cells >> c) & self.first;
            let paired = open & col;
            count += paired.count_ones();
            open = col & !paired;
        }
        count
    }

    /// The cells next to `cells` the opponent's way (beside them for Left's opponent, above
    /// and below for Right's): where an opponent's domino touching `cells` may lie.
    pub(super) fn across(&self, cells: C, left: bool) -> C {
        self.beside(cells, left, false) | self.beside(cells, left, true)
    }

    /// The cells next to `cells` the opponent's way on one side: `after` them (right of them
    /// for Left's opponent, below them for Right's) or before them.
    pub(super) fn beside(&self, cells: C, left: bool, after: bool) -> C {
        match (left, after) {
            (true, true) => (cells & self.not_last) << 1,
            (true, false) => (cells & self.not_first) >> 1,
            (false, true) => shl(cells, self.w) & self.all,
            (false, false) => shr(cells, self.w),
        }
    }

    /// What `left` (or Right) is sure of on `p`, whatever the opponent does: safe dominoes,
    /// protective areas and vulnerable dominoes, packed greedily (see [`Claims`]).
    pub(super) fn claims(&self, p: C, left: bool) -> Claims {
        let w = self.w;
        let step = if left { w } else { 1 };
        let anchors = if left {
            self.vertical(p)
        } else {
            self.horizontal(p)
        };
        // Cells the opponent can never cover, and the safe dominoes packed in them.
        let proof = p & !self.across(p, left);
        let safe_heads = self.pack(anchors & proof & shr(proof, step), left);
        let safe = safe_heads.count_ones();
        let used = safe_heads | shl(safe_heads, step);
        // Protective areas: 2×2 blocks of empty cells walled on one side the opponent's way.
        // `blocked`: the cells used, and those beside a structure the opponent's way (an
        // opponent's domino there would touch it), kept as structures are added (`across`
        // distributes over unions).
        let side = if left { 1 } else { w };
        let pairs = if left {
            self.horizontal(p)
        } else {
            self.vertical(p)
        };
        // The blocks (by their first cell) walled the opponent's way before or after them:
        // the board's edge or filled cells beside both cells of the block's near half.
        // `before`: the cells with an empty cell just before them; `after`: those with one
        // two cells after them (beyond the block's far half).
        let before = self.beside(p, left, true);
        let after = self.beside(self.beside(p, left, false), left, false);
        let walled = !(before | shr(before, step)) | !(after | shr(after, step));
        let mut blocks = anchors & pairs & shr(anchors, side) & walled;
        let mut blocked = used;
        let (mut boxes, mut box_cells) = (0, C::ZERO);
        while blocks != C::ZERO {
            let a = blocks & blocks.wrapping_neg();
            blocks &= blocks - C::ONE;
            let cells = a | shl(a, side) | shl(a, step) | shl(a, side + step);
            if cells & blocked == C::ZERO {
                blocked |= cells | self.across(cells, left);
                box_cells |= cells;
                boxes += 1;
            }
        }
        // Vulnerable dominoes: the rest, packed as tightly as they fit (the lowest first);
        // one beside no other vulnerable domino is `alone`, the others are `shared`.
        let taken = used | box_cells;
        let heads = self.pack(anchors & !taken & !shr(taken, step), left);
        let packed = heads | shl(heads, step);
        // The packed cells with another packed cell beside them the opponent's way (never
        // one of their own domino's).
        let touching = self.across(packed, left) & packed;
        let shared = (heads & (touching | shr(touching, step))).count_ones();
        let alone = heads.count_ones() - shared;
        let near_box = self.across(box_cells, left);
        let alone_heads = heads & !(touching | shr(touching, step));
        let half_heads = heads & (proof | shr(proof, step));
        let by_box = alone_heads & (near_box | shr(near_box, step));
        let beside_box = by_box.count_ones();
        let half_beside_box = (by_box & half_heads).count_ones();
        let half_alone = (alone_heads & half_heads).count_ones();
        let half = half_heads.count_ones();
        // Options: a safe domino may be played one cell along, onto an empty cell next to it
        // that the opponent could cover (and that touches no structure, nor the opponent's
        // way any structure or other option); the player then covers that cell, and its
        // neighbours the opponent's way that have a wall beyond become the player's too.
        let mut options = [0u32; 3];
        let mut ys = C::ZERO;
        let mut heads = safe_heads;
        while heads != C::ZERO {
            let a = heads & heads.wrapping_neg();
            heads &= heads - C::ONE;
            let ends = if left {
                [shr(a, w), shl(a, 2 * w) & self.all]
            } else {
                [(a & self.not_first) >> 1, ((a << 1) & self.not_last) << 1]
            };
            for y in ends {
                if y & p == C::ZERO || y & (proof | blocked | packed | ys) != C::ZERO {
                    continue;
                }
                if self.across(y, left) & (blocked | packed | ys) != C::ZERO {
                    continue;
                }
                ys |= y;
                // A neighbour on each side: empty, with a wall beyond it.
                let gained = [false, true]
                    .into_iter()
                    .filter(|&after| {
                        let n = self.beside(y, left, after);
                        n & p != C::ZERO && self.beside(n, left, after) & p == C::ZERO
                    })
                    .count();
                options[gained] += 1;
                break;
            }
        }
        Claims {
            safe,
            boxes,
            alone,
            shared,
            half,
            beside_box,
            half_alone,
            half_beside_box,
            proof: proof.count_ones(),
            options,
        }
    }

    /// The first cells of disjoint dominoes of `left` (or Right) placed greedily, the lowest
    /// first, among the first cells `anchors`: line by line across the player's direction,
    /// a domino fits unless the one before it along its line covers its first cell.
    pub(super) fn pack(&self, anchors: C, left: bool) -> C {
        let mut heads = C::ZERO;
        if left {
            for &row in &self.rows {
                heads |= anchors & row & !shl(heads, self.w);
            }
        } else {
            for &column in &self.columns {
                heads |= anchors & column & !(heads << 1);
            }
        }
        heads
    }

    /// How well placed a domino with its first cell at `cell` is, when nothing else tells
    /// moves apart: one cell in from a side it runs along (the cells it leaves between it
    /// and the side are the player's own: the opponent cannot fit there) and in step with
    /// the ends it runs towards, near the sides first (Bullock's positional values).
    pub(super) fn place(&self, cell: u32, left: bool) -> i32 {
        let (r, c) = (cell / self.w, cell % self.w);
        let (across, along, width, length) = if left {
            (c, r, self.w, self.h)
        } else {
            (r, c, self.h, self.w)
        };
        let across = across.min(width - 1 - across);
        let along = along.min(length - 2 - along);
        let tier = 2 * i32::from(across % 2 == 1) + i32::from(along % 2 == 0);
        tier * 16 - (across + along).min(15) as i32
    }

    /// Each player's safe dominoes (on cells the opponent can never cover) and most dominoes
    /// on `p`, which order the moves.
    pub(super) fn counts(&self, p: C) -> Counts {
        Counts {
            safe_left: self.upright(p & !self.across(p, true)),
            most_left: self.upright(p),
            safe_right: self.flat(p & !self.across(p, false)),
            most_right: self.flat(p),
        }
    }

    /// The board mirrored left–right, top–bottom and both: the least of the four (they are
    /// worth the same, the players keeping their roles).
    pub fn normal(&self, p: C) -> C {
        let w = self.w;
        let (mut tb, mut lr, mut both) = (C::ZERO, C::ZERO, C::ZERO);
        for r in 0..self.h {
            let row = shr(p, r * w) & self.row;
            let rev = match self.reversed.get(row.wide() as usize) {
                Some(&x) => C::from_wide(x.into()),
                None => row.reverse_bits() >> (C::BITS - w),
            };
            let down = (self.h - 1 - r) * w;
            tb |= row << down;
            lr |= rev << (r * w);
            both |= rev << down;
        }
        p.min(tb).min(lr).min(both)
    }
}

impl<C: Cells> Partizan for Bitboard<C> {
    type Pos = C;
    type Key = C::Key;

    fn moves(&self, p: C, left: bool, out: &mut Vec<(i32, C)>) {
        let mine = if left {
            self.vertical(p)
        } else {
            self.horizontal(p)
        };
        let step = if left { self.w } else { 1 };
        out.reserve(mine.count_ones() as usize);
        let lines = self.runs.as_deref().map(|runs| (runs, self.lines(p, runs)));
        let mut rest = mine;
        while rest != C::ZERO {
            let a = rest & rest.wrapping_neg();
            rest &= rest - C::ONE;
            let q = p & !(a | shl(a, step));
            // What the move leaves each player: dominoes that fit side by side, and safe
            // ones (Bullock's ordering: my moves and safe moves gained, the opponent's lost).
            let c = match &lines {
                Some((runs, (rows, cols))) => {
                    self.counts_after(runs, rows, cols, a.trailing_zeros(), left)
                }
                None => self.counts(q),
            };
            let score = if left {
                (c.most_left + c.safe_left) as i32 - (c.most_right + c.safe_right) as i32
            } else {
                (c.most_right + c.safe_right) as i32 - (c.most_left + c.safe_left) as i32
            };
            let place = self.place(a.trailing_zeros(), left);
            out.push((score * 64 + place, q));
        }
    }

    fn key(&self, p: C) -> C::Key {
        self.normal(p).key()
    }

    fn decided(&self, p: C, left: bool) -> Option<bool> {
        let (mine, theirs) = if left {
            (self.vertical(p), self.horizontal(p))
        } else {
            (self.horizontal(p), self.vertical(p))
        };
        if mine == C::ZERO {
            Some(false)
        } else if theirs == C::ZERO {
            Some(true)
        } else {
            None
        }
    }

    fn bound(&self, p: C, left: bool) -> Option<bool> {
        // What each player is sure of against the most dominoes the other could place.
        let (most_mine, most_theirs) = if left {
            (self.upright(p), self.flat(p))
        } else {
            (self.flat(p), self.upright(p))
        };
        let empty = p.count_ones();
        let claims = self.claims(p, left);
        let sure = claims.sure(true);
        if sure.moves > claims.most_against(sure, most_theirs, empty) {
            return Some(true);
        }
        let claims = self.claims(p, !left);
        let sure = claims.sure(false);
        if sure.moves >= claims.most_against(sure, most_mine, empty) {
            return Some(false);
        }
        None
    }

    fn size(&self, p: C) -> u32 {
        p.count_ones()
    }

    fn line(&self) -> Option<String> {
        // Left places upright dominoes: a key is a set of empty cells of this board.
        Some(format!("domineering {}x{}", self.h, self.w))
    }
}
