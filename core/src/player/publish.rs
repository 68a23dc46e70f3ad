//! Publishing as it is asked for: what would change (the plan), queueing one job per card and
//! account, and where each card went. The job that sends a card is `publish_job`; the records
//! it reads are in `repo`; verifying an account against local state is `verify`.
//!
//! Any role that reaches a card may publish it to the caller's own linked accounts. A card
//! whose `content_hash` equals the one last published to an account is `unchanged` and is not
//! sent again; otherwise only audio (by the local M4A's hash), chapter icons and covers the
//! account does not have yet are uploaded, then the whole card document is sent.

use cardsmith_model::card::PLAYER_TITLE_MAX;
use cardsmith_model::publish::{
    PublishInput, PublishOutputBody, PublishPlanItem, PublishRecordOut, PublishSummary,
};
use cardsmith_model::validate::CollectionRole;
use cardsmith_model::FieldError;

pub use super::verify::verify;
use super::{accounts, repo};
use crate::auth::Actor;
use crate::cards::repo::{self as card_repo, CardRow};
use crate::cards::require_card;
use crate::collections::access::require_collection;
use crate::db::{DbDriver, DbTx};
use crate::jobs;
use crate::jobs::requeue::RetriedJob;
use crate::tracks::icons::player_icon;
use crate::tracks::repo::{self as track_repo, TrackRow};
use crate::{new_id, time, Core, CoreError, CoreResult};

/// The cards `refs` names (by slug or id; all of the collection's when empty), each reachable
/// by the caller and shown in the collection. A stranger is reported at `field/<index>`.
pub(super) async fn cards_of(
    core: &Core,
    actor: &Actor,
    collection_id: &str,
    refs: &[String],
    field: &str,
) -> CoreResult<Vec<CardRow>> {
    require_collection(core.db.pool(), actor, collection_id, CollectionRole::Viewer).await?;
    let in_collection =
        card_repo::list_in_collection(core.db.pool(), actor.id(), collection_id).await?;
    if refs.is_empty() {
        return Ok(in_collection);
    }
    refs.iter()
        .enumerate()
        .map(|(i, r)| {
            in_collection
                .iter()
                .find(|c| &c.slug == r || &c.id == r)
                .cloned()
                .ok_or_else(|| {
                    CoreError::invalid(&format!("{field}/{i}"), "is not a card of this collection")
                })
        })
        .collect()
}

/// Most tracks a card may have on the platform (it answers `track count is limited to 100`);
/// each Cardsmith track is one chapter of one track.
pub const PLAYER_MAX_TRACKS: usize = 100;

/// Why the platform would refuse `card` with its playable `tracks` (its `POST /content`
/// rules) or could not follow its story, in words a parent can act on; empty when it would
/// take the card.
pub(super) fn refusals(card: &CardRow, tracks: &[TrackRow]) -> CoreResult<Vec<String>> {
    let mut out = crate::cards::story::publish_errors(card, tracks)?;
    let tracks = tracks.len();
    let length = card.title.chars().count();
    if length > PLAYER_TITLE_MAX {
        out.push(format!(
            "the title has {length} characters and players take at most {PLAYER_TITLE_MAX}: \
             shorten it to publish"
        ));
    }
    if tracks > PLAYER_MAX_TRACKS {
        out.push(format!(
            "the card has {tracks} tracks and players take at most {PLAYER_MAX_TRACKS}"
        ));
    }
    Ok(out)
}

async fn plan_item(core: &Core, card: &CardRow, account_id: &str) -> CoreResult<PublishPlanItem> {
    let record = repo::record(core, &card.id, account_id).await?;
    let published = record
        .as_ref()
        .filter(|r| r.player_card_id.is_some() && r.status == "published");
    let unchanged = published.is_some_and(|r| {
        r.content_hash_at_publish.as_deref() == Some(card.content_hash().as_str())
    });
    let (mut audio_uploads, mut upload_bytes, mut icon_uploads) = (0, 0, 0);
    let tracks = track_repo::list_playable(core.db.pool(), &card.id).await?;
    let problems = refusals(card, &tracks)?;
    for track in tracks {
        if let Some(hash) = &track.audio_hash {
            if !repo::holds(core, account_id, "audio", hash).await? {
                audio_uploads += 1;
                upload_bytes += track.transcoded_size_bytes;
            }
        }
        let icon = player_icon(core, &track).await?;
        if !repo::holds(core, account_id, "icon", &icon.hash).await? {
            icon_uploads += 1;
        }
    }
    let cover_upload = match &card.cover_hash {
        Some(hash) => !repo::holds(core, account_id, "cover", hash).await?,
        None => false,
    };
    let action = if unchanged {
        "unchanged"
    } else if published.is_some() {
        "update"
    } else {
        "create"
    };
    Ok(PublishPlanItem {
        card_slug: card.slug.clone(),
        account_id: account_id.to_owned(),
        action: action.to_owned(),
        audio_uploads: if unchanged { 0 } else { audio_uploads },
        upload_bytes: if unchanged { 0 } else { upload_bytes },
        cover_upload: !unchanged && cover_upload,
        icon_uploads: if unchanged { 0 } else { icon_uploads },
        job_id: None,
        problems,
    })
}

