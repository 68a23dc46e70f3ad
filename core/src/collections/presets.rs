//! Story presets and the child profile of a collection. Anybody in the collection reads them;
//! editors change them.

use cardsmith_model::collection::{CollectionProfileOut, PresetInput, PresetOut};
use cardsmith_model::validate::CollectionRole;

use super::access::require_collection;
use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::{new_id, time, Core, CoreError, CoreResult};

#[derive(sqlx::FromRow)]
struct PresetRow {
    id: String,
    collection_id: String,
    name: String,
    emoji: String,
    prompt_template: String,
    vocab_level: String,
    voice_id: String,
    duration_min: i64,
    sort_order: i64,
    created_at: String,
}

impl From<PresetRow> for PresetOut {
    fn from(r: PresetRow) -> Self {
        Self {
            id: r.id,
            collection_id: r.collection_id,
            name: r.name,
            emoji: r.emoji,
            prompt_template: r.prompt_template,
            vocab_level: r.vocab_level,
            voice_id: r.voice_id,
            duration_min: r.duration_min,
            sort_order: r.sort_order,
            created_at: r.created_at,
        }
    }
}

const PRESET_COLUMNS: &str =
    "id, collection_id, name, emoji, prompt_template, vocab_level, voice_id, duration_min, sort_order, created_at";

pub async fn list(core: &Core, actor: &Actor, id: &str) -> CoreResult<Vec<PresetOut>> {
    require_collection(core.db.pool(), actor, id, CollectionRole::Viewer).await?;
    let sql = format!("SELECT {PRESET_COLUMNS} FROM collection_presets WHERE collection_id = $1 ORDER BY sort_order, name");
    let rows: Vec<PresetRow> = sqlx::query_as(&sql)
        .bind(id)
        .fetch_all(core.db.pool())
        .await?;
    Ok(rows.into_iter().map(Into::into).collect())
}

pub async fn create(
    core: &Core,
    actor: &Actor,
    id: &str,
    input: PresetInput,
) -> CoreResult<PresetOut> {
    input.validate()?;
    require_collection(core.db.pool(), actor, id, CollectionRole::Editor).await?;
    let preset_id = new_id();
    let sql = format!(
        "INSERT INTO collection_presets ({PRESET_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING {PRESET_COLUMNS}"
    );
    let mut tx = core.db.begin().await?;
    let row: PresetRow = sqlx::query_as(&sql)
        .bind(&preset_id)
        .bind(id)
        .bind(input.name.trim())
        .bind(&input.emoji)
        .bind(&input.prompt_template)
        .bind(&input.vocab_level)
        .bind(&input.voice_id)
        .bind(input.duration_min)
        .bind(input.sort_order)
        .bind(time::now_str())
        .fetch_one(&mut *tx)
        .await?;
    let detail = format!("{preset_id} in {id}");
    audit::commit(
        tx,
        AuditEvent::own(actor, "collection.preset_created", detail),
    )
    .await?;
    Ok(row.into())
}

pub async fn update(
    core: &Core,
    actor: &Actor,
    id: &str,
    preset_id: &str,
    input: PresetInput,
) -> CoreResult<()> {
    input.validate()?;
    require_collection(core.db.pool(), actor, id, CollectionRole::Editor).await?;
    let mut tx = core.db.begin().await?;
    let done = sqlx::query(
        "UPDATE collection_presets SET name = $1, emoji = $2, prompt_template = $3, vocab_level = $4,
             voice_id = $5, duration_min = $6, sort_order = $7
         WHERE id = $8 AND collection_id = $9",
    )
    .bind(input.name.trim())
    .bind(&input.emoji)
    .bind(&input.prompt_template)
    .bind(&input.vocab_level)
    .bind(&input.voice_id)
    .bind(input.duration_min)
    .bind(input.sort_order)
    .bind(preset_id)
    .bind(id)
    .execute(&mut *tx)
    .await?;
    found(done.rows_affected())?;
    let detail = format!("{preset_id} in {id}");
    audit::commit(
        tx,
        AuditEvent::own(actor, "collection.preset_updated", detail),
    )
    .await
}

