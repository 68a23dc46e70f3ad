//! Generated covers: a pending preview per card and side, then accepted as the cover.
//!
//! `generate` asks the user's provider cascade for a picture (`ai::generate_image`, with a
//! prompt made child-safe from the collection's profile) and, when no provider can draw,
//! paints the procedural cover (`media::art`) instead, so an instance without keys or network
//! still makes covers. The picture is stored like any image and recorded in
//! `cover_previews`; nothing of the card changes until `accept` copies it (and its prompt)
//! into the card, which changes the card's content hash as an upload does.
//!
//! Drawn previews are seeded by the card, side, prompt and a nonce made of the pending preview
//! and the current cover of that side, so generating again with the same prompt
//! ("regenerate") gives a new picture, while the same state always draws the same one.

use cardsmith_model::card::CoverSide;
use cardsmith_model::cover::{AcceptCoverPreviewInput, GenerateCoverInput};
use cardsmith_model::validate::CollectionRole;
use sha2::{Digest, Sha256};

use super::cover::parse_side;
use super::repo::CardRow;
use super::require_card;
use crate::ai::{self, ImageRequest};
use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::media::art::{self, CoverSpec, Face};
use crate::media::colour::{parse_hex, Rgb};
use crate::media::image::{self, StoredImage};
use crate::{time, Core, CoreError, CoreResult};

/// Cover generations one user may start per minute from one address (a burst that refills
/// evenly): each may be a paid provider call.
pub const GENERATIONS_PER_USER: u32 = 10;
/// Cover generations per minute from one client address, whoever asks.
pub const GENERATIONS_PER_ADDRESS: u32 = 30;
/// The provider recorded on a drawn preview.
pub const OFFLINE_PROVIDER: &str = "offline";

/// The card behind `slug` when the caller may change its covers: the check every cover
/// operation makes before it reads its body (a viewer 403, a stranger 404, as for uploads).
pub async fn editable_card(core: &Core, actor: &Actor, slug: &str) -> CoreResult<CardRow> {
    require_card(core.db.pool(), actor, slug, CollectionRole::Editor).await
}

fn side_name(side: CoverSide) -> &'static str {
    match side {
        CoverSide::Front => "front",
        CoverSide::Back => "back",
    }
}

/// Makes a pending preview for the chosen side and answers its image hash. 422 for a bad
/// prompt or side, 429 past the rate limit; the card itself is not changed.
#[tracing::instrument(skip_all, fields(card = %card.slug))]
pub async fn generate(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    input: GenerateCoverInput,
) -> CoreResult<String> {
    admit_request(core, actor, &input)?;
    draw_preview(core, actor, card, input).await
}

/// What `generate` checks before any drawing, also when the drawing runs as a job: the
/// prompt and side (422) and the caller's rate (429).
pub fn admit_request(core: &Core, actor: &Actor, input: &GenerateCoverInput) -> CoreResult<()> {
    input.validate().map_err(CoreError::Invalid)?;
    parse_side(input.side.as_deref())?;
    admit(core, actor)
}

/// The drawing half of `generate`, for an admitted request: the picture (a provider's or
/// the procedural one) stored as the side's pending preview; answers its hash.
pub async fn draw_preview(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    input: GenerateCoverInput,
) -> CoreResult<String> {
    let side = parse_side(input.side.as_deref())?;
    let prompt = input.prompt.trim().to_owned();
    let context = Context::load(core, card).await?;
    let request = ImageRequest {
        prompt: context.image_prompt(card, &prompt, side),
        width: art::COVER_WIDTH,
        height: art::COVER_HEIGHT,
    };
    let from_provider = match ai::generate_image(core, actor.id(), &request).await? {
        Some(generated) => match store_provider_image(core, generated.value).await {
            Ok(stored) => Some((stored, generated.provider)),
            Err(e) => {
                // a provider that answers something undecodable does not cost the user a cover
                tracing::warn!(provider = %generated.provider, error = %e, "unusable cover picture; drawing one");
                None
            }
        },
        None => None,
    };
    let (stored, provider) = match from_provider {
        Some(found) => found,
        None => {
            let nonce = nonce(core, card, side).await?;
            let drawn = draw(core, card, &prompt, side, &nonce, context.palette).await?;
            (drawn, OFFLINE_PROVIDER.to_owned())
        }
    };
    let mut tx = core.db.begin().await?;
    sqlx::query(
        "INSERT INTO cover_previews (card_id, side, image_hash, prompt, provider, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (card_id, side) DO UPDATE SET image_hash = excluded.image_hash,
             prompt = excluded.prompt, provider = excluded.provider,
             created_by = excluded.created_by, created_at = excluded.created_at",
    )
    .bind(&card.id)
    .bind(side_name(side))
    .bind(&stored.hash)
    .bind(&prompt)
    .bind(&provider)
    .bind(actor.id())
    .bind(time::now_str())
    .execute(&mut *tx)
    .await?;
    let detail = format!("{} ({}, by {provider})", card.slug, side_name(side));
    audit::commit(tx, AuditEvent::own(actor, "card.cover_generated", detail)).await?;
    Ok(stored.hash)
}

