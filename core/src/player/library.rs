//! What the import page shows: the account's own cards (not shop-bought or streaming ones),
//! each marked with what Cardsmith knows of it (imported before, made here, changed since),
//! and the collections an import may go into, with the one to offer first.

use cardsmith_model::collection::CollectionOut;
use cardsmith_model::import::{MadeHereOut, PlayerLibraryCardOut};
use cardsmith_upstream::model::content::CardKind;

use super::accounts::{self, account_client, call_failed};
use crate::auth::Actor;
use crate::cards::repo::{find_reachable_by_id_or_slug, CardRow};
use crate::{Core, CoreResult};

/// The account's own cards, marked when a local card came from them.
pub async fn list(
    core: &Core,
    actor: &Actor,
    account_id: &str,
) -> CoreResult<Vec<PlayerLibraryCardOut>> {
    super::client(core)?;
    let account = accounts::get(core, actor, account_id).await?;
    let client = account_client(core, account_id)?;
    let cards = match client.my_cards(false).await {
        Ok(cards) => cards,
        Err(e) => return Err(call_failed(core, account_id, e).await),
    };
    let mut out = Vec::new();
    for card in cards
        .into_iter()
        .filter(|c| c.kind(&account.platform_user_id) == CardKind::UserMade)
    {
        let Some(id) = card.card_id.clone() else {
            continue;
        };
        let chapters = match &card.content.chapters {
            Some(c) => c.len(),
            None => match client.card(&id).await {
                Ok(full) => full.content.chapters.map_or(0, |c| c.len()),
                Err(e) => return Err(call_failed(core, account_id, e).await),
            },
        };
        let local = local_state(core, actor, account_id, &id).await?;
        out.push(PlayerLibraryCardOut {
            player_card_id: id,
            title: card.title.clone(),
            chapter_count: chapters as i64,
            cover_url: card.metadata.cover.as_ref().and_then(|c| c.image_l.clone()),
            already_imported: local.known,
            locally_edited: local.edited,
            made_here: local.made_here,
        });
    }
    Ok(out)
}

/// What Cardsmith knows of one card of an account.
struct Local {
    /// A local card came from it (imported, or published from here).
    known: bool,
    /// That card changed since.
    edited: bool,
    made_here: Option<MadeHereOut>,
}

/// Whether a local card came from `player_card_id` and whether it changed since. A card is
/// made here when a publish record names it and no import does: an import also leaves a
/// publish record (so publishing it back updates the same card), made here it has only that.
async fn local_state(
    core: &Core,
    actor: &Actor,
    account_id: &str,
    player_card_id: &str,
) -> CoreResult<Local> {
    let rows: Vec<(String, Option<String>, String)> = sqlx::query_as(
        "SELECT card_id, content_hash_at_import, 'import' FROM imports
         WHERE player_account_id = $1 AND player_card_id = $2
         UNION ALL
         SELECT card_id, content_hash_at_publish, 'publish' FROM publish_records
         WHERE player_account_id = $1 AND player_card_id = $2",
    )
    .bind(account_id)
    .bind(player_card_id)
    .fetch_all(core.db.pool())
    .await?;
    let imported = |id: &str| rows.iter().any(|(c, _, o)| c == id && o == "import");
    let mut local = Local {
        known: !rows.is_empty(),
        edited: false,
        made_here: None,
    };
    for (card_id, hash, origin) in &rows {
        if let Some(card) = card_as_its_owner_sees_it(core, card_id).await? {
            local.edited |= hash.as_deref().is_some_and(|h| h != card.content_hash());
        }
        if local.made_here.is_none() && origin == "publish" && !imported(card_id) {
            local.made_here = find_reachable_by_id_or_slug(core.db.pool(), actor.id(), card_id)
                .await?
                .map(|card| MadeHereOut {
                    card_slug: card.slug,
                    card_title: card.title,
                    collection_name: card.collection_name,
                    collection_slug: card.collection_slug,
                });
        }
    }
    Ok(local)
}

/// The card as a member of its home collection reads it (its content hash does not depend on
/// who asks; the lookup needs somebody who reaches it).
async fn card_as_its_owner_sees_it(core: &Core, card_id: &str) -> CoreResult<Option<CardRow>> {
    let user: Option<String> = sqlx::query_scalar(
        "SELECT cm.user_id FROM cards c JOIN collection_members cm ON cm.collection_id = c.home_collection_id WHERE c.id = $1 LIMIT 1",
    )
    .bind(card_id)
    .fetch_optional(core.db.pool())
    .await?;
    match user {
        Some(user) => find_reachable_by_id_or_slug(core.db.pool(), &user, card_id).await,
        None => Ok(None),
    }
}

/// Where an import may go: the collections the caller edits, and the one to offer first.
#[derive(Debug, Clone)]
pub struct Destinations {
    pub collections: Vec<CollectionOut>,
    /// The collection of the caller's last import, else their default, else the first;
    /// `None` when they edit no collection yet.
    pub preselected: Option<String>,
}

/// The import page's choice of collection, preselecting the caller's last choice.
///
/// That choice is not stored anywhere of its own: each import already records its card, so
/// the last choice is read back as the home of the card the caller imported last. Being the
/// server's, it follows the person to another device (the browser's storage would not), needs
/// no settings column, and a collection deleted or left since simply drops out.
pub async fn destinations(core: &Core, actor: &Actor) -> CoreResult<Destinations> {
    let collections: Vec<CollectionOut> = crate::collections::service::list(core, actor)
        .await?
        .into_iter()
        .filter(|c| matches!(c.viewer_role.as_deref(), Some("owner" | "editor")))
        .collect();
    let last: Option<String> = sqlx::query_scalar(
        "SELECT c.home_collection_id FROM imports i
         JOIN player_accounts a ON a.id = i.player_account_id
         JOIN cards c ON c.id = i.card_id
         WHERE a.user_id = $1 ORDER BY i.created_at DESC, i.card_id DESC LIMIT 1",
    )
    .bind(actor.id())
    .fetch_optional(core.db.pool())
    .await?;
    let preselected = last
        .filter(|id| collections.iter().any(|c| &c.id == id))
        .or_else(|| {
            collections
                .iter()
                .find(|c| c.is_default)
                .map(|c| c.id.clone())
        })
        .or_else(|| collections.first().map(|c| c.id.clone()));
    Ok(Destinations {
        collections,
        preselected,
    })
}
