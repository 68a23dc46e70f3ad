//! `cardsmith restore`: a backup into an empty instance, whichever backend either side uses.
//!
//! Order, so that an interrupted restore never leaves a row pointing at a missing file: every
//! object is fetched and checked against its hash first, files go into the media store, and
//! only then are the rows copied (by `migrate_storage::rows`, the code `migrate-storage`
//! uses, from the backup's snapshot migrated to this version's schema). Run again after an
//! interruption with `--force`: every copy is an upsert or a content-addressed write.
//!
//! Secrets: stored player tokens, AI provider keys and label share links are sealed with the
//! encryption key. When the instance's key does not open them (the backup carried no key, or
//! the passphrase was wrong or not given), they are dropped and the report says what must be
//! done again: which player accounts to link again (marked for relinking, as the Accounts page
//! then shows), which AI providers need their key typed again.

use std::path::Path;

use super::manifest::{Manifest, FORMAT};
use super::run::NAMED_FOLDERS;
use super::snapshot;
use super::store::BackupStore;
use crate::db::Db;
use crate::media::store::tmp_path;
use crate::migrate_storage::rows::{self, SourceOrder};
use crate::migrate_storage::TableReport;
use crate::{Core, CoreError, CoreResult};

/// What to restore.
pub struct RestoreRequest<'a> {
    pub store: &'a BackupStore,
    /// The backup's id; the newest when `None`.
    pub id: Option<&'a str>,
    /// Restore into an instance that already has users or collections (rows are upserted).
    pub force: bool,
}

/// What a restore did.
#[derive(Debug, serde::Serialize)]
pub struct RestoreReport {
    pub id: String,
    pub created_at: String,
    pub tables: Vec<TableReport>,
    pub files: u64,
    pub bytes: u64,
    /// Player accounts whose tokens this instance's key cannot open: link them again.
    pub accounts_to_relink: Vec<AccountToRelink>,
    /// AI providers whose key must be typed again (their names).
    pub ai_keys_to_retype: Vec<String>,
    /// Label share links whose address can no longer be shown (they still open).
    pub share_links_hidden: u64,
}

#[derive(Debug, serde::Serialize, PartialEq)]
pub struct AccountToRelink {
    /// The player account's label (its family's email) and the Cardsmith user owning it.
    pub label: String,
    pub owner: String,
}

/// Restores backup `request.id` of `request.store` into `core`'s database and media store.
pub async fn restore(
    core: &Core,
    request: RestoreRequest<'_>,
    mut progress: impl FnMut(usize, usize),
) -> CoreResult<RestoreReport> {
    let store = request.store;
    let id = match request.id {
        Some(id) => id.to_owned(),
        None => store
            .manifest_ids()
            .await?
            .pop()
            .ok_or_else(|| CoreError::not_found("there is no backup in this target"))?,
    };
    let manifest = super::read_manifest(store, &id).await?;
    check_restorable(&manifest)?;
    if !request.force && !is_empty(&core.db).await? {
        return Err(CoreError::Conflict(
            "the target instance already has users or collections; restore into an empty \
             data folder or database, or pass --force to merge into it"
                .into(),
        ));
    }

    let snapshot_path = tmp_path(&core.settings.data_dir, "restore.sqlite");
    tokio::fs::create_dir_all(snapshot_path.parent().expect("tmp path has a parent"))
        .await
        .map_err(|e| CoreError::internal("creating the scratch folder", e))?;
    let restored = async {
        fetch(
            store,
            &manifest.database.sha256,
            "the database snapshot",
            &snapshot_path,
        )
        .await?;
        let (files, bytes) = restore_files(core, store, &manifest, &mut progress).await?;
        let snapshot = snapshot::open(&snapshot_path).await?;
        let tables = copy_rows(&snapshot, &core.db).await;
        snapshot::close(snapshot).await?;
        Ok::<_, CoreError>((tables?, files, bytes))
    }
    .await;
    for suffix in ["", "-wal", "-shm"] {
        let mut path = snapshot_path.clone().into_os_string();
        path.push(suffix);
        let _ = tokio::fs::remove_file(path).await;
    }
    let (tables, files, bytes) = restored?;
    let secrets = drop_unreadable_secrets(core).await?;
    // the backup that was running when the snapshot was taken is not run again here
    sqlx::query(
        "UPDATE jobs SET status = 'cancelled', completed_at = $1, updated_at = $1
         WHERE kind IN ($2, $3) AND status IN ('queued', 'running')",
    )
    .bind(crate::time::now_str())
    .bind(crate::jobs::kind::BACKUP)
    .bind(crate::jobs::kind::BACKUP_VERIFY)
    .execute(core.db.pool())
    .await?;
    Ok(RestoreReport {
        id,
        created_at: manifest.created_at,
        tables,
        files,
        bytes,
        accounts_to_relink: secrets.accounts,
        ai_keys_to_retype: secrets.providers,
        share_links_hidden: secrets.share_links,
    })
}

fn check_restorable(manifest: &Manifest) -> CoreResult<()> {
    if manifest.format > FORMAT {
        return Err(CoreError::Conflict(format!(
            "this backup was written by Cardsmith {} in a newer format; restore it with that \
             version or a later one",
            manifest.version
        )));
    }
    if manifest.schema_version > Db::newest_schema() {
        return Err(CoreError::Conflict(format!(
            "this backup's database is newer than this version of Cardsmith knows (made by \
             {}); restore it with that version or a later one",
            manifest.version
        )));
    }
    Ok(())
}

/// Whether the instance has no users and no collections yet.
async fn is_empty(db: &Db) -> CoreResult<bool> {
    let (users, collections): (i64, i64) =
        sqlx::query_as("SELECT (SELECT COUNT(*) FROM users), (SELECT COUNT(*) FROM collections)")
            .fetch_one(db.pool())
            .await?;
    Ok(users == 0 && collections == 0)
}