/// The pending preview of a side: `(bytes, content type, hash)`; 404 when there is none.
pub async fn preview(
    core: &Core,
    card: &CardRow,
    side: CoverSide,
) -> CoreResult<(Vec<u8>, String, String)> {
    let hash: String = sqlx::query_scalar(
        "SELECT image_hash FROM cover_previews WHERE card_id = $1 AND side = $2",
    )
    .bind(&card.id)
    .bind(side_name(side))
    .fetch_optional(core.db.pool())
    .await?
    .ok_or_else(no_preview)?;
    let (bytes, content_type) = image::load(core, &hash).await?;
    Ok((bytes, content_type, hash))
}

/// The image hashes of the card's pending previews, front then back, for its editors (a
/// viewer gets none: previews are an editor's work in progress). Lets the card page show
/// them at once instead of asking for each side and being told 404.
pub async fn pending_previews(
    core: &Core,
    actor: &Actor,
    slug: &str,
) -> CoreResult<[Option<String>; 2]> {
    let card = match editable_card(core, actor, slug).await {
        Ok(card) => card,
        Err(CoreError::Forbidden(_)) => return Ok([None, None]),
        Err(e) => return Err(e),
    };
    let rows: Vec<(String, String)> =
        sqlx::query_as("SELECT side, image_hash FROM cover_previews WHERE card_id = $1")
            .bind(&card.id)
            .fetch_all(core.db.pool())
            .await?;
    let of = |side: CoverSide| {
        rows.iter()
            .find(|(name, _)| name == side_name(side))
            .map(|(_, hash)| hash.clone())
    };
    Ok([of(CoverSide::Front), of(CoverSide::Back)])
}

/// Makes the pending preview the card's cover on that side (and its prompt the side's
/// prompt), removing the preview. 404 when there is none.
pub async fn accept(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    input: AcceptCoverPreviewInput,
) -> CoreResult<String> {
    input.validate().map_err(CoreError::Invalid)?;
    let side = parse_side(input.side.as_deref())?;
    let mut tx = core.db.begin().await?;
    // deleting first takes the write lock at once: two accepts cannot both find the row
    let taken: Option<(String, String, String)> = sqlx::query_as(
        "DELETE FROM cover_previews WHERE card_id = $1 AND side = $2
         RETURNING image_hash, prompt, provider",
    )
    .bind(&card.id)
    .bind(side_name(side))
    .fetch_optional(&mut *tx)
    .await?;
    let (hash, prompt, provider) = taken.ok_or_else(no_preview)?;
    let sql = match side {
        CoverSide::Front => {
            "UPDATE cards SET cover_hash = $1, cover_prompt = $2, updated_at = $3 WHERE id = $4"
        }
        CoverSide::Back => {
            "UPDATE cards SET back_cover_hash = $1, back_cover_prompt = $2, updated_at = $3
             WHERE id = $4"
        }
    };
    sqlx::query(sql)
        .bind(&hash)
        .bind(&prompt)
        .bind(time::now_str())
        .bind(&card.id)
        .execute(&mut *tx)
        .await?;
    let detail = format!(
        "{} ({}, generated by {provider})",
        card.slug,
        side_name(side)
    );
    audit::commit(tx, AuditEvent::own(actor, "card.cover_set", detail)).await?;
    Ok(hash)
}

fn no_preview() -> CoreError {
    CoreError::not_found("there is no cover preview on that side; generate one first")
}

fn admit(core: &Core, actor: &Actor) -> CoreResult<()> {
    core.throttles.covers.admit_actor(actor)
}

/// What the picture should suit: the card's approved theme colours and the child the home
/// collection's profile describes.
struct Context {
    palette: Option<Vec<Rgb>>,
    child_age: Option<i64>,
    avoid_themes: Vec<String>,
}

impl Context {
    async fn load(core: &Core, card: &CardRow) -> CoreResult<Self> {
        let theme: Option<String> =
            sqlx::query_scalar("SELECT icon_theme FROM cards WHERE id = $1")
                .bind(&card.id)
                .fetch_optional(core.db.pool())
                .await?
                .flatten();
        let profile: Option<(Option<i64>, String)> = sqlx::query_as(
            "SELECT child_age, avoid_themes FROM collection_profiles WHERE collection_id = $1",
        )
        .bind(&card.home_collection_id)
        .fetch_optional(core.db.pool())
        .await?;
        let (child_age, avoid) = profile.unwrap_or_default();
        Ok(Self {
            palette: theme.as_deref().and_then(theme_colours),
            child_age,
            avoid_themes: avoid
                .split([',', ';', '\n'])
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(str::to_owned)
                .collect(),
        })
    }

