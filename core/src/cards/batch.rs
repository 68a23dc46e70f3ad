//! Many cards at once (`POST /cards/batch`): move them to another collection, link them into
//! one, or delete them, in one transaction. Every card is checked before anything changes:
//! one the caller cannot see, or may not act on, refuses the whole batch with its reason
//! (`/cards/N`). A card that cannot be seen and one that does not exist get the same words.

use cardsmith_model::card_batch::{CardBatchAction, CardBatchInput, CardBatchItem, CardBatchOut};
use cardsmith_model::validate::CollectionRole;
use cardsmith_model::FieldError;

use super::repo::CardRow;
use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::collections::access::require_collection;
use crate::db::DbTx;
use crate::{Core, CoreResult};

/// Applies (or with `preview`, describes) `input`.
pub async fn apply(core: &Core, actor: &Actor, input: CardBatchInput) -> CoreResult<CardBatchOut> {
    input.validate()?;
    let pool = core.db.pool();
    let target = match input.action {
        CardBatchAction::Delete => None,
        CardBatchAction::Move | CardBatchAction::Link => {
            input.collection_id.as_deref().map(str::trim)
        }
    };
    if let Some(target) = target {
        // the collection first: the same 404 or 403 as anywhere else
        require_collection(pool, actor, target, CollectionRole::Editor).await?;
    }
    let cards = checked(core, actor, &input).await?;
    let mut items = Vec::with_capacity(cards.len());
    for card in &cards {
        let track_count: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM tracks WHERE card_id = $1 AND is_source = 0")
                .bind(&card.id)
                .fetch_one(pool)
                .await?;
        items.push(CardBatchItem {
            slug: card.slug.clone(),
            title: card.title.clone(),
            track_count,
        });
    }
    if !input.preview {
        let mut tx = core.db.begin().await?;
        for card in &cards {
            change(&mut tx, actor, input.action, card, target).await?;
        }
        tx.commit().await?;
    }
    Ok(CardBatchOut {
        action: input.action,
        preview: input.preview,
        tracks: items.iter().map(|i| i.track_count).sum(),
        cards: items,
    })
}

/// The named cards, each one the caller may act on: else a 422 naming each that is not.
async fn checked(core: &Core, actor: &Actor, input: &CardBatchInput) -> CoreResult<Vec<CardRow>> {
    // moving takes a card from its home's owners, so only they may; the rest need editor
    let needed = match input.action {
        CardBatchAction::Move => CollectionRole::Owner,
        CardBatchAction::Link | CardBatchAction::Delete => CollectionRole::Editor,
    };
    let mut cards = Vec::with_capacity(input.cards.len());
    let mut refused = Vec::new();
    for (i, seen) in super::each_seen(core.db.pool(), actor, &input.cards, "cards")
        .await?
        .into_iter()
        .enumerate()
    {
        let card = match seen {
            Ok(card) => card,
            Err(e) => {
                refused.push(e);
                continue;
            }
        };
        let role = card.home_role.as_deref().and_then(CollectionRole::parse);
        if role.is_some_and(|r| r >= needed) {
            cards.push(card);
        } else {
            refused.push(FieldError::new(
                &format!("cards/{i}"),
                format!(
                    "you may not {} “{}”: that needs {} of its home collection",
                    input.action.as_str(),
                    card.title,
                    needed.as_str()
                ),
            ));
        }
    }
    if refused.is_empty() {
        Ok(cards)
    } else {
        Err(refused.into())
    }
}

/// One card's change, in the batch's transaction.
async fn change(
    tx: &mut DbTx<'static>,
    actor: &Actor,
    action: CardBatchAction,
    card: &CardRow,
    target: Option<&str>,
) -> CoreResult<()> {
    let target = target.unwrap_or_default();
    let event = match action {
        CardBatchAction::Delete => {
            sqlx::query("DELETE FROM cards WHERE id = $1")
                .bind(&card.id)
                .execute(&mut **tx)
                .await?;
            AuditEvent::own(actor, "card.deleted", card.slug.clone())
        }
        // already at home there: nothing to do
        _ if card.home_collection_id == target => return Ok(()),
        CardBatchAction::Move => {
            super::service::rehome(tx, &card.id, target).await?;
            let detail = format!("{} → collection {target}", card.slug);
            AuditEvent::own(actor, "card.moved", detail)
        }
        CardBatchAction::Link => {
            crate::collections::links::insert_link(tx, target, &card.id, actor.id()).await?;
            let detail = format!("{} into {target}", card.slug);
            AuditEvent::own(actor, "collection.card_linked", detail)
        }
    };
    audit::record(&mut **tx, event).await
}
