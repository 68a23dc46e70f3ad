//! The one seam between the domain and its database.
//!
//! Repositories write portable SQL (`$1` placeholders, `RETURNING`, `ON CONFLICT`, RFC 3339 text
//! timestamps) against [`DbPool`]. SQLite is the embedded default; moving to PostgreSQL means
//! changing the aliases below and adding `migrations/postgres`, not rewriting queries.

use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};

/// The driver in use.
pub type DbDriver = sqlx::Sqlite;
/// A pool of connections of that driver.
pub type DbPool = sqlx::SqlitePool;
/// A transaction on that driver.
pub type DbTx<'a> = sqlx::Transaction<'a, DbDriver>;

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations/sqlite");

#[derive(Clone, Debug)]
pub struct Db {
    pool: DbPool,
}

impl Db {
    /// Opens (creating if needed) the database at `url` and brings its schema up to date.
    ///
    /// WAL lets readers proceed while a writer commits; foreign keys are off by default in
    /// SQLite and must be asked for; the busy timeout turns writer contention into a short wait
    /// instead of an error.
    ///
    /// `synchronous=FULL`: every commit is synced to disk before it returns. Some commits
    /// cannot be redone: a rotated refresh token is the only one the platform still accepts,
    /// so it must survive a power cut as well as a killed process (WAL with `NORMAL` may lose
    /// the last commits to a power cut, though never to a crash). In WAL mode FULL costs one
    /// fsync of the log per commit, and Cardsmith commits rarely enough not to notice.
    pub async fn connect(url: &str) -> Result<Self, sqlx::Error> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(5));
        let pool = SqlitePoolOptions::new()
            .max_connections(8)
            .connect_with(options)
            .await?;
        MIGRATOR.run(&pool).await?;
        Ok(Self { pool })
    }

    pub fn pool(&self) -> &DbPool {
        &self.pool
    }

    /// A write transaction. It takes SQLite's write lock at `BEGIN` (IMMEDIATE): a deferred
    /// transaction that reads first and writes later fails with `SQLITE_BUSY_SNAPSHOT`, without
    /// waiting, whenever another connection committed in between (a worker finishing a job
    /// while a request adds a track); an immediate one waits its turn under the busy timeout.
    pub async fn begin(&self) -> Result<DbTx<'static>, sqlx::Error> {
        self.pool.begin_with("BEGIN IMMEDIATE").await
    }

    /// One round trip, for readiness probes.
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        sqlx::query("SELECT 1")
            .execute(&self.pool)
            .await
            .map(|_| ())
    }
}
