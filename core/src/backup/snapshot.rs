//! The database at one point in time, as one SQLite file, whatever the backend.
//!
//! One format for both backends, so every backup restores into either, through the one row
//! copy `migrate-storage` already uses (`migrate_storage::rows`), and a newer Cardsmith
//! migrates an older snapshot forward as it opens it:
//!
//! - **SQLite**: `VACUUM INTO`, SQLite's own consistent copy of a live database. It reads in
//!   one transaction, so writers go on (WAL) and the file is the database as of its start.
//! - **PostgreSQL**: one `REPEATABLE READ, READ ONLY` transaction reads every table, so every
//!   row comes from the same snapshot while the instances keep writing; the rows go into a
//!   fresh SQLite file made by this version's migrations (both backends' schemas are kept
//!   equal table by table).

use std::path::Path;

use crate::db::{Backend, Db};
use crate::migrate_storage::rows::{self, SourceOrder};
use crate::{CoreError, CoreResult};

/// Writes a consistent snapshot of `db` to `to` (which must not exist); returns the schema
/// version (the newest migration applied).
pub async fn take(db: &Db, to: &Path) -> CoreResult<i64> {
    let path = to
        .to_str()
        .ok_or_else(|| CoreError::Internal("the scratch path is not UTF-8".into()))?;
    match db.backend() {
        Backend::Sqlite => {
            sqlx::query("VACUUM INTO $1")
                .bind(path)
                .execute(db.pool())
                .await?;
            schema_version(db.pool()).await
        }
        Backend::Postgres => {
            let snapshot = open(to).await?;
            let mut tx = db.pool().begin().await?;
            sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                .execute(&mut *tx)
                .await?;
            let version = schema_version(&mut *tx).await?;
            for table in rows::tables_in_order(snapshot.pool()).await? {
                rows::copy_table(&mut tx, SourceOrder::Created, &snapshot, &table).await?;
            }
            tx.rollback().await?;
            close(snapshot).await?;
            Ok(version)
        }
    }
}

/// Opens (creating and migrating) the SQLite file at `path`: a new snapshot, or a backup's
/// snapshot to restore from, brought to this version's schema.
pub async fn open(path: &Path) -> CoreResult<Db> {
    let path = path
        .to_str()
        .ok_or_else(|| CoreError::Internal("the scratch path is not UTF-8".into()))?;
    Ok(Db::connect(&format!("sqlite://{path}")).await?)
}

/// Folds the write-ahead log into the file and closes it, so the one file is the whole
/// database.
pub async fn close(snapshot: Db) -> CoreResult<()> {
    sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
        .execute(snapshot.pool())
        .await?;
    snapshot.pool().close().await;
    Ok(())
}

/// The newest migration applied to a database.
pub async fn schema_version<'e>(
    db: impl sqlx::Executor<'e, Database = crate::db::DbDriver>,
) -> CoreResult<i64> {
    Ok(
        sqlx::query_scalar("SELECT COALESCE(MAX(version), 0) FROM _sqlx_migrations")
            .fetch_one(db)
            .await?,
    )
}
