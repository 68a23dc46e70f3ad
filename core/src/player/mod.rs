//! The player platform from Cardsmith's side: linked accounts and their tokens.
//!
//! The platform client (`cardsmith-upstream`) knows nothing of Cardsmith; this module gives it
//! a durable, encrypted token store (`store`) and turns linking into use cases with our rules
//! (`accounts`): the OAuth state and PKCE verifier are bound to the session that started the
//! flow, single use and expiring; tokens are sealed at rest and never sent to a browser.

pub mod accounts;
pub mod devices;
mod document;
pub mod fetch;
pub mod handoff;
pub mod import;
mod origin;
pub mod publish;
pub mod publish_job;
mod repo;
pub mod rotate;
pub mod seed;
pub mod store;
pub mod verify;

use std::sync::Arc;

use cardsmith_upstream::UpstreamClient;

use crate::{Core, CoreError, CoreResult};

/// Where to get a client id when none is configured (the UI shows this too).
pub const CLIENT_ID_HELP: &str = "linking needs an OAuth client id: register an application in \
    the player platform's developer dashboard with the callback URL \
    <base URL>/api/player-accounts/callback, then set CARDSMITH_UPSTREAM_CLIENT_ID (or start \
    with --demo-upstream to try everything against the built-in simulator)";

/// The configured platform client, or a 409 explaining how to configure one.
pub fn client(core: &Core) -> CoreResult<Arc<UpstreamClient>> {
    core.upstream
        .clone()
        .ok_or_else(|| CoreError::Conflict(CLIENT_ID_HELP.to_owned()))
}
