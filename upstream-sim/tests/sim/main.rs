//! One test binary: the simulator's wire shapes over real HTTP, and the client crate against
//! the simulator. Everything talks to 127.0.0.1 only.

mod client_account;
mod client_link;
mod client_media;
mod client_players;
mod client_resilience;
mod client_tokens;
mod helpers;
mod wire_auth;
mod wire_content;
mod wire_devices;
mod wire_media;