pub async fn delete(core: &Core, actor: &Actor, id: &str, preset_id: &str) -> CoreResult<()> {
    require_collection(core.db.pool(), actor, id, CollectionRole::Editor).await?;
    let mut tx = core.db.begin().await?;
    let done = sqlx::query("DELETE FROM collection_presets WHERE id = $1 AND collection_id = $2")
        .bind(preset_id)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    found(done.rows_affected())?;
    let detail = format!("{preset_id} in {id}");
    audit::commit(
        tx,
        AuditEvent::own(actor, "collection.preset_deleted", detail),
    )
    .await
}

fn found(rows: u64) -> CoreResult<()> {
    if rows == 0 {
        Err(CoreError::not_found(
            "no preset with that id in this collection",
        ))
    } else {
        Ok(())
    }
}

#[derive(sqlx::FromRow)]
struct ProfileRow {
    child_name: String,
    child_age: Option<i64>,
    friends: String,
    interests: String,
    notes: String,
    pets: String,
    avoid_themes: String,
    prompt_template: String,
    vocab_level: String,
    voice_id: String,
    duration_min: i64,
}

/// The profile; a collection nobody described yet has the empty profile.
pub async fn get_profile(core: &Core, actor: &Actor, id: &str) -> CoreResult<CollectionProfileOut> {
    require_collection(core.db.pool(), actor, id, CollectionRole::Viewer).await?;
    let row: Option<ProfileRow> = sqlx::query_as(
        "SELECT child_name, child_age, friends, interests, notes, pets, avoid_themes, prompt_template,
                vocab_level, voice_id, duration_min
         FROM collection_profiles WHERE collection_id = $1",
    )
    .bind(id)
    .fetch_optional(core.db.pool())
    .await?;
    Ok(row.map_or_else(
        || CollectionProfileOut {
            duration_min: 10,
            ..Default::default()
        },
        |r| CollectionProfileOut {
            child_name: r.child_name,
            child_age: r.child_age,
            friends: r.friends,
            interests: r.interests,
            notes: r.notes,
            pets: r.pets,
            avoid_themes: r.avoid_themes,
            prompt_template: r.prompt_template,
            vocab_level: r.vocab_level,
            voice_id: r.voice_id,
            duration_min: r.duration_min,
        },
    ))
}

pub async fn set_profile(
    core: &Core,
    actor: &Actor,
    id: &str,
    p: CollectionProfileOut,
) -> CoreResult<()> {
    p.validate()?;
    require_collection(core.db.pool(), actor, id, CollectionRole::Editor).await?;
    let mut tx = core.db.begin().await?;
    sqlx::query(
        "INSERT INTO collection_profiles (collection_id, child_name, child_age, friends, interests, notes, pets,
             avoid_themes, prompt_template, vocab_level, voice_id, duration_min)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT (collection_id) DO UPDATE SET child_name = excluded.child_name, child_age = excluded.child_age,
             friends = excluded.friends, interests = excluded.interests, notes = excluded.notes, pets = excluded.pets,
             avoid_themes = excluded.avoid_themes, prompt_template = excluded.prompt_template,
             vocab_level = excluded.vocab_level, voice_id = excluded.voice_id, duration_min = excluded.duration_min",
    )
    .bind(id)
    .bind(p.child_name.trim())
    .bind(p.child_age)
    .bind(&p.friends)
    .bind(&p.interests)
    .bind(&p.notes)
    .bind(&p.pets)
    .bind(&p.avoid_themes)
    .bind(&p.prompt_template)
    .bind(&p.vocab_level)
    .bind(&p.voice_id)
    .bind(p.duration_min)
    .execute(&mut *tx)
    .await?;
    audit::commit(tx, AuditEvent::own(actor, "collection.profile_set", id)).await
}
