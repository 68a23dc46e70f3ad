//! `cardsmith migrate-storage`: moving an instance from SQLite and its media folder to
//! PostgreSQL (or any database URL) and an S3-compatible bucket, so a self-hoster can grow
//! without starting over.
//!
//! It may run while the source instance still serves: every table is copied by upserts
//! ([`rows`]) and every media file is checked and copied unless the bucket has it ([`media`]),
//! so running it again copies what changed since, and a run that was stopped resumes. The
//! last run, with the source stopped, makes the copy exact; then the new instances start on
//! the target. Nothing in the source is changed (but its schema, brought to this version's
//! as starting this version on it would).
//!
//! Not moved: takes still being recorded (finish or abandon them first; the report counts
//! them), and the encryption key, which the operator passes to every new instance
//! (`CARDSMITH_ENCRYPTION_KEY`, the contents of `DATA_DIR/encryption.key`).

pub mod media;
pub mod rows;

use std::path::Path;

use crate::db::{Backend, Db};
use crate::media::store::ObjectMedia;
use crate::{CoreError, CoreResult};

/// What one run did, table by table and for the media.
#[derive(Debug, Default, serde::Serialize)]
pub struct MigrationReport {
    /// Per table: rows in the source, rows written this run, rows in the target after.
    pub tables: Vec<TableReport>,
    pub media: media::MediaReport,
    /// Takes being recorded in the source, which are not moved.
    pub open_recordings: i64,
}

#[derive(Debug, serde::Serialize)]
pub struct TableReport {
    pub table: String,
    pub source_rows: i64,
    pub written: u64,
    pub target_rows: i64,
}

impl MigrationReport {
    /// Whether the target holds at least every source row and every media file arrived
    /// intact. (The target may hold more rows than the source when rows were deleted in the
    /// source between runs.)
    pub fn complete(&self) -> bool {
        self.media.corrupt.is_empty() && self.tables.iter().all(|t| t.target_rows >= t.source_rows)
    }
}

/// Copies the SQLite database `source` and the media of `data_dir` into `target` and
/// `bucket`.
pub async fn run(
    source: &Db,
    data_dir: &Path,
    target: &Db,
    bucket: &ObjectMedia,
) -> CoreResult<MigrationReport> {
    if source.backend() != Backend::Sqlite {
        return Err(CoreError::Internal(
            "migrate-storage moves an SQLite instance; the source is not SQLite".into(),
        ));
    }
    std::fs::create_dir_all(data_dir.join("tmp"))
        .map_err(|e| CoreError::internal("creating the scratch folder", e))?;
    let mut report = MigrationReport::default();
    let mut reading = source.pool().acquire().await?;
    for table in rows::tables_in_order(source.pool()).await? {
        let written =
            rows::copy_table(&mut reading, rows::SourceOrder::Stored, target, &table).await?;
        report.tables.push(TableReport {
            source_rows: rows::count(source.pool(), &table.name).await?,
            target_rows: rows::count(target.pool(), &table.name).await?,
            table: table.name,
            written,
        });
    }
    report.media = media::copy_all(data_dir, bucket).await?;
    report.open_recordings = rows::count(source.pool(), "recording_sessions").await?;
    Ok(report)
}
