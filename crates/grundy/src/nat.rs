//! Natural numbers of any size, and the notation helpers that read them.

use crate::GameError;
use num_bigint::BigUint;
use num_traits::ToPrimitive;

/// A natural number of any size.
pub type Nat = BigUint;

/// Reads a whole number ≥ 0 written in decimal; `what` names the argument in the error.
///
/// ```
/// use grundy::nat::parse_nat;
/// assert_eq!(parse_nat("42", "heap").unwrap(), 42u32.into());
/// assert!(parse_nat("-3", "heap").unwrap_err().to_string().contains("negative"));
/// ```
pub fn parse_nat(arg: &str, what: &str) -> Result<Nat, GameError> {
    parse_whole(arg, what, 0)
}

/// [`parse_nat`], its errors naming `least` as the smallest number allowed (the caller
/// refuses numbers below it with its own reason).
fn parse_whole(arg: &str, what: &str, least: u8) -> Result<Nat, GameError> {
    let s = arg.trim();
    let digits = s.strip_prefix('+').unwrap_or(s);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(digits.parse::<Nat>().expect("decimal digits always parse"));
    }
    let (what, text) = (what.to_string(), arg.to_string());
    if s.starts_with('-') && s[1..].bytes().all(|b| b.is_ascii_digit()) && s.len() > 1 {
        return Err(GameError::Negative { what, text, least });
    }
    Err(GameError::NotANumber { what, text, least })
}

/// Reads a whole number that must fit a `u64` (sizes of computed tables and the like).
pub fn parse_u64(arg: &str, what: &str) -> Result<u64, GameError> {
    fits_u64(parse_nat(arg, what)?, arg, what)
}

/// Reads a bound such as a sequence's `--to`: a whole number that fits a `u64`, in decimal
/// or as a power `B^E` (`2^20`), the way the sizes of such runs are usually given.
///
/// ```
/// use grundy::nat::parse_bound;
/// assert_eq!(parse_bound("2^20", "--to").unwrap(), 1 << 20);
/// assert_eq!(parse_bound("65536", "--to").unwrap(), 65536);
/// assert_eq!(parse_bound("10^0", "--to").unwrap(), 1);
/// assert!(parse_bound("2^64", "--to").unwrap_err().to_string().contains("too large"));
/// assert!(parse_bound("2^4000000000", "--to").unwrap_err().to_string().contains("too large"));
/// assert_eq!(parse_bound("1^4000000000", "--to").unwrap(), 1);
/// assert!(parse_bound("2^x", "--to").is_err());
/// assert!(parse_bound("-2^3", "--to").is_err());
/// ```
pub fn parse_bound(arg: &str, what: &str) -> Result<u64, GameError> {
    let Some((base, exponent)) = arg.trim().split_once('^') else {
        return parse_u64(arg, what);
    };
    let not_a_number = || GameError::NotANumber {
        what: what.to_string(),
        text: arg.to_string(),
        least: 0,
    };
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if !digits(base.trim()) || !digits(exponent.trim()) {
        return Err(not_a_number());
    }
    let exponent = exponent.trim().parse::<u32>().map_err(|_| not_a_number())?;
    if exponent == 0 {
        return Ok(1);
    }
    // In a word, not as a big number: 2^4000000000 is refused at once, not after building
    // half a gigabyte of it (a base past a word is past it to any power but 0).
    let base = fits_u64(parse_nat(base, what)?, arg, what)?;
    base.checked_pow(exponent).ok_or_else(|| too_big(arg, what))
}

fn fits_u64(n: Nat, arg: &str, what: &str) -> Result<u64, GameError> {
    n.to_u64().ok_or_else(|| too_big(arg, what))
}

/// `arg` (for `what`) is past a `u64`.
fn too_big(arg: &str, what: &str) -> GameError {
    GameError::TooBig {
        what: what.to_string(),
        text: arg.to_string(),
        max: u64::MAX,
    }
}

