//! The `icons.generate` job: a batch of chapter icons drawn in the background when the caller
//! asks for it (REST: `Prefer: respond-async`), since it calls a provider once per chapter.
//!
//! The request is checked exactly as the synchronous one is (the caller's role before the
//! body, the rate limit), so a refused request queues nothing. The job draws with the same
//! code and keeps the same answer as its result (`{"generated": …, "message": …}` in
//! `GET /jobs/{id}`). It runs in the Generation pool, one at a time, beside the story cards.

use cardsmith_model::icons::GenerateIconsOutputBody;
use serde::{Deserialize, Serialize};

use super::Batch;
use crate::auth::Actor;
use crate::cards::repo::CardRow;
use crate::jobs::context::JobContext;
use crate::jobs::{self, kind, JobPayload, Priority};
use crate::{Core, CoreResult};

/// The payload of an `icons.generate` job: the card and which of its chapters.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "task", rename = "icons")]
pub struct IconsJob {
    card_slug: String,
    which: Batch,
}

impl JobPayload for IconsJob {
    fn kind(&self) -> &'static str {
        kind::ICONS_GENERATE
    }

    fn priority(&self) -> Priority {
        Priority::Bulk
    }
}

/// Queues an icon batch for `card` (checked like `POST …/icons/generate` or `/sample`).
pub async fn queue(core: &Core, actor: &Actor, card: &CardRow, which: Batch) -> CoreResult<String> {
    super::admit(core, actor)?;
    let payload = IconsJob {
        card_slug: card.slug.clone(),
        which,
    };
    let job_id = jobs::enqueue(core.db.pool(), Some(actor.id()), &payload).await?;
    core.jobs.wake();
    Ok(job_id)
}

/// Runs an `icons.generate` job as the user who queued it, who must still be an editor of
/// the card.
pub async fn run(ctx: &JobContext) -> CoreResult<GenerateIconsOutputBody> {
    let IconsJob { card_slug, which } = ctx.payload()?;
    let (actor, card) = ctx.editor_of(&card_slug).await?;
    let progress = ctx.progress(0.0, 1.0);
    super::batch(&ctx.core, &actor, &card, which, &progress).await
}
