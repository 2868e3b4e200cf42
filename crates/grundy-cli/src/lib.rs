//! The `grundy` command line: argument parsing and rendering only. The games come from the
//! library's registry ([`grundy::registry`]); each command is one module of [`commands`].

pub mod args;
pub mod cli;
pub mod commands;
#[cfg(feature = "serve")]
pub mod harness;
pub mod render;

pub use commands::{run, UserError};