/// Plans (and unless `dry_run`, queues) publishing the cards to the accounts.
pub async fn publish(
    core: &Core,
    actor: &Actor,
    input: PublishInput,
) -> CoreResult<PublishOutputBody> {
    input.validate()?;
    super::client(core)?;
    let cards = cards_of(
        core,
        actor,
        &input.collection_id,
        &input.card_slugs,
        "card_slugs",
    )
    .await?;
    if cards.is_empty() {
        return Err(CoreError::invalid(
            "card_slugs",
            "the collection has no cards to publish",
        ));
    }
    for (i, id) in input.account_ids.iter().enumerate() {
        let account = accounts::get(core, actor, id).await.map_err(|_| {
            CoreError::invalid(
                &format!("account_ids/{i}"),
                "is not one of your linked accounts",
            )
        })?;
        if account.status != cardsmith_model::player::account_status::LINKED {
            return Err(CoreError::Conflict(format!(
                "{} needs to be linked again before publishing",
                account.label
            )));
        }
    }
    let mut plan = Vec::new();
    for card in &cards {
        for account_id in &input.account_ids {
            plan.push((card, plan_item(core, card, account_id).await?));
        }
    }
    if !input.dry_run {
        refuse_problems(&cards, &plan, input.card_slugs.is_empty())?;
        for (card, item) in &mut plan {
            if item.action != "unchanged" {
                item.job_id = Some(queue(core, actor, card, &item.account_id).await?);
            }
        }
        core.jobs.wake();
    }
    let plan = plan.into_iter().map(|(_, item)| item).collect();
    Ok(PublishOutputBody {
        dry_run: input.dry_run,
        plan,
    })
}

/// A publish naming a card the platform would refuse is refused whole (422), before anything
/// is queued or sent; each such card is named at its place in `card_slugs` (or at
/// `card_slugs` when the request published the whole collection).
fn refuse_problems(
    cards: &[CardRow],
    plan: &[(&CardRow, PublishPlanItem)],
    whole_collection: bool,
) -> CoreResult<()> {
    let errors: Vec<FieldError> = cards
        .iter()
        .enumerate()
        .filter_map(|(i, card)| {
            let (_, item) = plan.iter().find(|(c, _)| c.id == card.id)?;
            (!item.problems.is_empty()).then(|| {
                let field = if whole_collection {
                    "card_slugs".to_owned()
                } else {
                    format!("card_slugs/{i}")
                };
                let detail = format!("“{}”: {}", card.title, item.problems.join("; "));
                FieldError::new(&field, detail)
            })
        })
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(CoreError::Invalid(errors))
    }
}

async fn queue(core: &Core, actor: &Actor, card: &CardRow, account_id: &str) -> CoreResult<String> {
    let mut tx = core.db.begin().await?;
    let payload = super::publish_job::PublishPayload {
        account_id: account_id.to_owned(),
        card_id: card.id.clone(),
        card_slug: card.slug.clone(),
    };
    let job_id = jobs::enqueue(&mut *tx, Some(actor.id()), &payload).await?;
    mark_queued(&mut *tx, &card.id, account_id, &job_id).await?;
    crate::audit::record(
        &mut *tx,
        crate::audit::AuditEvent::own(actor, "card.publish_queued", card.slug.clone()),
    )
    .await?;
    tx.commit().await?;
    Ok(job_id)
}

/// An administrator's retry of a failed or cancelled publish: what publishing the card again
/// from its page does (its record remembers the platform's card, which is updated, not
/// copied), unless the card or the account is gone or a publish of it there is under way.
pub async fn requeue(tx: &mut DbTx<'static>, job: &RetriedJob) -> CoreResult<String> {
    let p: super::publish_job::PublishPayload = job.payload()?;
    let (cards, accounts): (i64, i64) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM cards WHERE id = $1),
                (SELECT COUNT(*) FROM player_accounts WHERE id = $2)",
    )
    .bind(&p.card_id)
    .bind(&p.account_id)
    .fetch_one(&mut **tx)
    .await?;
    if cards == 0 || accounts == 0 {
        return Err(CoreError::Conflict(
            "the card was deleted or the account unlinked since; nothing to retry".into(),
        ));
    }
    let status: Option<String> = sqlx::query_scalar(
        "SELECT status FROM publish_records WHERE card_id = $1 AND player_account_id = $2",
    )
    .bind(&p.card_id)
    .bind(&p.account_id)
    .fetch_optional(&mut **tx)
    .await?;
    if matches!(status.as_deref(), Some("queued" | "publishing")) {
        return Err(CoreError::Conflict(
            "the card is being published to this account already".into(),
        ));
    }
    let id = jobs::enqueue(&mut **tx, job.user_id.as_deref(), &p).await?;
    mark_queued(&mut **tx, &p.card_id, &p.account_id, &id).await?;
    Ok(id)
}

