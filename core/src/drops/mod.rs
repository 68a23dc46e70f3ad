//! Dropping a folder or a ZIP of audio onto a collection: the files arrive and are probed
//! (`receive`, `probe`), Cardsmith proposes the cards they make (`plan`, answered by `view`),
//! and the parent's confirm of the plan, as edited, makes them (`make`). Nothing is made
//! before the confirm.
//!
//! A drop is its maker's alone, and only while they edit its collection: anyone else, and
//! anyone asking for a drop that does not exist, gets the same 404. Files wait in
//! `DATA_DIR/drops/` until the cards are made or the drop is removed (by its maker, or by
//! housekeeping a day after it was started).

pub mod make;
pub mod plan;
pub mod preview;
pub mod probe;
pub mod receive;
pub mod repo;
pub mod view;

use cardsmith_model::drop::{CreateDropInput, DropGrouping, DropOut};
use cardsmith_model::validate::CollectionRole;

use self::repo::{state, DropRow};
use crate::auth::Actor;
use crate::collections::access::require_collection;
use crate::{new_id, time, Core, CoreError, CoreResult};

/// How long a drop waits for its confirm.
pub const KEPT_FOR: chrono::Duration = chrono::Duration::days(1);

/// Starts an empty drop in collection `collection_id` (editor).
pub async fn create(
    core: &Core,
    actor: &Actor,
    collection_id: &str,
    input: CreateDropInput,
) -> CoreResult<DropOut> {
    require_collection(core.db.pool(), actor, collection_id, CollectionRole::Editor).await?;
    input.validate()?;
    let row = DropRow {
        id: new_id(),
        user_id: actor.id().to_owned(),
        collection_id: collection_id.to_owned(),
        name: input
            .name
            .map(|n| n.trim().to_owned())
            .unwrap_or_else(|| "Dropped files".to_owned()),
        state: state::OPEN.to_owned(),
        made_cards: None,
        created_at: time::now_str(),
    };
    repo::insert(core.db.pool(), &row).await?;
    view::drop_out(core, &row, DropGrouping::default()).await
}

/// Drop `id` when the caller made it and still edits its collection; else the 404 a drop
/// that does not exist gets.
pub async fn require_own(core: &Core, actor: &Actor, id: &str) -> CoreResult<DropRow> {
    let missing = || CoreError::not_found("drop not found");
    let drop = repo::find(core.db.pool(), id)
        .await?
        .filter(|d| d.user_id == actor.id())
        .ok_or_else(missing)?;
    require_collection(
        core.db.pool(),
        actor,
        &drop.collection_id,
        CollectionRole::Editor,
    )
    .await
    .map_err(|_| missing())?;
    Ok(drop)
}

/// Open drop `id` of the caller, ready for files: a made one is a 409.
pub async fn require_open(core: &Core, actor: &Actor, id: &str) -> CoreResult<DropRow> {
    let drop = require_own(core, actor, id).await?;
    if drop.state != state::OPEN {
        return Err(CoreError::Conflict(
            "this drop's cards are made (or being made): start a new drop".into(),
        ));
    }
    Ok(drop)
}

/// Drop `id` with its files and its plan `grouping`'s way.
pub async fn get(
    core: &Core,
    actor: &Actor,
    id: &str,
    grouping: DropGrouping,
) -> CoreResult<DropOut> {
    let drop = require_own(core, actor, id).await?;
    view::drop_out(core, &drop, grouping).await
}

/// Removes drop `id` and its files (the cards it made stay).
pub async fn delete(core: &Core, actor: &Actor, id: &str) -> CoreResult<()> {
    let drop = require_own(core, actor, id).await?;
    if drop.state == state::MAKING {
        return Err(CoreError::Conflict(
            "this drop is making its cards; remove it once they are made".into(),
        ));
    }
    remove(core, &drop.id).await
}

async fn remove(core: &Core, id: &str) -> CoreResult<()> {
    repo::delete(core.db.pool(), id).await?;
    let _ = tokio::fs::remove_dir_all(repo::dir(&core.settings.data_dir, id)).await;
    Ok(())
}

/// Removes drops started more than [`KEPT_FOR`] ago, with their files, and the files of
/// drops that are gone without them (their collection or maker was deleted, which takes the
/// rows along): housekeeping. Answers how many drops' files went.
pub async fn remove_expired(core: &Core) -> CoreResult<usize> {
    let before = time::format(time::now() - KEPT_FOR);
    let old = repo::older_than(core.db.pool(), &before).await?;
    for id in &old {
        remove(core, id).await?;
    }
    Ok(old.len() + remove_orphaned_files(core).await?)
}

/// Removes the folders under `DATA_DIR/drops/` whose drop no longer exists. A drop's row is
/// written before its first file, so a folder without a row is never one still filling.
async fn remove_orphaned_files(core: &Core) -> CoreResult<usize> {
    let root = core.settings.data_dir.join("drops");
    let Ok(mut folders) = tokio::fs::read_dir(&root).await else {
        return Ok(0);
    };
    let mut removed = 0;
    while let Ok(Some(folder)) = folders.next_entry().await {
        let name = folder.file_name().to_string_lossy().into_owned();
        if repo::find(core.db.pool(), &name).await?.is_none() {
            let _ = tokio::fs::remove_dir_all(folder.path()).await;
            removed += 1;
        }
    }
    Ok(removed)
}
