//! Positions as keys: the bytes a tier's files hold for a position and who moves in it.

use super::*;

/// A position with who moves, in bytes: the side (0 impartial, 1 Left, 2 Right), the kind
/// (0 an integer, 1 an array of integers, 2 anything else) and the value (integers as 8 bytes
/// each, big-endian with the sign bit flipped; anything else as its JSON text).
pub(super) type Key = Box<[u8]>;

pub(super) fn side_byte(side: Option<bool>) -> u8 {
    match side {
        None => 0,
        Some(true) => 1,
        Some(false) => 2,
    }
}

pub(super) fn put_int(out: &mut Vec<u8>, n: i64) {
    out.extend_from_slice(&((n as u64) ^ (1 << 63)).to_be_bytes());
}

pub(super) fn get_int(b: &[u8]) -> i64 {
    (u64::from_be_bytes(b.try_into().expect("8 bytes")) ^ (1 << 63)) as i64
}

pub(super) fn key_of(child: &Child, ints: &[i64], side: Option<bool>) -> Key {
    let mut k = vec![side_byte(side)];
    match child {
        Child::Int(n) => {
            k.push(0);
            put_int(&mut k, *n);
        }
        Child::Ints(_) => {
            k.push(1);
            for &n in ints {
                put_int(&mut k, n);
            }
        }
        Child::Other(_, json) => {
            k.push(2);
            k.extend_from_slice(json.as_bytes());
        }
    }
    k.into_boxed_slice()
}

pub(super) fn side_of(key: &[u8]) -> Option<bool> {
    match key[0] {
        1 => Some(true),
        2 => Some(false),
        _ => None,
    }
}

/// The position of `key` for the rules (its integers appended to `ints`).
pub(super) fn arg_of(key: &[u8], own: bool, ints: &mut Vec<i64>) -> Result<Arg, ScriptError> {
    let body = &key[2..];
    Ok(match (key[1], own) {
        (0, true) => Arg::Int(get_int(body)),
        (0, false) => Arg::Rhai(Dynamic::from_int(get_int(body))),
        (1, true) => {
            let at = ints.len();
            ints.extend(body.chunks_exact(8).map(get_int));
            Arg::Ints(at..ints.len())
        }
        (1, false) => Arg::Rhai(Dynamic::from_array(
            body.chunks_exact(8).map(|b| get_int(b).into()).collect(),
        )),
        (_, own) => {
            let text = std::str::from_utf8(body).map_err(|_| damaged_key())?;
            let p: Dynamic = serde_json::from_str(text).map_err(|_| damaged_key())?;
            if own {
                Arg::Other(p)
            } else {
                Arg::Rhai(p)
            }
        }
    })
}

pub(super) fn damaged_key() -> ScriptError {
    ScriptError::Script("a position in the tier files does not read back".into())
}

/// The position of `key` as JSON, as the script wrote it.
pub(super) fn json_of(key: &[u8]) -> serde_json::Value {
    let body = &key[2..];
    match key[1] {
        0 => get_int(body).into(),
        1 => body.chunks_exact(8).map(get_int).collect::<Vec<_>>().into(),
        _ => std::str::from_utf8(body)
            .ok()
            .and_then(|t| serde_json::from_str(t).ok())
            .unwrap_or_default(),
    }
}
