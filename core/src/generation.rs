//! Generation that may take long, run as jobs when the caller asks for it (REST:
//! `Prefer: respond-async`): a cover from an image provider, or a batch of icons that calls a
//! provider once per chapter, would otherwise hold the request open for minutes.
//!
//! The request is checked exactly as the synchronous one is (the caller's role before the
//! body, the body, the rate limit), so a refused request queues nothing. The job then draws
//! with the same code as the request would and keeps the same answer as its result (in
//! `GET /jobs/{id}`): `{"preview_hash": …}` for a cover, `{"generated": …, "message": …}` for
//! icons. Jobs run in the Generation pool, one at a time, beside the story cards.

use cardsmith_model::cover::{GenerateCoverInput, GenerateCoverOutputBody};
use cardsmith_model::icons::GenerateIconsOutputBody;
use cardsmith_model::validate::CollectionRole;
use serde::{Deserialize, Serialize};

use crate::auth::{session::background_actor, Actor};
use crate::cards::{self, generate, repo::CardRow};
use crate::icon_gen::{self, Batch};
use crate::jobs::{self, context::JobContext, JobPayload};
use crate::{Core, CoreError, CoreResult};

/// What a generation job draws.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "task", rename_all = "snake_case")]
enum Task {
    Cover { input: GenerateCoverInput },
    Icons { which: Batch },
}

/// The payload of a `cover.generate` or `icons.generate` job: the card, and what to draw.
#[derive(Debug, Serialize, Deserialize)]
pub struct GenerationPayload {
    card_slug: String,
    #[serde(flatten)]
    task: Task,
}

impl JobPayload for GenerationPayload {
    fn kind(&self) -> &'static str {
        match self.task {
            Task::Cover { .. } => jobs::kind::COVER_GENERATE,
            Task::Icons { .. } => jobs::kind::ICONS_GENERATE,
        }
    }
}

/// What a generation job answers: what the request would have.
#[derive(Serialize)]
#[serde(untagged)]
pub enum GenerationResult {
    Cover(GenerateCoverOutputBody),
    Icons(GenerateIconsOutputBody),
}

/// Queues a cover preview for `card` (checked like `POST …/cover/generate`); answers the job.
pub async fn queue_cover(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    input: GenerateCoverInput,
) -> CoreResult<String> {
    generate::admit_request(core, actor, &input)?;
    queue(core, actor, card, Task::Cover { input }).await
}

/// Queues an icon batch for `card` (checked like `POST …/icons/generate` or `/sample`).
pub async fn queue_icons(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    which: Batch,
) -> CoreResult<String> {
    icon_gen::admit(core, actor)?;
    queue(core, actor, card, Task::Icons { which }).await
}

async fn queue(core: &Core, actor: &Actor, card: &CardRow, task: Task) -> CoreResult<String> {
    let payload = GenerationPayload {
        card_slug: card.slug.clone(),
        task,
    };
    let job_id = jobs::enqueue(core.db.pool(), Some(actor.id()), &payload).await?;
    core.jobs.wake();
    Ok(job_id)
}

/// Runs a `cover.generate` or `icons.generate` job as the user who queued it, who must still
/// be an editor of the card (a role revoked meanwhile fails the job, draws nothing).
pub async fn run(ctx: &JobContext) -> CoreResult<GenerationResult> {
    let payload: GenerationPayload = ctx.payload()?;
    let core = &ctx.core;
    let (actor, card) = editor_of(ctx, &payload.card_slug).await?;
    Ok(match payload.task {
        Task::Cover { input } => {
            let preview_hash = generate::draw_preview(core, &actor, &card, input).await?;
            GenerationResult::Cover(GenerateCoverOutputBody { preview_hash })
        }
        Task::Icons { which } => {
            let progress = ctx.progress(0.0, 1.0);
            GenerationResult::Icons(icon_gen::batch(core, &actor, &card, which, &progress).await?)
        }
    })
}

/// The user who queued `ctx`'s job, acting in the background, and the card `slug` they must
/// still edit: a job that fills a card (a generation, a story) runs with the rights its user
/// has when it runs, not those they had when they asked.
pub(crate) async fn editor_of(ctx: &JobContext, slug: &str) -> CoreResult<(Actor, CardRow)> {
    let user_id = ctx.job.user_id.as_deref().ok_or_else(|| {
        CoreError::Forbidden(format!("a {} job must belong to a user", ctx.job.kind))
    })?;
    let actor = background_actor(&ctx.core, user_id).await?;
    let card =
        cards::require_card(ctx.core.db.pool(), &actor, slug, CollectionRole::Editor).await?;
    Ok((actor, card))
}
