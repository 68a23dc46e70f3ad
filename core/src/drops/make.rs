//! Confirming a drop's plan: the cards are made as the parent edited them, each with its
//! cover, chapters (queued for transcoding as uploads are) and matched icons.
//!
//! Everything the plan names is checked before anything is made (each chapter an audio file
//! of the drop, each cover a picture or audio with one inside, each icon a glyph of the
//! library, the per-card chapter cap), and a confirm makes all its cards or none: a card that
//! fails half-way takes the cards made before it along, and the drop can be confirmed again.
//! A cover picture that does not decode is the one thing that does not stop the cards: the
//! card is made without it, and the answer says why.

use cardsmith_model::card::{CoverSide, CreateCardInput};
use cardsmith_model::drop::{ConfirmDropCard, ConfirmDropInput, DropMadeCard, DropMadeOut};
use cardsmith_model::track::source_type;
use cardsmith_model::validate::CollectionRole;
use cardsmith_model::FieldError;

use super::repo::{self, kind, state, DropFileRow, DropRow};
use crate::auth::Actor;
use crate::icon_generation::{self, draw, library};
use crate::media::audio::tags;
use crate::tracks::upload::{self, NewStored, StoredAudio};
use crate::{cards, Core, CoreError, CoreResult};

/// Makes the cards `input` describes from drop `drop` (its owner, editor of its collection).
pub async fn confirm(
    core: &Core,
    actor: &Actor,
    drop: &DropRow,
    input: ConfirmDropInput,
) -> CoreResult<DropMadeOut> {
    input.validate()?;
    if drop.state != state::OPEN {
        return Err(made_already());
    }
    let files = repo::files(core.db.pool(), &drop.id).await?;
    check(core, &files, &input)?;
    if !repo::move_state(core.db.pool(), &drop.id, state::OPEN, state::MAKING).await? {
        return Err(made_already());
    }
    let mut made: Vec<DropMadeCard> = Vec::new();
    for card in &input.cards {
        match make_card(core, actor, drop, &files, card).await {
            Ok(card) => made.push(card),
            Err(e) => {
                for card in &made {
                    let _ = cards::service::delete_card(core, actor, &card.slug).await;
                }
                repo::move_state(core.db.pool(), &drop.id, state::MAKING, state::OPEN).await?;
                return Err(e);
            }
        }
    }
    let slugs: Vec<String> = made.iter().map(|c| c.slug.clone()).collect();
    repo::mark_made(core, &drop.id, &slugs).await?;
    let _ = tokio::fs::remove_dir_all(repo::dir(&core.settings.data_dir, &drop.id)).await;
    core.jobs.wake();
    Ok(DropMadeOut { cards: made })
}

fn made_already() -> CoreError {
    CoreError::Conflict("this drop's cards are made (or being made) already".into())
}

/// Every path, cover, icon and count of `input` against the drop's files: 422 naming each
/// field that does not fit.
fn check(core: &Core, files: &[DropFileRow], input: &ConfirmDropInput) -> CoreResult<()> {
    let find = |path: &str| files.iter().find(|f| f.path == path);
    let mut errors = Vec::new();
    for (c, card) in input.cards.iter().enumerate() {
        let at = format!("cards/{c}");
        if card.tracks.len() as i64 > core.settings.max_tracks_per_card {
            errors.push(FieldError::new(
                &format!("{at}/tracks"),
                format!(
                    "names {} chapters; a card holds at most {} on this server",
                    card.tracks.len(),
                    core.settings.max_tracks_per_card
                ),
            ));
        }
        if let Some(cover) = &card.cover {
            let usable = find(cover).is_some_and(|f| {
                f.kind == kind::IMAGE
                    || (f.kind == kind::AUDIO && f.facts().is_some_and(|x| x.has_picture))
            });
            if !usable {
                errors.push(FieldError::new(
                    &format!("{at}/cover"),
                    "is not a picture of this drop (nor audio with one inside)",
                ));
            }
        }
        for (t, track) in card.tracks.iter().enumerate() {
            let at = format!("{at}/tracks/{t}");
            match find(&track.path) {
                Some(f) if f.kind == kind::AUDIO => {}
                Some(f) if f.kind == kind::UNUSABLE => errors.push(FieldError::new(
                    &format!("{at}/path"),
                    format!(
                        "cannot be a chapter: it {}",
                        f.reason.as_deref().unwrap_or("is refused")
                    ),
                )),
                _ => errors.push(FieldError::new(
                    &format!("{at}/path"),
                    "is not an audio file of this drop",
                )),
            }
            if let Some(icon) = &track.icon {
                if library::named(icon).is_none() {
                    errors.push(FieldError::new(
                        &format!("{at}/icon"),
                        "is not a glyph of the icon library",
                    ));
                }
            }
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.into())
    }
}

