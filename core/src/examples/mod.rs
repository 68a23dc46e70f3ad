//! Example content for a new instance: an "Examples" collection owned by the admin who asks,
//! with a few cards whose chapters are short stories spoken by an offline voice (`tts`),
//! drawn covers (`media::art`) and chapter icons drawn offline from the icon library's
//! glyphs (`icon_generation`), as a parent's own chapters get them. Nothing is fetched from
//! anywhere.
//!
//! Seeding happens once per instance (the `example_seed` row): a second call creates nothing
//! and answers zero counts, also after the examples were deleted. The request does the work
//! itself, in a few seconds, so it can answer 201 with the counts the spec asks for; each
//! track then goes through the normal track path (probed, stored, transcoded by a
//! `transcode` job with loudness normalisation), whose progress `status` reports. A seed that
//! fails removes what it made and can be retried; one interrupted by a crash is taken over
//! by a call more than [`STALE_AFTER_MINUTES`] later.

mod stories;

use cardsmith_model::card::CreateCardInput;
use cardsmith_model::collection::CreateCollectionInput;
use cardsmith_model::examples::{SeedExampleOutputBody, SeedStatusOutputBody};
use cardsmith_model::track::{source_type, transcode_status};
use cardsmith_model::validate::CollectionRole;

use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::cards::{self, repo::CardRow};
use crate::icon_generation::keywords::{self, Weighted};
use crate::icon_generation::library::Glyph;
use crate::icon_generation::{draw, theme::Theme};
use crate::media::art::{self, CoverSpec};
use crate::media::image;
use crate::media::store::IncomingFile;
use crate::{collections, time, tracks, tts, Core, CoreError, CoreResult};

use stories::{Story, STORIES};

/// Name of the collection the examples go into.
pub const COLLECTION_NAME: &str = "Examples";
/// A seed still unfinished this long after it started was interrupted; the next call redoes it.
pub const STALE_AFTER_MINUTES: i64 = 10;
/// Mixed into every example picture's seed (chosen so the three covers differ in hue and the
/// moon story is drawn at night); a new set of pictures is one word away.
const ART_SEED: &str = "examples-2";

/// Whether the instance was seeded, and how far the example tracks' transcodes are (admin).
pub async fn status(core: &Core, actor: &Actor) -> CoreResult<SeedStatusOutputBody> {
    actor.require_admin()?;
    let pool = core.db.pool();
    let row: Option<(Option<String>, Option<String>)> =
        sqlx::query_as("SELECT collection_id, completed_at FROM example_seed WHERE id = 1")
            .fetch_optional(pool)
            .await?;
    let Some((collection_id, completed_at)) = row else {
        return Ok(SeedStatusOutputBody::default());
    };
    let collection: Option<(String, String)> = match collection_id {
        Some(id) => {
            sqlx::query_as("SELECT id, slug FROM collections WHERE id = $1")
                .bind(id)
                .fetch_optional(pool)
                .await?
        }
        None => None,
    };
    let (collection_id, collection_slug) = collection.unzip();
    let (tracks_total, tracks_ready): (i64, i64) = sqlx::query_as(
        "SELECT COUNT(*), COALESCE(SUM(CASE WHEN t.transcode_status = $2 THEN 1 ELSE 0 END), 0)
         FROM tracks t JOIN cards c ON c.id = t.card_id
         WHERE c.home_collection_id = $1 AND t.is_source = 0",
    )
    .bind(collection_id.as_deref().unwrap_or(""))
    .bind(transcode_status::READY)
    .fetch_one(pool)
    .await?;
    Ok(SeedStatusOutputBody {
        seeded: completed_at.is_some(),
        collection_id,
        collection_slug,
        tracks_total,
        tracks_ready,
    })
}

/// Creates the examples unless this instance has them (admin). 409 while another seed runs
/// or when no offline voice is installed.
#[tracing::instrument(skip_all, fields(actor_id = %actor.id()))]
pub async fn seed(core: &Core, actor: &Actor) -> CoreResult<SeedExampleOutputBody> {
    actor.require_admin()?;
    // refuse before claiming: without a voice there is nothing to make
    if !tts::engines().await.has_espeak() && !tts::engines().await.has_flite() {
        return Err(tts::no_engine());
    }
    if !claim(core, actor).await? {
        return Ok(SeedExampleOutputBody::default());
    }
    let mut made = Made::default();
    match make(core, actor, &mut made).await {
        Ok(counts) => Ok(counts),
        Err(e) => {
            undo(core, actor, &made).await;
            Err(e)
        }
    }
}