/// Fetches the object of `hash` to `to`, refusing a missing or damaged one by its name.
async fn fetch(store: &BackupStore, hash: &str, what: &str, to: &Path) -> CoreResult<()> {
    match store.fetch_object(hash, to).await {
        Ok(true) => Ok(()),
        Ok(false) => Err(CoreError::Conflict(format!(
            "{what} is damaged in the backup (its bytes no longer match its hash); nothing \
             of it was restored"
        ))),
        Err(CoreError::NotFound(_)) => Err(CoreError::Conflict(format!(
            "{what} is missing from the backup"
        ))),
        Err(e) => Err(e),
    }
}

/// Puts every file of the backup into the media store; (files, bytes).
async fn restore_files(
    core: &Core,
    store: &BackupStore,
    manifest: &Manifest,
    progress: &mut impl FnMut(usize, usize),
) -> CoreResult<(u64, u64)> {
    let media = core.media();
    let (mut files, mut bytes) = (0, 0);
    for (done, file) in manifest.files.iter().enumerate() {
        progress(done, manifest.files.len());
        let tmp = tmp_path(&core.settings.data_dir, "restore");
        fetch(store, &file.sha256, &file.name, &tmp).await?;
        let placed = if let Some(hash) = file.name.strip_prefix("media/") {
            let hash = hash.rsplit('/').next().unwrap_or_default();
            if hash != file.sha256 {
                Err(CoreError::Conflict(format!(
                    "{} is listed with another file's hash",
                    file.name
                )))
            } else {
                media.adopt(&tmp, hash).await
            }
        } else if NAMED_FOLDERS
            .iter()
            .any(|folder| file.name.starts_with(&format!("{folder}/")))
        {
            match tokio::fs::read(&tmp).await {
                Ok(content) => media.write_named(&file.name, content).await,
                Err(e) => Err(CoreError::internal("reading a restored file", e)),
            }
        } else {
            Err(CoreError::Conflict(format!(
                "{} is not a name Cardsmith stores files under",
                file.name
            )))
        };
        let _ = tokio::fs::remove_file(&tmp).await;
        placed?;
        files += 1;
        bytes += file.size;
    }
    progress(manifest.files.len(), manifest.files.len());
    Ok((files, bytes))
}

/// Copies every table of the snapshot into `target`, referenced tables first.
async fn copy_rows(snapshot: &Db, target: &Db) -> CoreResult<Vec<TableReport>> {
    let mut reading = snapshot.pool().acquire().await?;
    let mut tables = Vec::new();
    for table in rows::tables_in_order(snapshot.pool()).await? {
        let written = rows::copy_table(&mut reading, SourceOrder::Stored, target, &table).await?;
        tables.push(TableReport {
            source_rows: rows::count(snapshot.pool(), &table.name).await?,
            target_rows: rows::count(target.pool(), &table.name).await?,
            table: table.name,
            written,
        });
    }
    Ok(tables)
}

/// What could not be opened with this instance's key, and was dropped.
#[derive(Default)]
struct DroppedSecrets {
    accounts: Vec<AccountToRelink>,
    providers: Vec<String>,
    share_links: u64,
}

/// Drops every sealed secret this instance's key cannot open (see the module's doc), in one
/// transaction.
async fn drop_unreadable_secrets(core: &Core) -> CoreResult<DroppedSecrets> {
    let mut dropped = DroppedSecrets::default();
    let mut tx = core.db.begin().await?;
    for (table, id_column, column) in crate::crypto::rotate::SEALED {
        let rows: Vec<(String, String)> = sqlx::query_as(&format!(
            "SELECT {id_column}, {column} FROM {table} WHERE {column} IS NOT NULL"
        ))
        .fetch_all(&mut *tx)
        .await?;
        for (id, sealed) in rows {
            if core.key.open(&sealed, id.as_bytes()).is_ok() {
                continue;
            }
            match *table {
                "player_accounts" => {
                    sqlx::query(
                        "UPDATE player_accounts SET status = $1, status_detail = $2, updated_at = $3
                         WHERE id = $4",
                    )
                    .bind(cardsmith_model::player::account_status::NEEDS_RELINK)
                    .bind("restored from a backup without its encryption key: link it again")
                    .bind(crate::time::now_str())
                    .bind(&id)
                    .execute(&mut *tx)
                    .await?;
                    let (label, owner): (String, String) = sqlx::query_as(
                        "SELECT a.label, u.email FROM player_accounts a
                         JOIN users u ON u.id = a.user_id WHERE a.id = $1",
                    )
                    .bind(&id)
                    .fetch_one(&mut *tx)
                    .await?;
                    dropped.accounts.push(AccountToRelink { label, owner });
                }
                "llm_providers" => {
                    let name: String = sqlx::query_scalar(
                        "UPDATE llm_providers SET api_key_sealed = NULL, enabled = 0
                         WHERE id = $1 RETURNING provider || ' ' || model",
                    )
                    .bind(&id)
                    .fetch_one(&mut *tx)
                    .await?;
                    dropped.providers.push(name);
                }
                "label_shares" => {
                    sqlx::query("UPDATE label_shares SET token_sealed = NULL WHERE id = $1")
                        .bind(&id)
                        .execute(&mut *tx)
                        .await?;
                    dropped.share_links += 1;
                }
                // a sign-in to the platform that was under way: it cannot finish anyway
                _ => {
                    sqlx::query(&format!("DELETE FROM {table} WHERE {id_column} = $1"))
                        .bind(&id)
                        .execute(&mut *tx)
                        .await?;
                }
            }
        }
    }
    tx.commit().await?;
    Ok(dropped)
}
