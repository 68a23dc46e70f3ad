//! Collections: shared folders of cards with per-member roles.
//!
//! Role matrix (documented in the OpenAPI descriptions too):
//!
//! | action | viewer | editor | owner |
//! |---|---|---|---|
//! | see the collection, its cards, members, presets, profile, stats, background | yes | yes | yes |
//! | create/edit/delete cards whose home it is; covers; playback | - | yes | yes |
//! | rename, describe, background, presets, profile, link/unlink cards | - | yes | yes |
//! | change the slug, manage members, delete the collection | - | - | yes |
//!
//! Anybody may leave a collection (remove themselves), except its last owner.

pub mod access;
pub mod members;
pub mod presets;
pub mod repo;
pub mod service;