/// Takes the instance's one seed: `false` when it was done already, 409 while another runs.
async fn claim(core: &Core, actor: &Actor) -> CoreResult<bool> {
    let now = time::now_str();
    let stale = time::from_now(chrono::Duration::minutes(-STALE_AFTER_MINUTES));
    let mut tx = core.db.begin().await?;
    let row: Option<(String, Option<String>)> =
        sqlx::query_as("SELECT started_at, completed_at FROM example_seed WHERE id = 1")
            .fetch_optional(&mut *tx)
            .await?;
    match row {
        Some((_, Some(_))) => return Ok(false),
        Some((started_at, None)) if started_at > stale => {
            return Err(CoreError::Conflict(
                "the examples are being seeded right now; try again in a minute".into(),
            ))
        }
        Some(_) => {
            tracing::warn!("taking over an example seed that was interrupted");
            sqlx::query(
                "UPDATE example_seed SET seeded_by = $1, started_at = $2, collection_id = NULL
                 WHERE id = 1",
            )
            .bind(actor.id())
            .bind(&now)
            .execute(&mut *tx)
            .await?;
        }
        None => {
            sqlx::query("INSERT INTO example_seed (id, seeded_by, started_at) VALUES (1, $1, $2)")
                .bind(actor.id())
                .bind(&now)
                .execute(&mut *tx)
                .await?;
        }
    }
    tx.commit().await?;
    Ok(true)
}

/// What a seed made so far, to undo it when it fails.
#[derive(Default)]
struct Made {
    collection_id: Option<String>,
}

async fn make(core: &Core, actor: &Actor, made: &mut Made) -> CoreResult<SeedExampleOutputBody> {
    let started = std::time::Instant::now();
    let collection = collections::service::create(
        core,
        actor,
        CreateCollectionInput {
            name: COLLECTION_NAME.into(),
            description: "Example cards made on this server: stories read by an offline voice, \
                          with drawn covers and chapter icons. Publish, print or delete them."
                .into(),
            slug: None,
            // the example stories are written and read in English
            language: Some("en".into()),
        },
    )
    .await?;
    made.collection_id = Some(collection.id.clone());
    sqlx::query("UPDATE example_seed SET collection_id = $1 WHERE id = 1")
        .bind(&collection.id)
        .execute(core.db.pool())
        .await?;
    let mut counts = SeedExampleOutputBody::default();
    for story in STORIES {
        counts.tracks_created += make_card(core, actor, &collection.id, story).await?;
        counts.cards_created += 1;
    }
    let mut tx = core.db.begin().await?;
    sqlx::query(
        "UPDATE example_seed SET completed_at = $1, cards_created = $2, tracks_created = $3
         WHERE id = 1",
    )
    .bind(time::now_str())
    .bind(counts.cards_created)
    .bind(counts.tracks_created)
    .execute(&mut *tx)
    .await?;
    let detail = format!(
        "{} cards, {} tracks in collection {}",
        counts.cards_created, counts.tracks_created, collection.slug
    );
    audit::record(&mut *tx, AuditEvent::own(actor, "examples.seeded", detail)).await?;
    tx.commit().await?;
    tracing::info!(
        cards = counts.cards_created,
        tracks = counts.tracks_created,
        ms = started.elapsed().as_millis() as u64,
        "examples seeded"
    );
    Ok(counts)
}

/// One card: created, its cover drawn, each chapter spoken, added and given a drawn icon.
/// Answers the number of tracks added.
async fn make_card(
    core: &Core,
    actor: &Actor,
    collection_id: &str,
    story: &Story,
) -> CoreResult<i64> {
    let card = cards::service::create_card(
        core,
        actor,
        collection_id,
        CreateCardInput {
            title: story.title.into(),
            description: story.description.into(),
            author: Some("Cardsmith examples".into()),
            slug: None,
        },
    )
    .await?;
    let card =
        cards::require_card(core.db.pool(), actor, &card.slug, CollectionRole::Editor).await?;
    set_cover(core, actor, &card, story.title).await?;
    let voice = tts::pick_voice(story.voices).await?;
    let tmp = core.settings.data_dir.join("tmp");
    for ((chapter, text), picture) in story.chapters.iter().zip(chapter_icons(story)) {
        let wav = tts::synthesize(&tmp, text, &voice).await?;
        let mut file =
            IncomingFile::create(&core.settings.data_dir, core.settings.max_audio_bytes).await?;
        file.write(&wav.read().await?).await?;
        drop(wav);
        let track =
            tracks::upload::add_file(core, actor, &card, file, chapter, source_type::TTS).await?;
        let mut tx = tracks::icons::attach_drawn_icon(core, &card.id, &track.id, &picture).await?;
        let detail = format!("{}/{}", card.slug, track.slug);
        audit::record(&mut *tx, AuditEvent::own(actor, "track.icon_set", detail)).await?;
        tx.commit().await?;
    }
    Ok(story.chapters.len() as i64)
}

