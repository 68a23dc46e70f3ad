//! Seeding: a collection's cards onto chosen players of a linked account, now or at a set
//! time. One job per player (`POST /seed` answers their ids); each job, when it is due:
//!
//! 1. publishes every chosen card the account does not hold as it is now (the same upload-
//!    only-what-is-missing path as `publish`), reusing what is already in sync;
//! 2. adds each card to the player's day-mode shortcuts, so the child reaches it from the
//!    player itself without a physical card. The current shortcuts are read from the player's
//!    config first (their own GET is refused) and kept: seeding only adds, and a card that is
//!    already a shortcut is not added twice, so running a seed again changes nothing.
//!
//! The time is kept in the job's `run_at`; workers look at the queue every few seconds, so a
//! seed runs within moments of its time and survives restarts in between.

use cardsmith_model::seed::{SeedInput, SeedJobOut};
use cardsmith_model::validate::CollectionRole;
use cardsmith_upstream::model::devices::Shortcuts;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::accounts::{account_client, call_failed};
use super::{devices, publish, publish_job, repo};
use crate::auth::Actor;
use crate::cards::repo as card_repo;
use crate::collections::access::require_collection;
use crate::jobs::context::JobContext;
use crate::jobs::{self, kind, JobPayload, Priority};
use crate::{time, Core, CoreError, CoreResult};

/// What a seed job needs; card ids are resolved when the seed is asked for.
#[derive(Serialize, Deserialize)]
pub struct SeedPayload {
    account_id: String,
    device_id: String,
    card_ids: Vec<String>,
}

impl JobPayload for SeedPayload {
    fn kind(&self) -> &'static str {
        kind::SEED
    }

    fn priority(&self) -> Priority {
        Priority::Bulk
    }
}

/// What a seed job did on its player.
#[derive(Serialize)]
pub struct Seeded {
    cards: usize,
    device_id: String,
    published: usize,
    shortcuts_added: usize,
}

/// Checks everything that can be checked now and queues one job per player.
pub async fn seed(core: &Core, actor: &Actor, input: SeedInput) -> CoreResult<SeedJobOut> {
    input.validate()?;
    let run_at = due_time(input.schedule_at.as_deref())?;
    require_collection(
        core.db.pool(),
        actor,
        &input.collection_id,
        CollectionRole::Viewer,
    )
    .await?;
    let cards = publish::cards_of(
        core,
        actor,
        &input.collection_id,
        &input.card_ids,
        "card_ids",
    )
    .await?;
    for (i, card) in cards.iter().enumerate() {
        if card.track_count == 0 {
            return Err(CoreError::invalid(
                &format!("card_ids/{i}"),
                "has no tracks yet: a player cannot play it",
            ));
        }
    }
    let (account, client) = devices::linked(core, actor, &input.account_id).await?;
    let known: Vec<String> = match client.list_devices().await {
        Ok(found) => found.into_iter().map(|d| d.device_id).collect(),
        // the platform is away: the players seen last time are still the account's
        Err(_) => devices::cached(core, &account.id, None)
            .await?
            .into_iter()
            .map(|d| d.device_id)
            .collect(),
    };
    for (i, device) in input.device_ids.iter().enumerate() {
        if !known.contains(device) {
            return Err(CoreError::invalid(
                &format!("device_ids/{i}"),
                "is not a player of this account",
            ));
        }
    }
    let card_ids: Vec<String> = cards.iter().map(|c| c.id.clone()).collect();
    let mut tx = core.db.begin().await?;
    let mut job_ids = Vec::new();
    for device_id in &input.device_ids {
        let payload = SeedPayload {
            account_id: account.id.clone(),
            device_id: device_id.clone(),
            card_ids: card_ids.clone(),
        };
        let id = jobs::enqueue_at(&mut *tx, Some(actor.id()), &payload, &run_at).await?;
        job_ids.push(id);
    }
    crate::audit::record(
        &mut *tx,
        crate::audit::AuditEvent::own(
            actor,
            "player.seed_queued",
            format!(
                "{} card(s) to {} player(s) at {run_at}",
                cards.len(),
                job_ids.len()
            ),
        ),
    )
    .await?;
    tx.commit().await?;
    core.jobs.wake();
    Ok(SeedJobOut {
        job_ids: Some(job_ids),
    })
}

/// When the jobs are due: now for `null` or a past time; at most a year ahead.
fn due_time(schedule_at: Option<&str>) -> CoreResult<String> {
    let Some(text) = schedule_at.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(time::now_str());
    };
    let at = chrono::DateTime::parse_from_rfc3339(text)
        .map_err(|_| {
            CoreError::invalid(
                "schedule_at",
                "must be an RFC 3339 time with its offset, e.g. 2026-12-25T07:00:00+01:00",
            )
        })?
        .with_timezone(&chrono::Utc);
    if at > time::now() + chrono::Duration::days(366) {
        return Err(CoreError::invalid(
            "schedule_at",
            "must be within a year from now",
        ));
    }
    Ok(time::format(at.max(time::now())))
}

