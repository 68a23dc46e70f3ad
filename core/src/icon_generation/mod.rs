//! Generated chapter icons: a card's icon theme (palettes suggested, one approved), an icon
//! drawn for every chapter or for one, and per-chapter variations to choose from.
//!
//! Icons are drawn by the user's provider cascade when it can (a text model's 16x16 grid in
//! the theme's letters, else an image model's picture reduced to the palette) and offline
//! otherwise, from the curated glyphs in [`library`] chosen by the chapter's words. Every
//! icon is a 16x16 RGBA PNG in the theme's colours, attached like a drawn icon
//! (`tracks::icons::attach_drawn_icon`: the 16x16 PNG and its whole-pixel enlargement as the
//! full picture), so the card's content hash changes and publishing sends it.
//!
//! Batch generation (`generate`, `sample`) never replaces an icon a person gave a chapter
//! (uploaded or imported): only drawn defaults and icons generated before
//! (`tracks.icon_generated_hash`). Asking for one chapter (`regenerate`, `select`) replaces
//! whatever it has, since that is what was asked.

pub mod draw;
pub mod grid;
pub mod job;
pub mod keywords;
pub mod library;
pub mod quantise;
pub mod render;
pub mod theme;
mod variations;

use cardsmith_i18n::{t, Locale};
use cardsmith_model::icons::{ApproveThemeInput, GenerateIconsOutputBody, SuggestThemeOutputBody};
use cardsmith_model::validate::CollectionRole;

use crate::ai::audience::Audience;
use crate::ai::{self, TextRequest};
use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::cards::{repo::CardRow, require_card};
use crate::collections::presets;
use crate::media::{icon, image as stored_image};
use crate::tracks::{icons as track_icons, repo as tracks, repo::TrackRow};
use crate::{time, Core, CoreError, CoreResult};

use draw::{Context, Drawn};
use keywords::Weighted;
use theme::Theme;

pub use variations::{estimate, preview, select, variations};

/// Generation requests (suggest, generate, sample, regenerate, variations) one user may make
/// per minute from one address: each may be paid provider calls.
pub const GENERATIONS_PER_USER: u32 = 20;
/// The same per client address, whoever asks.
pub const GENERATIONS_PER_ADDRESS: u32 = 60;
/// Chapters `sample` draws.
pub const SAMPLE_CHAPTERS: usize = 2;
/// Who drew an icon when no provider did.
pub const OFFLINE: &str = "offline";

/// The card behind `slug` when the caller may generate its icons (editor): the check every
/// operation makes before reading its body (a viewer 403, a stranger 404, as for uploads).
pub async fn editable_card(core: &Core, actor: &Actor, slug: &str) -> CoreResult<CardRow> {
    require_card(core.db.pool(), actor, slug, CollectionRole::Editor).await
}

/// 429 past the generation limit.
pub fn admit(core: &Core, actor: &Actor) -> CoreResult<()> {
    core.throttles.icons.admit_actor(actor)
}

/// Palettes that suit the card: from a text provider when one answers well-formed palettes
/// (free of the collection's avoided themes), else the curated ones its words call for.
pub async fn suggest_theme(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
) -> CoreResult<SuggestThemeOutputBody> {
    admit(core, actor)?;
    let audience = audience(core, actor, card).await?;
    let chapters = tracks::list_playable(core.db.pool(), &card.id).await?;
    let titles: Vec<&str> = chapters.iter().map(|t| t.title.as_str()).collect();
    let joined_titles = titles.join(", ");
    let request = TextRequest {
        system: audience.system_rules(),
        prompt: format!(
            "Suggest colour palettes for the 16x16 pixel icons of a children's audio card \
             titled \"{}\" ({}). Chapters: {}. {} {}",
            card.title,
            card.description.chars().take(300).collect::<String>(),
            joined_titles.chars().take(600).collect::<String>(),
            audience.describe(),
            theme::LLM_FORMAT
        ),
        max_tokens: 800,
        json: true,
    };
    if let Some(answer) = ai::generate_text(core, actor.id(), &request).await? {
        match theme::parse_llm_palettes(&answer.value) {
            Some(palettes)
                if audience
                    .violations(
                        &palettes
                            .iter()
                            .map(|p| p.name.as_str())
                            .collect::<Vec<_>>()
                            .join(". "),
                    )
                    .is_empty() =>
            {
                return Ok(SuggestThemeOutputBody { palettes });
            }
            _ => {
                tracing::warn!(provider = %answer.provider, "unusable palettes; suggesting curated ones")
            }
        }
    }
    let mut texts = vec![
        Weighted {
            text: &card.title,
            weight: 3,
        },
        Weighted {
            text: &card.description,
            weight: 1,
        },
        Weighted {
            text: &joined_titles,
            weight: 2,
        },
        Weighted {
            text: &audience.interests,
            weight: 2,
        },
    ];
    texts.retain(|t| !t.text.is_empty());
    Ok(SuggestThemeOutputBody {
        palettes: theme::offline_suggestions(&texts),
    })
}

