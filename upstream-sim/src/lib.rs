//! A simulator of the audio-player platform (the Yoto API) that a client cannot tell from the
//! real one on the paths it uses: the auth host (PKCE authorize, rotating single-use refresh
//! tokens), the API host (devices, content, media, family) and storage (pre-signed uploads,
//! expiring signed downloads), all in memory, on one local port.
//!
//! Tests embed it with [`Simulator::start`] and steer it through [`SimHandle`]: seed accounts,
//! players and cards; inject 429s, errors and slow answers; expire tokens and signed URLs;
//! read counters. The `upstream-sim` binary serves the same thing for manual and browser runs,
//! steerable through the private `/__sim` routes.
//!
//! Error answers use the platform's own shapes: `{"error":{"code","message"}}` on the API,
//! `{"error","error_description"}` on the auth host, S3-style XML on storage.

mod admin;
mod audio;
mod broker;
mod caller;
mod cards;
mod config;
mod content;
mod devices;
mod error;
mod family;
mod faults;
mod handle;
mod ids;
mod images;
mod oauth;
pub mod seed;
mod server;
mod state;
mod storage;

pub use broker::{Button, Inserted};
pub use config::SimConfig;
pub use faults::{Fault, FaultKind};
pub use handle::SimHandle;
pub use seed::DeviceSeed;
pub use server::{router, Simulator};
pub use state::{DeviceCommand, Doc, Stats};
