//! The shared vocabulary of Cardsmith.
//!
//! Everything here crosses a wire: REST bodies, server-function arguments and results, and the
//! RFC 9457 problem document. The crate compiles to WASM so the browser validates input with the
//! very same rules the server enforces.

pub mod audit;
pub mod backup;
pub mod card;
pub mod card_batch;
pub mod collection;
pub mod cover;
pub mod deletion;
pub mod device;
pub mod drop;
pub mod examples;
pub mod export;
pub mod feed;
#[cfg(feature = "openapi")]
pub mod field_schemas;
pub mod health;
pub mod icons;
pub mod import;
pub mod interactive;
pub mod job;
pub mod label;
pub mod library;
pub mod live;
pub mod llm;
pub mod mail;
pub mod metrics;
pub mod natural;
pub mod oidc;
pub mod player;
pub mod problem;
pub mod publish;
pub mod recording;
pub mod recovery;
pub mod seed;
pub mod states;
pub mod story;
pub mod system;
pub mod titles;
pub mod track;
pub mod track_batch;
pub mod tts;
#[cfg(feature = "openapi")]
pub mod upload;
pub mod user;
pub mod validate;

pub use problem::{FieldError, Problem};