/// Each chapter's icon as the offline icon generator draws it in the default theme: the
/// library glyph its title, its story and its text match best (the cat, the storm, the
/// lamp), skipping glyphs an earlier chapter of the card shows; its number when none match.
fn chapter_icons(story: &Story) -> Vec<::image::RgbaImage> {
    let theme = Theme::fallback();
    let mut shown: Vec<&Glyph> = Vec::new();
    let mut icons = Vec::new();
    for (number, (chapter, text)) in (1..).zip(story.chapters) {
        let ranked = keywords::ranked(&[
            Weighted {
                text: chapter,
                weight: 4,
            },
            Weighted {
                text: story.title,
                weight: 2,
            },
            Weighted { text, weight: 1 },
        ]);
        let fresh = ranked
            .iter()
            .find(|g| !shown.iter().any(|s| std::ptr::eq(*s, **g)));
        let pick: Vec<&'static Glyph> = fresh.or(ranked.first()).copied().into_iter().collect();
        shown.extend(pick.iter().copied());
        icons.push(draw::offline(&theme.rgb(), theme.style(), number, &pick, 0).icon);
    }
    icons
}

/// Draws the card's front cover (PNG, the platform's 638x1011) and sets it.
async fn set_cover(core: &Core, actor: &Actor, card: &CardRow, title: &str) -> CoreResult<()> {
    let title = title.to_owned();
    let png = crate::priority::blocking(move || art::cover_png(&CoverSpec::card(&title, ART_SEED)))
        .await??;
    let stored =
        image::store_encoded(core, png, "image/png", art::COVER_WIDTH, art::COVER_HEIGHT).await?;
    let mut tx = core.db.begin().await?;
    sqlx::query("UPDATE cards SET cover_hash = $1, updated_at = $2 WHERE id = $3")
        .bind(&stored.hash)
        .bind(time::now_str())
        .bind(&card.id)
        .execute(&mut *tx)
        .await?;
    let detail = format!("{} (front, drawn)", card.slug);
    audit::record(&mut *tx, AuditEvent::own(actor, "card.cover_set", detail)).await?;
    tx.commit().await?;
    Ok(())
}

/// After a failure: deletes the collection made so far (its cards and tracks with it; their
/// files go with the housekeeping sweep) and releases the claim, so the seed can be retried.
/// Failures here are logged: the caller reports the first error.
async fn undo(core: &Core, actor: &Actor, made: &Made) {
    if let Some(id) = &made.collection_id {
        if let Err(e) = collections::service::delete(core, actor, id, true).await {
            tracing::error!(error = %e, "could not remove a half-made examples collection");
        }
    }
    let released = sqlx::query("DELETE FROM example_seed WHERE id = 1 AND completed_at IS NULL")
        .execute(core.db.pool())
        .await;
    if let Err(e) = released {
        tracing::error!(error = %e, "could not release the example seed");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every example chapter shows a picture of its own (no number tiles, no picture twice
    /// on one card), and drawing them again gives the same pixels.
    #[test]
    fn every_example_chapter_has_a_glyph_of_its_own() {
        for story in STORIES {
            let icons = chapter_icons(story);
            assert_eq!(icons.len(), story.chapters.len());
            for (i, icon) in icons.iter().enumerate() {
                assert_eq!(icon.dimensions(), (16, 16));
                let (chapter, _) = story.chapters[i];
                let tile = draw::offline(
                    &Theme::fallback().rgb(),
                    Theme::fallback().style(),
                    i as i64 + 1,
                    &[],
                    0,
                );
                assert_ne!(
                    icon, &tile.icon,
                    "{}: {chapter} matched no glyph",
                    story.title
                );
                assert!(
                    !icons[..i].contains(icon),
                    "{}: {chapter} repeats a picture",
                    story.title
                );
            }
            assert_eq!(icons, chapter_icons(story));
        }
    }
}