/// Approves a theme: every icon drawn afterwards uses its colours and style.
pub async fn approve_theme(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    input: ApproveThemeInput,
) -> CoreResult<()> {
    input.validate().map_err(CoreError::Invalid)?;
    let theme = Theme {
        colors: input.colors.iter().map(|c| c.to_lowercase()).collect(),
        palette_name: input.palette_name.trim().to_owned(),
        style: input.style,
    };
    let json = serde_json::to_string(&theme).map_err(|e| CoreError::internal("theme json", e))?;
    let mut tx = core.db.begin().await?;
    sqlx::query("UPDATE cards SET icon_theme = $1, updated_at = $2 WHERE id = $3")
        .bind(&json)
        .bind(time::now_str())
        .bind(&card.id)
        .execute(&mut *tx)
        .await?;
    let detail = format!("{} (“{}”, {})", card.slug, theme.palette_name, theme.style);
    audit::commit(tx, AuditEvent::own(actor, "card.icon_theme_set", detail)).await
}

/// Icons for every chapter whose icon is not a person's own.
pub async fn generate_all(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
) -> CoreResult<GenerateIconsOutputBody> {
    admit(core, actor)?;
    batch(core, actor, card, Batch::All, &|_| {}).await
}

/// Icons for the first [`SAMPLE_CHAPTERS`] chapters whose icon is not a person's own, to try
/// the theme before the whole batch.
pub async fn sample(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
) -> CoreResult<GenerateIconsOutputBody> {
    admit(core, actor)?;
    batch(core, actor, card, Batch::Sample, &|_| {}).await
}

/// A new icon for chapter `position`, different from its current one where the drawer can
/// tell; replaces any icon, uploaded ones included.
pub async fn regenerate(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    position: i64,
) -> CoreResult<GenerateIconsOutputBody> {
    admit(core, actor)?;
    let track = track_at(core, card, position).await?;
    let ctx = context(core, actor, card).await?;
    let current = current_icon(core, &track).await?;
    let drawn = draw::draw(core, actor.id(), &ctx, &track, None, 0, current.as_ref()).await?;
    attach(core, actor, card, &track, &drawn, "track.icon_generated").await?;
    Ok(GenerateIconsOutputBody {
        generated: 1,
        message: t!(
            actor.locale,
            "art-icons-drew-chapter",
            title = &track.title,
            who = who(actor.locale, &drawn)
        ),
    })
}

/// Which chapters a batch draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Batch {
    /// Every chapter without an icon of its own (`generate`).
    All,
    /// The first [`SAMPLE_CHAPTERS`] of them (`sample`).
    Sample,
}

/// Draws the icons of `which` chapters of an admitted request, telling `progress` the share
/// of chapters done (0..1) after each; `generate` and `sample` run it in the request, the
/// `icons.generate` job in the background.
pub async fn batch(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    which: Batch,
    progress: &(dyn Fn(f64) + Send + Sync),
) -> CoreResult<GenerateIconsOutputBody> {
    let limit = match which {
        Batch::All => usize::MAX,
        Batch::Sample => SAMPLE_CHAPTERS,
    };
    let ctx = context(core, actor, card).await?;
    let chapters = tracks::list_playable(core.db.pool(), &card.id).await?;
    let planned = chapters.len().min(limit).max(1) as f64;
    let mut kept = Vec::new();
    let mut drawn_by: Vec<String> = Vec::new();
    let mut generated = 0;
    for track in &chapters {
        if generated as usize >= limit {
            break;
        }
        if is_own(core, track).await? {
            kept.push(track.title.clone());
            continue;
        }
        let drawn = draw::draw(core, actor.id(), &ctx, track, None, 0, None).await?;
        attach(core, actor, card, track, &drawn, "track.icon_generated").await?;
        let by = who(actor.locale, &drawn);
        if !drawn_by.contains(&by) {
            drawn_by.push(by);
        }
        generated += 1;
        progress((generated as f64 / planned).min(1.0));
    }
    let locale = actor.locale;
    let mut message = match generated {
        0 => t!(locale, "art-icons-drew-none"),
        n => t!(
            locale,
            "art-icons-drew",
            count = n,
            palette = ctx.theme.palette_name.as_str(),
            who = drawn_by.join(", ")
        ),
    };
    if !kept.is_empty() {
        let kept = t!(
            locale,
            "art-icons-kept",
            count = kept.len(),
            titles = kept.join(", ")
        );
        message = format!("{message} {kept}");
    }
    if chapters.is_empty() {
        message = t!(locale, "art-icons-no-chapters");
    }
    Ok(GenerateIconsOutputBody { generated, message })
}