/// Records that job `job_id` is about to publish the card to the account. A retry of the
/// same job that was already publishing stays `publishing`, so the attempt knows it resumes
/// one that may have reached the platform.
pub(super) async fn mark_queued<'e, E>(
    executor: E,
    card_id: &str,
    account_id: &str,
    job_id: &str,
) -> CoreResult<()>
where
    E: sqlx::Executor<'e, Database = DbDriver>,
{
    sqlx::query(
        "INSERT INTO publish_records (id, card_id, player_account_id, status, job_id, created_at, updated_at)
         VALUES ($1, $2, $3, 'queued', $4, $5, $5)
         ON CONFLICT (card_id, player_account_id) DO UPDATE
             SET status = CASE WHEN publish_records.status = 'publishing' AND publish_records.job_id = excluded.job_id
                               THEN 'publishing' ELSE 'queued' END,
                 job_id = excluded.job_id, error = NULL, updated_at = excluded.updated_at",
    )
    .bind(new_id())
    .bind(card_id)
    .bind(account_id)
    .bind(job_id)
    .bind(time::now_str())
    .execute(executor)
    .await?;
    Ok(())
}

/// Where the card was published, for the caller's accounts.
pub async fn status(
    core: &Core,
    actor: &Actor,
    card_slug: &str,
) -> CoreResult<Vec<PublishRecordOut>> {
    let card = require_card(core.db.pool(), actor, card_slug, CollectionRole::Viewer).await?;
    let mut out = Vec::new();
    for account in accounts::list(core, actor).await? {
        if let Some(r) = repo::record(core, &card.id, &account.id).await? {
            out.push(PublishRecordOut {
                id: r.id,
                card_id: r.card_id,
                account_label: account.label.clone(),
                player_account_id: r.player_account_id,
                player_card_id: r.player_card_id,
                status: r.status,
                content_hash_at_publish: r.content_hash_at_publish,
                last_published_at: r.last_published_at,
                error: r.error,
                job_id: r.job_id,
            });
        }
    }
    Ok(out)
}

/// Every publish record of the caller's accounts, by card slug, for the badges on card
/// tiles: one query however many cards a page shows.
pub async fn summaries(core: &Core, actor: &Actor) -> CoreResult<Vec<PublishSummary>> {
    let rows: Vec<(String, String, Option<String>)> = sqlx::query_as(
        "SELECT c.slug, r.status, r.content_hash_at_publish
         FROM publish_records r
         JOIN player_accounts a ON a.id = r.player_account_id
         JOIN cards c ON c.id = r.card_id
         WHERE a.user_id = $1",
    )
    .bind(actor.id())
    .fetch_all(core.db.pool())
    .await?;
    Ok(rows
        .into_iter()
        .map(
            |(card_slug, status, content_hash_at_publish)| PublishSummary {
                card_slug,
                status,
                content_hash_at_publish,
            },
        )
        .collect())
}

/// The caller's cards published to one of their accounts (what its players can play).
pub async fn published_to(
    core: &Core,
    actor: &Actor,
    account_id: &str,
) -> CoreResult<Vec<cardsmith_model::publish::PublishedCardOut>> {
    accounts::get(core, actor, account_id).await?;
    // cards published from here, and cards imported from the account (they are on it too),
    // each platform card once
    let rows: Vec<(String, String, Option<String>, Option<String>)> = sqlx::query_as(
        "SELECT card_id, player_card_id, content_hash_at_publish, last_published_at FROM publish_records
         WHERE player_account_id = $1 AND status = 'published' AND player_card_id IS NOT NULL
         UNION ALL
         SELECT i.card_id, i.player_card_id, i.content_hash_at_import, i.created_at FROM imports i
         WHERE i.player_account_id = $1 AND i.content_hash_at_import IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM publish_records r WHERE r.player_account_id = $1
                           AND r.player_card_id = i.player_card_id AND r.status = 'published')
         ORDER BY 4 DESC",
    )
    .bind(account_id)
    .fetch_all(core.db.pool())
    .await?;
    let mut out = Vec::new();
    for (card_id, player_card_id, hash, at) in rows {
        if let Some(card) =
            card_repo::find_reachable_by_id_or_slug(core.db.pool(), actor.id(), &card_id).await?
        {
            out.push(cardsmith_model::publish::PublishedCardOut {
                changed_locally: hash.as_deref() != Some(card.content_hash().as_str()),
                card_slug: card.slug,
                title: card.title,
                player_card_id,
                last_published_at: at,
            });
        }
    }
    Ok(out)
}