    /// The words sent to an image provider: the editor's prompt inside rules that keep the
    /// picture fit for a young child and free of lettering (the card's title is printed
    /// beside it; models draw letters badly).
    fn image_prompt(&self, card: &CardRow, prompt: &str, side: CoverSide) -> String {
        let reader = match self.child_age {
            Some(age) if age > 0 => format!("a {age}-year-old child"),
            _ => "a young child".to_owned(),
        };
        let mut text = match side {
            CoverSide::Front => format!(
                "A picture-book cover illustration, portrait format, for a children's audio \
                 story called \"{}\". It shows: {prompt}.",
                card.title
            ),
            CoverSide::Back => format!(
                "The back cover of a children's audio story called \"{}\": a calm, simple \
                 pattern or quiet scene that matches: {prompt}.",
                card.title
            ),
        };
        text.push_str(&format!(
            " Gentle, warm and friendly, suitable for {reader}: nothing scary, violent or sad, \
             no weapons, no real people, no brands. Simple bold shapes, soft colours. No \
             text, letters or words anywhere in the picture."
        ));
        if let Some(colours) = &self.palette {
            let hex: Vec<String> = colours
                .iter()
                .map(|[r, g, b]| format!("#{r:02x}{g:02x}{b:02x}"))
                .collect();
            text.push_str(&format!(" Use mainly these colours: {}.", hex.join(", ")));
        }
        if !self.avoid_themes.is_empty() {
            text.push_str(&format!(
                " Do not show or suggest: {}.",
                self.avoid_themes.join(", ")
            ));
        }
        text
    }
}

/// The `colors` of an approved icon theme (`{"colors": ["#rrggbb", …], …}`), when there are
/// at least two readable ones.
fn theme_colours(json: &str) -> Option<Vec<Rgb>> {
    let value: serde_json::Value = serde_json::from_str(json).ok()?;
    let colours: Vec<Rgb> = value
        .get("colors")?
        .as_array()?
        .iter()
        .filter_map(|c| parse_hex(c.as_str()?))
        .collect();
    (colours.len() >= 2).then_some(colours)
}

/// Different for every preview and every accepted cover of the side, so a new generation
/// with the same prompt draws a new picture.
async fn nonce(core: &Core, card: &CardRow, side: CoverSide) -> CoreResult<String> {
    let pending: Option<String> = sqlx::query_scalar(
        "SELECT image_hash FROM cover_previews WHERE card_id = $1 AND side = $2",
    )
    .bind(&card.id)
    .bind(side_name(side))
    .fetch_optional(core.db.pool())
    .await?;
    let current = match side {
        CoverSide::Front => card.cover_hash.as_deref(),
        CoverSide::Back => card.back_cover_hash.as_deref(),
    };
    let mut h = Sha256::new();
    h.update(pending.as_deref().unwrap_or("").as_bytes());
    h.update([0]);
    h.update(current.unwrap_or("").as_bytes());
    Ok(hex::encode(&h.finalize()[..8]))
}

/// Paints the procedural cover of the side (off the async runtime) and stores it as PNG.
async fn draw(
    core: &Core,
    card: &CardRow,
    prompt: &str,
    side: CoverSide,
    nonce: &str,
    palette: Option<Vec<Rgb>>,
) -> CoreResult<StoredImage> {
    let (title, author, description) = (
        card.title.clone(),
        card.author.clone(),
        card.description.clone(),
    );
    let prompt = prompt.to_owned();
    let seed = format!("{}/{}/{nonce}", card.id, side_name(side));
    let face = match side {
        CoverSide::Front => Face::Front,
        CoverSide::Back => Face::Back,
    };
    let png = crate::priority::blocking(move || {
        art::cover_png(&CoverSpec {
            prompt: &prompt,
            face,
            author: &author,
            description: &description,
            palette: palette.as_deref(),
            ..CoverSpec::card(&title, &seed)
        })
    })
    .await??;
    image::store_encoded(core, png, "image/png", art::COVER_WIDTH, art::COVER_HEIGHT).await
}

/// A provider's picture, decoded within the upload limits, cut to the cover's shape (centred)
/// and resized to the cover size, re-encoded without metadata and stored.
async fn store_provider_image(core: &Core, bytes: Vec<u8>) -> CoreResult<StoredImage> {
    let max = core.settings.max_image_bytes;
    let (clean, content_type) = image::with_decoded(bytes, max, |decoded| {
        image::encode_clean(&fit_cover(&decoded))
    })
    .await?;
    image::store_encoded(
        core,
        clean,
        content_type,
        art::COVER_WIDTH,
        art::COVER_HEIGHT,
    )
    .await
}

/// The largest centred part of `picture` with the cover's aspect ratio, at the cover size.
fn fit_cover(picture: &::image::DynamicImage) -> ::image::DynamicImage {
    let (w, h) = (u64::from(picture.width()), u64::from(picture.height()));
    let (cw, ch) = (u64::from(art::COVER_WIDTH), u64::from(art::COVER_HEIGHT));
    // w/h > cw/ch: too wide, keep the full height
    let (crop_w, crop_h) = if w * ch > h * cw {
        ((h * cw / ch).max(1), h)
    } else {
        (w, (w * ch / cw).max(1))
    };
    let cropped = picture.crop_imm(
        ((w - crop_w) / 2) as u32,
        ((h - crop_h) / 2) as u32,
        crop_w as u32,
        crop_h as u32,
    );
    cropped.resize_exact(
        art::COVER_WIDTH,
        art::COVER_HEIGHT,
        ::image::imageops::FilterType::CatmullRom,
    )
}

#[cfg(test)]
mod tests;
