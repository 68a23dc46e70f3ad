//! The player platform from Cardsmith's side, through its client (`cardsmith-upstream`, which
//! knows nothing of Cardsmith):
//!
//! - linking accounts (`accounts`, `handoff` for apps without a browser session) with our
//!   rules: the OAuth state and PKCE verifier are bound to the session that started the flow,
//!   single use and expiring; tokens are sealed at rest (`store`) and never sent to a browser;
//! - the players of linked accounts: status, settings and commands (`devices`), and putting
//!   cards on them (`seed`);
//! - cards: publishing (`publish`, the job in `publish_job`, the document in `document`),
//!   comparing what was published with the platform (`verify`) and importing a parent's own
//!   cards (`library` lists them, `import`, `fetch`).

pub mod accounts;
pub mod devices;
mod document;
pub mod fetch;
pub mod handoff;
pub mod import;
pub mod library;
pub mod live;
mod origin;
pub mod publish;
pub mod publish_job;
mod repo;
pub mod seed;
pub mod store;
mod story_events;
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