/// Makes one card: the card, its cover, its chapters in order, their icons. A failure after
/// the card exists deletes it.
async fn make_card(
    core: &Core,
    actor: &Actor,
    drop: &DropRow,
    files: &[DropFileRow],
    planned: &ConfirmDropCard,
) -> CoreResult<DropMadeCard> {
    let created = cards::service::create_card(
        core,
        actor,
        &drop.collection_id,
        CreateCardInput {
            title: planned.title.trim().to_owned(),
            description: String::new(),
            author: None,
            slug: None,
        },
    )
    .await?;
    match fill_card(core, actor, drop, files, planned, &created.slug).await {
        Ok(cover_refused) => Ok(DropMadeCard {
            slug: created.slug,
            title: created.title,
            track_count: planned.tracks.len() as i64,
            cover_refused,
        }),
        Err(e) => {
            let _ = cards::service::delete_card(core, actor, &created.slug).await;
            Err(e)
        }
    }
}

/// The cover, chapters and icons of the card `slug` just made; answers why the cover was not
/// used, if it was not.
async fn fill_card(
    core: &Core,
    actor: &Actor,
    drop: &DropRow,
    files: &[DropFileRow],
    planned: &ConfirmDropCard,
    slug: &str,
) -> CoreResult<Option<String>> {
    let data_dir = &core.settings.data_dir;
    let file = |path: &str| {
        files
            .iter()
            .find(|f| f.path == path)
            .expect("checked before making")
    };
    let staged = |row: &DropFileRow| repo::file_path(data_dir, &drop.id, &row.id);
    let mut cover_refused = None;
    if let Some(cover) = &planned.cover {
        let row = file(cover);
        let bytes = if row.kind == kind::IMAGE {
            tokio::fs::read(staged(row)).await.ok()
        } else {
            tags::read(&staged(row)).await.picture
        };
        let used = match bytes {
            Some(bytes) => cards::cover::upload_cover(core, actor, slug, CoverSide::Front, bytes)
                .await
                .map(|_| ()),
            None => Err(CoreError::invalid("cover", "could not be read")),
        };
        if let Err(e) = used {
            tracing::info!(error = %e, "a dropped cover was not used");
            cover_refused = Some(format!("{}: {}", row.path, e.user_message()));
        }
    }
    let card = cards::require_card(core.db.pool(), actor, slug, CollectionRole::Editor).await?;
    let ctx = icon_generation::context(core, actor, &card).await?;
    for (n, track) in planned.tracks.iter().enumerate() {
        let row = file(&track.path);
        let facts = row.facts().unwrap_or_default();
        let stored = StoredAudio {
            hash: row.sha256.clone(),
            size: row.size_bytes,
            format: facts.format.clone(),
            duration_ms: facts.duration_ms,
            channels: facts.channels,
        };
        store_original(core, &staged(row), &stored.hash).await?;
        let new = NewStored {
            title: track.title.trim(),
            source_type: source_type::UPLOAD,
            audio: stored,
            player: None,
        };
        let mut tx = core.db.begin().await?;
        let added = upload::insert_stored(&mut tx, core, actor, &card, new).await?;
        upload::commit_added(core, tx, actor, &card, &added, None).await?;
        if let Some(glyph) = track.icon.as_deref().and_then(library::named) {
            let drawn = draw::offline(&ctx.palette, ctx.style, n as i64 + 1, &[glyph], 0);
            let mut tx =
                crate::tracks::icons::attach_drawn_icon(core, &card.id, &added.id, &drawn.icon)
                    .await?;
            // drawn by us, so "generate all" may draw it again
            sqlx::query("UPDATE tracks SET icon_generated_hash = icon_hash WHERE id = $1")
                .bind(&added.id)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
        }
    }
    Ok(cover_refused)
}

/// Puts the staged file at `staged` into the media store as original `hash`, keeping the
/// staged one (a failed confirm can be confirmed again): a hard link, else a copy.
async fn store_original(core: &Core, staged: &std::path::Path, hash: &str) -> CoreResult<()> {
    let tmp = crate::media::store::tmp_path(&core.settings.data_dir, "drop");
    if tokio::fs::hard_link(staged, &tmp).await.is_err() {
        tokio::fs::copy(staged, &tmp)
            .await
            .map_err(|e| CoreError::internal("copying a dropped file", e))?;
    }
    core.media().adopt(&tmp, hash).await
}