/// Reads a comma-separated set of positive whole numbers such as `1,3,4`, sorted and deduplicated.
///
/// ```
/// use grundy::nat::parse_set;
/// assert_eq!(parse_set("4,1,3,1", "subtraction set").unwrap(), vec![1, 3, 4]);
/// assert!(parse_set("1,0", "subtraction set").is_err());
/// let e = parse_set("1,x", "subtraction set").unwrap_err().to_string();
/// assert!(e.contains("'x' is not a whole number ≥ 1"), "{e}");
/// ```
pub fn parse_set(arg: &str, what: &str) -> Result<Vec<u64>, GameError> {
    if arg.trim().is_empty() {
        return Err(GameError::EmptySet {
            what: what.to_string(),
        });
    }
    let mut set = Vec::new();
    for part in arg.split(',') {
        let element = format!("{what} element");
        let n = fits_u64(parse_whole(part, &element, 1)?, part, &element)?;
        if n == 0 {
            return Err(GameError::ZeroInSet {
                what: what.to_string(),
                text: arg.to_string(),
            });
        }
        set.push(n);
    }
    set.sort_unstable();
    set.dedup();
    Ok(set)
}

/// `n` as a `usize` if it fits.
pub fn small(n: &Nat) -> Option<usize> {
    n.to_usize()
}

/// Integer square root: the largest `r` with `r² ≤ n`, exact at any size.
///
/// By doubling precision: the root of the top half of `n`'s bits, shifted, is within a
/// relative 2^(−bits/4) of the root, and one Newton step from there lands within 1 of it; so
/// the work is about two divisions at full size (num-bigint's own `sqrt` iterates Newton at
/// full size from a rough start, which took 60 ms at 2·10⁵ digits against 4 ms here).
///
/// ```
/// use grundy::nat::isqrt;
/// use grundy::Nat;
/// let n: Nat = "152415787532388367504942236884722755800955129".parse().unwrap();
/// assert_eq!(isqrt(&n).to_string(), "12345678901234567890123");
/// assert_eq!(isqrt(&(n - 1u32)).to_string(), "12345678901234567890122");
/// ```
pub fn isqrt(n: &Nat) -> Nat {
    if n.bits() <= 128 {
        return n.sqrt();
    }
    let k = n.bits() / 4;
    let below = isqrt(&(n >> (2 * k))) << k; // ≤ √n, and within 2^k·2 of it
    let mut r = (&below + n / &below) >> 1u32; // within 1 of √n
    while &r * &r > *n {
        r -= 1u32;
    }
    while (&r + 1u32) * (&r + 1u32) <= *n {
        r += 1u32;
    }
    r
}

/// `n` with `word`, plural unless n is 1: `1 argument`, `3 arguments`.
///
/// ```
/// assert_eq!(grundy::nat::count(1, "move"), "1 move");
/// assert_eq!(grundy::nat::count(0, "move"), "0 moves");
/// ```
pub fn count(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// Writes numbers separated by spaces.
pub fn join<T: std::fmt::Display>(items: &[T]) -> String {
    items
        .iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn isqrt_is_exact_near_squares() {
        for k in 0u64..2000 {
            let sq = Nat::from(k * k);
            assert_eq!(isqrt(&sq), Nat::from(k));
            if k > 0 {
                assert_eq!(isqrt(&(sq - 1u32)), Nat::from(k - 1));
            }
        }
        let big: Nat = "123456789012345678901234567890".parse().unwrap();
        let r = isqrt(&(&big * &big + 5u32));
        assert_eq!(r, big);
        // Around squares of every size from one word to hundreds, and the numbers between.
        let mut x = Nat::from(3u32);
        for step in 0..200u32 {
            x = &x * 7u32 + step;
            let sq = &x * &x;
            assert_eq!(isqrt(&sq), x);
            assert_eq!(isqrt(&(&sq - 1u32)), &x - 1u32);
            assert_eq!(isqrt(&(&sq + &x * 2u32)), x);
            assert_eq!(isqrt(&(&sq + &x * 2u32 + 1u32)), &x + 1u32);
            let mid = &sq + &x;
            assert_eq!(isqrt(&mid), mid.sqrt(), "{mid}");
        }
    }

    #[test]
    fn parse_rejects_garbage_with_the_argument_named() {
        assert_eq!(
            parse_nat("x7", "heap").unwrap_err().to_string(),
            "heap 'x7' is not a whole number ≥ 0"
        );
        assert!(parse_nat("", "heap").is_err());
        assert!(parse_nat("-", "heap").is_err());
        assert!(parse_nat("1.5", "heap").is_err());
        assert_eq!(parse_nat("+7", "heap").unwrap(), Nat::from(7u32));
        assert!(parse_set("", "set").is_err());
        assert!(parse_set("1,,2", "set").is_err());
    }
}
