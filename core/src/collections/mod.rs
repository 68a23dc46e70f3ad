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
//! Linking a card into a collection also needs editor in the card's home; the link is
//! recorded with its maker and removed when they stop being an editor there (removed, left,
//! demoted), so revoking access to a collection revokes the copies its cards were linked into.
//!
//! Anybody may leave a collection (remove themselves), except its last owner.

pub mod access;
pub mod invitations;
pub mod links;
pub mod members;
pub mod orphans;
pub mod presets;
pub mod repo;
pub mod service;
