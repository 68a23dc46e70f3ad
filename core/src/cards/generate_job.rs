//! The `cover.generate` job: a cover preview drawn in the background when the caller asks for
//! it (REST: `Prefer: respond-async`), since an image provider may take a minute.
//!
//! The request is checked exactly as the synchronous one is (the caller's role before the
//! body, the body, the rate limit), so a refused request queues nothing. The job draws with
//! the same code and keeps the same answer as its result (`{"preview_hash": …}` in
//! `GET /jobs/{id}`). It runs in the Generation pool, one at a time, beside the story cards.

use cardsmith_model::cover::{GenerateCoverInput, GenerateCoverOutputBody};
use serde::{Deserialize, Serialize};

use super::generate;
use super::repo::CardRow;
use crate::auth::Actor;
use crate::jobs::context::JobContext;
use crate::jobs::{self, kind, JobPayload};
use crate::{Core, CoreResult};

/// The payload of a `cover.generate` job: the card and what the picture shows.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "task", rename = "cover")]
pub struct CoverJob {
    card_slug: String,
    input: GenerateCoverInput,
}

impl JobPayload for CoverJob {
    fn kind(&self) -> &'static str {
        kind::COVER_GENERATE
    }
}

/// Queues a cover preview for `card` (checked like `POST …/cover/generate`); answers the job.
pub async fn queue(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    input: GenerateCoverInput,
) -> CoreResult<String> {
    generate::admit_request(core, actor, &input)?;
    let payload = CoverJob {
        card_slug: card.slug.clone(),
        input,
    };
    let job_id = jobs::enqueue(core.db.pool(), Some(actor.id()), &payload).await?;
    core.jobs.wake();
    Ok(job_id)
}

/// Runs a `cover.generate` job as the user who queued it, who must still be an editor of
/// the card (a role revoked meanwhile fails the job, draws nothing).
pub async fn run(ctx: &JobContext) -> CoreResult<GenerateCoverOutputBody> {
    let CoverJob { card_slug, input } = ctx.payload()?;
    let (actor, card) = ctx.editor_of(&card_slug).await?;
    let preview_hash = generate::draw_preview(&ctx.core, &actor, &card, input).await?;
    Ok(GenerateCoverOutputBody { preview_hash })
}
