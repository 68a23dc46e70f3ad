//! Front and back covers of a card.

use cardsmith_model::card::CoverSide;
use cardsmith_model::validate::CollectionRole;

use super::require_card;
use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::media::image;
use crate::{time, Core, CoreError, CoreResult};

pub fn parse_side(side: Option<&str>) -> CoreResult<CoverSide> {
    CoverSide::parse(side).ok_or_else(|| CoreError::invalid("side", "must be front or back"))
}

/// The cover image: `(bytes, content type, hash)`; 404 when the card has none on that side.
pub async fn get_cover(
    core: &Core,
    actor: &Actor,
    slug: &str,
    side: CoverSide,
) -> CoreResult<(Vec<u8>, String, String)> {
    let card = require_card(core.db.pool(), actor, slug, CollectionRole::Viewer).await?;
    let hash = match side {
        CoverSide::Front => card.cover_hash,
        CoverSide::Back => card.back_cover_hash,
    }
    .ok_or_else(|| CoreError::not_found("this card has no cover on that side yet"))?;
    let (bytes, content_type) = image::load(core, &hash).await?;
    Ok((bytes, content_type, hash))
}

/// Replaces a cover with an uploaded image (editor of the card's home).
pub async fn upload_cover(
    core: &Core,
    actor: &Actor,
    slug: &str,
    side: CoverSide,
    bytes: Vec<u8>,
) -> CoreResult<String> {
    let card = require_card(core.db.pool(), actor, slug, CollectionRole::Editor).await?;
    let stored = image::store_upload(core, bytes).await?;
    let sql = match side {
        CoverSide::Front => "UPDATE cards SET cover_hash = $1, updated_at = $2 WHERE id = $3",
        CoverSide::Back => "UPDATE cards SET back_cover_hash = $1, updated_at = $2 WHERE id = $3",
    };
    let mut tx = core.db.begin().await?;
    sqlx::query(sql)
        .bind(&stored.hash)
        .bind(time::now_str())
        .bind(&card.id)
        .execute(&mut *tx)
        .await?;
    let detail = format!("{} ({side:?})", card.slug);
    audit::commit(tx, AuditEvent::own(actor, "card.cover_set", detail)).await?;
    Ok(stored.hash)
}
