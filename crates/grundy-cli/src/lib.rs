//! The `grundy` command line: argument parsing and rendering only.

pub mod args;
pub mod picture;
pub mod render;
pub mod web;
