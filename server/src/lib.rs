//! The Cardsmith web server: configuration, REST handlers under `/api`, the OpenAPI document,
//! problem+json errors, sessions, and the Leptos UI wiring.
// Leptos views are deeply nested types; serving them needs more than the default 128.
#![recursion_limit = "256"]

pub mod ai;
pub mod api;
pub mod backup_cli;
pub mod conditional;
pub mod config;
pub mod linger;
pub mod locale;
pub mod media_config;
pub mod messages_file;
pub mod migrate_storage;
pub mod openapi;
pub mod problem;
pub mod request_metrics;
pub mod security_headers;
pub mod session;
pub mod startup;
pub mod state;
pub mod static_files;
pub mod upstream;

pub use config::{Cli, Config};
pub use startup::Application;
