//! Printable label sheets and the public links that share them.
//!
//! A share link carries a random token. Like session tokens, the database keeps only its
//! SHA-256 (`label_shares.token_hash`, what a request is matched by), so a copy of the
//! database opens no shared sheet. Unlike a session cookie the owner needs to see the link
//! again (to copy it), so the token is also kept sealed with the encryption key, bound to the
//! share's id (`token_sealed`). Links made before tokens were hashed are hashed and sealed
//! once at start ([`hash_legacy_share_tokens`]) and keep working.

mod cards;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use cardsmith_model::label::{
    page_size_problem, GenerateLabelsInput, GenerateLabelsOutputBody, LabelShareOut,
};
use rand::RngCore;

use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::media::label::{self, LabelFormat, PageSize};
use crate::media::store::sha256_hex;
use crate::{new_id, time, Core, CoreError, CoreResult};

/// Public path of a share link; the UI and REST both hand this out.
pub fn share_path(token: &str) -> String {
    format!("/shared/labels/{token}")
}

/// Renders the cards the caller can see into a PDF or SVG sheet and keeps it for download.
#[tracing::instrument(skip_all, fields(actor_id = %actor.id(), cards = input.card_slugs.len()))]
pub async fn generate(
    core: &Core,
    actor: &Actor,
    input: GenerateLabelsInput,
) -> CoreResult<GenerateLabelsOutputBody> {
    input.validate()?;
    let format = LabelFormat::parse(&input.format)
        .ok_or_else(|| CoreError::invalid("format", "must be pdf or svg"))?;
    let page = PageSize::parse(&input.page_size)
        .ok_or_else(|| CoreError::invalid("page_size", page_size_problem()))?;
    let cards = cards::label_cards(core, actor, &input.card_slugs).await?;
    let locale = actor.locale;
    let bytes = tokio::task::spawn_blocking(move || label::render(&cards, format, page, locale))
        .await
        .map_err(|e| CoreError::internal("label task", e))?
        .map_err(|e| CoreError::internal("rendering labels", e))?;
    let id = new_id();
    let filename = format!("{id}.{}", format.extension());
    let size = bytes.len() as i64;
    core.media()
        .write_named(&label_name(&filename), bytes)
        .await?;
    let mut tx = core.db.begin().await?;
    sqlx::query(
        "INSERT INTO labels (id, owner_id, filename, format, page_size, card_count, size_bytes, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(&id)
    .bind(actor.id())
    .bind(&filename)
    .bind(&input.format)
    .bind(&input.page_size)
    .bind(input.card_slugs.len() as i64)
    .bind(size)
    .bind(time::now_str())
    .execute(&mut *tx)
    .await?;
    let detail = match input.card_slugs.len() {
        1 => format!("{filename}: 1 card"),
        n => format!("{filename}: {n} cards"),
    };
    audit::commit(tx, AuditEvent::own(actor, "label.generated", detail)).await?;
    Ok(GenerateLabelsOutputBody {
        url: format!("/api/labels/{filename}"),
        filename,
    })
}

/// The media store's name of a label sheet (`labels/<id>.<ext>`, as under the data dir).
pub fn label_name(filename: &str) -> String {
    format!("labels/{filename}")
}

/// A label file: `(bytes, content type, filename)`.
pub type LabelFile = (Vec<u8>, &'static str, String);

async fn read_file(core: &Core, filename: &str, format: &str) -> CoreResult<LabelFile> {
    let format =
        LabelFormat::parse(format).ok_or_else(|| CoreError::internal("label format", format))?;
    let bytes = core
        .media()
        .read_named(&label_name(filename))
        .await
        .map_err(|e| match e {
            CoreError::NotFound(_) => CoreError::not_found("the label file is gone"),
            e => e,
        })?;
    Ok((bytes, format.content_type(), filename.to_owned()))
}

/// The caller's own label file.
pub async fn get_file(core: &Core, actor: &Actor, filename: &str) -> CoreResult<LabelFile> {
    let format: String =
        sqlx::query_scalar("SELECT format FROM labels WHERE filename = $1 AND owner_id = $2")
            .bind(filename)
            .bind(actor.id())
            .fetch_optional(core.db.pool())
            .await?
            .ok_or_else(|| CoreError::not_found("no label with that name"))?;
    read_file(core, filename, &format).await
}

#[derive(sqlx::FromRow)]
struct ShareRow {
    id: String,
    label_id: String,
    filename: String,
    token_sealed: Option<String>,
    created_at: String,
}

impl ShareRow {
    /// The owner's view of the share, with the link unsealed. A token that does not open (the
    /// key changed without `rotate-key`) leaves the link empty; the share can still be revoked.
    fn into_out(self, core: &Core) -> LabelShareOut {
        let token = self.token_sealed.as_deref().and_then(|sealed| {
            let opened = core.key.open(sealed, self.id.as_bytes());
            if let Err(e) = &opened {
                tracing::warn!(share_id = %self.id, error = %e, "a share token does not open");
            }
            opened.ok().and_then(|bytes| String::from_utf8(bytes).ok())
        });
        LabelShareOut {
            url: token.as_deref().map(share_path).unwrap_or_default(),
            id: self.id,
            label_id: self.label_id,
            filename: self.filename,
            created_at: self.created_at,
        }
    }
}

/// Creates a public link to one of the caller's labels (by id or filename).
pub async fn share(core: &Core, actor: &Actor, label: &str) -> CoreResult<LabelShareOut> {
    let label_id: String = sqlx::query_scalar(
        "SELECT id FROM labels WHERE (id = $1 OR filename = $1) AND owner_id = $2",
    )
    .bind(label)
    .bind(actor.id())
    .fetch_optional(core.db.pool())
    .await?
    .ok_or_else(|| CoreError::not_found("no label with that id"))?;
    let mut bytes = [0u8; 24];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let token = URL_SAFE_NO_PAD.encode(bytes);
    let id = new_id();
    let mut tx = core.db.begin().await?;
    sqlx::query(
        "INSERT INTO label_shares (id, label_id, owner_id, token_hash, token_sealed, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&id)
    .bind(&label_id)
    .bind(actor.id())
    .bind(sha256_hex(token.as_bytes()))
    .bind(core.key.seal(token.as_bytes(), id.as_bytes()))
    .bind(time::now_str())
    .execute(&mut *tx)
    .await?;
    let detail = format!("share {id} of label {label_id}");
    audit::commit(tx, AuditEvent::own(actor, "label.shared", detail)).await?;
    let mut shares = list_where(core, actor, "AND s.id = $2", &id).await?;
    shares
        .pop()
        .ok_or_else(|| CoreError::internal("share", "vanished after insert"))
}

async fn list_where(
    core: &Core,
    actor: &Actor,
    filter: &str,
    arg: &str,
) -> CoreResult<Vec<LabelShareOut>> {
    let sql = format!(
        "SELECT s.id, s.label_id, l.filename, s.token_sealed, s.created_at FROM label_shares s
         JOIN labels l ON l.id = s.label_id WHERE s.owner_id = $1 {filter} ORDER BY s.created_at DESC, s.id"
    );
    let rows: Vec<ShareRow> = sqlx::query_as(&sql)
        .bind(actor.id())
        .bind(arg)
        .fetch_all(core.db.pool())
        .await?;
    Ok(rows.into_iter().map(|r| r.into_out(core)).collect())
}

pub async fn list_shares(core: &Core, actor: &Actor) -> CoreResult<Vec<LabelShareOut>> {
    list_where(core, actor, "AND $2 = $2", "").await
}

pub async fn revoke_all(core: &Core, actor: &Actor) -> CoreResult<u64> {
    let mut tx = core.db.begin().await?;
    let done = sqlx::query("DELETE FROM label_shares WHERE owner_id = $1")
        .bind(actor.id())
        .execute(&mut *tx)
        .await?;
    let ended = done.rows_affected();
    let detail = format!("{ended} share link(s)");
    audit::commit(tx, AuditEvent::own(actor, "label.shares_revoked", detail)).await?;
    Ok(ended)
}

pub async fn revoke(core: &Core, actor: &Actor, share_id: &str) -> CoreResult<()> {
    let mut tx = core.db.begin().await?;
    let done = sqlx::query("DELETE FROM label_shares WHERE id = $1 AND owner_id = $2")
        .bind(share_id)
        .bind(actor.id())
        .execute(&mut *tx)
        .await?;
    if done.rows_affected() == 0 {
        return Err(CoreError::not_found("no share link with that id"));
    }
    audit::commit(tx, AuditEvent::own(actor, "label.share_revoked", share_id)).await
}

/// The file behind a live share token, for anybody (no session).
pub async fn shared_file(core: &Core, token: &str) -> CoreResult<LabelFile> {
    let row: Option<(String, String)> = sqlx::query_as(
        "SELECT l.filename, l.format FROM label_shares s JOIN labels l ON l.id = s.label_id
         WHERE s.token_hash = $1",
    )
    .bind(sha256_hex(token.as_bytes()))
    .fetch_optional(core.db.pool())
    .await?;
    let (filename, format) =
        row.ok_or_else(|| CoreError::not_found("this share link does not exist or was revoked"))?;
    read_file(core, &filename, &format).await
}

/// Hashes and seals the tokens of share links stored before tokens were hashed (their
/// `token_sealed` is NULL and `token_hash` still holds the token itself). Run at start, before
/// serving; each link keeps working. Returns how many were converted.
pub async fn hash_legacy_share_tokens(core: &Core) -> CoreResult<u64> {
    let mut tx = core.db.begin().await?;
    let legacy: Vec<(String, String)> =
        sqlx::query_as("SELECT id, token_hash FROM label_shares WHERE token_sealed IS NULL")
            .fetch_all(&mut *tx)
            .await?;
    for (id, token) in &legacy {
        sqlx::query("UPDATE label_shares SET token_hash = $1, token_sealed = $2 WHERE id = $3")
            .bind(sha256_hex(token.as_bytes()))
            .bind(core.key.seal(token.as_bytes(), id.as_bytes()))
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(legacy.len() as u64)
}