fn who(locale: Locale, drawn: &Drawn) -> String {
    if drawn.provider == OFFLINE {
        t!(locale, "art-icons-by-offline")
    } else {
        t!(
            locale,
            "art-icons-by-provider",
            provider = drawn.provider.as_str()
        )
    }
}

/// Whether the track's icon was given by a person (uploaded or imported), not drawn by us.
async fn is_own(core: &Core, track: &TrackRow) -> CoreResult<bool> {
    let Some(icon_hash) = &track.icon_hash else {
        return Ok(false);
    };
    let generated: Option<String> =
        sqlx::query_scalar("SELECT icon_generated_hash FROM tracks WHERE id = $1")
            .bind(&track.id)
            .fetch_optional(core.db.pool())
            .await?
            .flatten();
    Ok(generated.as_deref() != Some(icon_hash.as_str()))
}

/// The track's stored 16x16 icon, decoded (`None` for the drawn default).
async fn current_icon(core: &Core, track: &TrackRow) -> CoreResult<Option<::image::RgbaImage>> {
    let Some(hash) = &track.icon_hash else {
        return Ok(None);
    };
    let (bytes, _) = stored_image::load(core, hash).await?;
    Ok(::image::load_from_memory(&bytes).ok().map(|i| i.to_rgba8()))
}

/// Makes `drawn` the track's icon and marks it generated, with an audit row, in one
/// transaction.
async fn attach(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    track: &TrackRow,
    drawn: &Drawn,
    action: &str,
) -> CoreResult<()> {
    attach_icon(
        core,
        actor,
        card,
        track,
        &drawn.icon,
        action,
        &drawn.provider,
    )
    .await
}

pub(crate) async fn attach_icon(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    track: &TrackRow,
    picture: &::image::RgbaImage,
    action: &str,
    provider: &str,
) -> CoreResult<()> {
    let mut tx = track_icons::attach_drawn_icon(core, &card.id, &track.id, picture).await?;
    sqlx::query("UPDATE tracks SET icon_generated_hash = icon_hash WHERE id = $1")
        .bind(&track.id)
        .execute(&mut *tx)
        .await?;
    let detail = format!("{}/{} (by {provider})", card.slug, track.slug);
    audit::commit(tx, AuditEvent::own(actor, action, detail)).await
}

/// The chapter at `position` (404 when there is none).
pub(crate) async fn track_at(core: &Core, card: &CardRow, position: i64) -> CoreResult<TrackRow> {
    tracks::find_at_position(core.db.pool(), &card.id, position)
        .await?
        .ok_or_else(|| CoreError::not_found("this card has no chapter at that position"))
}

/// The collection's child, for prompts and the avoided themes.
async fn audience(core: &Core, actor: &Actor, card: &CardRow) -> CoreResult<Audience> {
    let profile = presets::get_profile(core, actor, &card.home_collection_id).await?;
    Ok(Audience::new(&profile, None))
}

/// What icons of the card are drawn with: its approved theme, else the default one.
pub(crate) async fn context(core: &Core, actor: &Actor, card: &CardRow) -> CoreResult<Context> {
    let stored: Option<String> = sqlx::query_scalar("SELECT icon_theme FROM cards WHERE id = $1")
        .bind(&card.id)
        .fetch_optional(core.db.pool())
        .await?
        .flatten();
    let theme = stored
        .as_deref()
        .and_then(Theme::parse)
        .unwrap_or_else(Theme::fallback);
    Ok(Context {
        palette: theme.rgb(),
        style: theme.style(),
        theme,
        audience: audience(core, actor, card).await?,
    })
}

/// PNG bytes of an icon (16x16 RGBA), for storing.
pub(crate) fn png(picture: &::image::RgbaImage) -> CoreResult<Vec<u8>> {
    icon::encode_png(picture)
}
