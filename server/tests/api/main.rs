//! Integration tests: the real router on 127.0.0.1, a fresh database and data directory per
//! test, real HTTP with a cookie jar. One binary, one module per area.

mod access;
mod admin_users;
mod audio_fixtures;
mod auth;
mod cards;
mod collection_members;
mod collection_presets;
mod collections;
mod crash;
mod devices;
mod errors;
mod extractors;
mod fidelity;
mod fuzz_regressions;
mod hardening_auth;
mod hardening_http;
mod hardening_import;
mod hardening_media;
mod hardening_player;
mod hardening_recording;
mod helpers;
mod icons;
mod import;
mod jobs;
mod labels;
mod player_accounts;
mod process;
mod publish;
mod recording;
mod seed;
mod system;
mod track_edits;
mod track_metadata;
mod tracks;
mod ui;