/// The seed job for one player.
pub async fn run(ctx: &JobContext) -> CoreResult<Seeded> {
    let core = &ctx.core;
    let p: SeedPayload = ctx.payload()?;
    let user = ctx.job.user_id.clone().unwrap_or_default();
    let count = p.card_ids.len().max(1) as f64;
    let (mut player_cards, mut published) = (Vec::new(), 0);
    for (i, card_id) in p.card_ids.iter().enumerate() {
        let card = card_repo::find_reachable_by_id_or_slug(core.db.pool(), &user, card_id)
            .await?
            .ok_or_else(|| {
                CoreError::not_found("a card of this seed was deleted or is no longer yours")
            })?;
        let id = match repo::in_sync_card_id(core, &card, &p.account_id).await? {
            Some(id) => id,
            None => {
                publish::mark_queued(core.db.pool(), &card.id, &p.account_id, &ctx.job.id).await?;
                let part = ctx.progress(0.9 * i as f64 / count, 0.9 * (i + 1) as f64 / count);
                published += 1;
                publish_job::publish_card(core, &card, &p.account_id, part).await?
            }
        };
        player_cards.push(id);
    }
    let client = account_client(core, &p.account_id)?;
    let device = match client.device(&p.device_id).await {
        Ok(device) => device,
        Err(e) => return Err(call_failed(core, &p.account_id, e).await),
    };
    let (shortcuts, added) = with_cards(device.shortcuts, &player_cards);
    if added > 0 {
        if let Err(e) = client.put_shortcuts(&p.device_id, &shortcuts).await {
            return Err(call_failed(core, &p.account_id, e).await);
        }
    }
    Ok(Seeded {
        cards: player_cards.len(),
        device_id: p.device_id,
        published,
        shortcuts_added: added,
    })
}

/// The player's shortcuts plus a day-mode shortcut to the start of each card it lacks;
/// answers how many were added.
fn with_cards(current: Option<Value>, player_cards: &[String]) -> (Shortcuts, usize) {
    let mut shortcuts: Shortcuts = current
        .and_then(|v| serde_json::from_value(v).ok())
        .unwrap_or_default();
    let day = shortcuts
        .modes
        .entry("day")
        .or_insert_with(|| json!({ "content": [] }));
    if !day.get("content").is_some_and(Value::is_array) {
        day["content"] = json!([]);
    }
    let content = day["content"].as_array_mut().expect("made an array above");
    let mut added = 0;
    for card in player_cards {
        let present = content
            .iter()
            .any(|s| s["params"]["card"].as_str() == Some(card.as_str()));
        if !present {
            content.push(json!({
                "cmd": "track-play",
                "params": { "card": card, "chapter": "01", "track": "01" }
            }));
            added += 1;
        }
    }
    (shortcuts, added)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeding_adds_missing_cards_and_keeps_the_rest() {
        let current = json!({
            "modes": {
                "day": { "content": [{ "cmd": "track-play", "params": { "card": "old" } }] },
                "night": { "content": [{ "cmd": "track-play", "params": { "card": "sleep" } }] }
            },
            "versionId": "v1"
        });
        let (shortcuts, added) = with_cards(Some(current), &["old".into(), "new".into()]);
        assert_eq!(added, 1);
        let day = shortcuts.modes["day"]["content"].as_array().unwrap();
        assert_eq!(day.len(), 2);
        assert_eq!(day[1]["params"]["card"], "new");
        assert_eq!(
            shortcuts.modes["night"]["content"][0]["params"]["card"],
            "sleep"
        );
        assert_eq!(shortcuts.version_id.as_deref(), Some("v1"));
    }

    #[test]
    fn a_player_without_shortcuts_gets_a_day_mode() {
        let (shortcuts, added) = with_cards(None, &["a".into()]);
        assert_eq!(added, 1);
        assert_eq!(
            shortcuts.modes["day"]["content"][0]["params"]["chapter"],
            "01"
        );
    }

    #[test]
    fn schedule_times_are_checked() {
        assert!(due_time(None).is_ok());
        assert!(due_time(Some("tomorrow")).is_err());
        assert!(due_time(Some("2126-01-01T00:00:00Z")).is_err());
        let past = due_time(Some("2001-01-01T00:00:00Z")).unwrap();
        assert!(past >= time::format(time::now() - chrono::Duration::seconds(5)));
    }
}
