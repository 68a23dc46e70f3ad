//! Variations of one chapter's icon: `count` candidates drawn at once (replacing the last
//! batch), shown at `preview/{index}`, one made the icon with `select`.

use cardsmith_model::icons::{SelectIconInput, VariationsInput, VariationsOutputBody};

use super::{admit, attach_icon, context, draw, png, track_at};
use crate::ai::{self, Capability};
use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::cards::repo::CardRow;
use crate::media::{icon, image};
use crate::{time, Core, CoreError, CoreResult};

/// What `count` candidates would cost on the first provider the drawing would ask: a text
/// model (one grid each) when the cascade has one that costs, else an image model; 0 when
/// the offline glyphs would draw them. Estimated before any call is made; the Icons panel
/// asks for it (`GET …/icons/estimate`) before it offers a paid call.
pub async fn estimate(core: &Core, user_id: &str, count: u32) -> CoreResult<f64> {
    let text = ai::estimate_usd(core, user_id, Capability::Text, count).await?;
    if text > 0.0 {
        return Ok(text);
    }
    ai::estimate_usd(core, user_id, Capability::Image, count).await
}

/// Draws `count` candidates for chapter `position` and answers how many and the estimate
/// checked before drawing. The previous candidates are replaced; the icon is not changed.
pub async fn variations(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    position: i64,
    input: VariationsInput,
) -> CoreResult<VariationsOutputBody> {
    input.validate().map_err(CoreError::Invalid)?;
    let track = track_at(core, card, position).await?;
    admit(core, actor)?;
    let count = input.count as usize;
    let estimated_usd = estimate(core, actor.id(), count as u32).await?;
    let ctx = context(core, actor, card).await?;
    let prompt = input
        .prompt
        .as_deref()
        .map(str::trim)
        .filter(|p| !p.is_empty());
    let mut made = Vec::with_capacity(count);
    for index in 0..count {
        let drawn = draw::draw(core, actor.id(), &ctx, &track, prompt, index, None).await?;
        let small = png(&drawn.icon)?;
        let full = png(&icon::enlarge(&drawn.icon, icon::ENLARGED_SIZE))?;
        let small =
            image::store_encoded(core, small, "image/png", icon::ICON_SIZE, icon::ICON_SIZE)
                .await?;
        let side = icon::ENLARGED_SIZE;
        let full = image::store_encoded(core, full, "image/png", side, side).await?;
        made.push((small.hash, full.hash, drawn.provider));
    }
    let mut tx = core.db.begin().await?;
    sqlx::query("DELETE FROM icon_variations WHERE track_id = $1")
        .bind(&track.id)
        .execute(&mut *tx)
        .await?;
    let now = time::now_str();
    for (index, (small, full, provider)) in made.iter().enumerate() {
        sqlx::query(
            "INSERT INTO icon_variations (track_id, idx, icon_hash, source_hash, prompt, provider, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&track.id)
        .bind(index as i64)
        .bind(small)
        .bind(full)
        .bind(prompt.unwrap_or(""))
        .bind(provider)
        .bind(&now)
        .execute(&mut *tx)
        .await?;
    }
    let detail = format!("{}/{} ({count} candidates)", card.slug, track.slug);
    audit::commit(tx, AuditEvent::own(actor, "track.icon_variations", detail)).await?;
    Ok(VariationsOutputBody {
        count: count as i64,
        estimated_usd,
    })
}

/// Candidate `index` of chapter `position`: `(bytes, content type, hash)`; 404 when there
/// is none.
pub async fn preview(
    core: &Core,
    card: &CardRow,
    position: i64,
    index: i64,
) -> CoreResult<(Vec<u8>, String, String)> {
    let track = track_at(core, card, position).await?;
    let hash = candidate(core, &track.id, index).await?;
    let (bytes, content_type) = image::load(core, &hash).await?;
    Ok((bytes, content_type, hash))
}

/// Makes candidate `index` the chapter's icon (404 when there is none). The candidates stay,
/// so another can still be chosen.
pub async fn select(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    position: i64,
    input: SelectIconInput,
) -> CoreResult<()> {
    input.validate().map_err(CoreError::Invalid)?;
    let track = track_at(core, card, position).await?;
    let hash = candidate(core, &track.id, input.index).await?;
    let provider: String =
        sqlx::query_scalar("SELECT provider FROM icon_variations WHERE track_id = $1 AND idx = $2")
            .bind(&track.id)
            .bind(input.index)
            .fetch_one(core.db.pool())
            .await?;
    let (bytes, _) = image::load(core, &hash).await?;
    let picture = ::image::load_from_memory(&bytes)
        .map_err(|e| CoreError::internal("stored icon", e))?
        .to_rgba8();
    attach_icon(
        core,
        actor,
        card,
        &track,
        &picture,
        "track.icon_selected",
        &provider,
    )
    .await
}

async fn candidate(core: &Core, track_id: &str, index: i64) -> CoreResult<String> {
    sqlx::query_scalar("SELECT icon_hash FROM icon_variations WHERE track_id = $1 AND idx = $2")
        .bind(track_id)
        .bind(index)
        .fetch_optional(core.db.pool())
        .await?
        .ok_or_else(|| CoreError::not_found("this chapter has no icon variation with that index"))
}
