//! The `grundy` command line: argument parsing and rendering only.

pub mod args;
pub mod render;
