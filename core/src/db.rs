//! The one seam between the domain and its database.
//!
//! # Where SQL lives
//!
//! - **Reads that several use cases share** live in their area's `repo.rs`
//!   (`cards::repo`, `collections::repo`, `tracks::repo`, `users::repo`, `player::repo`):
//!   row types, column lists, lookups by id or slug, listings.
//! - **Writes live in the use case** that owns the transaction: the service function that
//!   checks the caller, begins the transaction ([`Db::begin`]), writes, audits and commits, so
//!   one function shows everything a change does. A read only that use case needs stays
//!   beside it too.
//! - **The exception, stated:** a write that several use cases must do *identically inside
//!   their own transactions* lives in `repo.rs` as a function taking the caller's transaction
//!   or executor; it never begins or commits. Today: `tracks::repo::insert` (upload, stream,
//!   edits, import), `tracks::repo::settle_card` (renumbers a card's tracks and re-derives its
//!   aggregates after any track change), `users::repo::insert` (first admin, admin-created
//!   users) and `collections::repo::insert` (a new collection or the default one, with its
//!   owner). A
//!   few shared writes stay with the use case that owns them and are called from the others:
//!   `player::publish::mark_queued` (publish, seed), `player::publish_job::remember` (publish,
//!   import), `tracks::jobs::release` (the transcode and edit jobs' after-failure hooks).
//! - Doors (`server/src/api`, `app/src/api`) never run SQL; the job queue's own SQL is in
//!   `jobs::queue`.
//!
//! # Portability
//!
//! Queries are written in the SQL both SQLite and PostgreSQL accept: `$1` placeholders,
//! `RETURNING`, `ON CONFLICT … DO UPDATE/NOTHING`, RFC 3339 text timestamps compared as text,
//! UUIDv7 text ids, flags as integer 0/1 columns. SQLite is the embedded default; moving to
//! PostgreSQL means changing the aliases below, adding `migrations/postgres` and the spots
//! that are SQLite-only today:
//!
//! - `COLLATE NOCASE` in three list orders: card titles (`cards::repo`), collection names
//!   (`collections::repo`), member names (`collections::members`);
//! - `BEGIN IMMEDIATE` in [`Db::begin`]: every transaction takes the write lock at its start
//!   (what keeps the track caps and job claims exact under concurrency; PostgreSQL would use
//!   row locks, e.g. `FOR UPDATE SKIP LOCKED` in the claim of `jobs::queue`);
//! - the connection options in [`Db::connect`] (WAL, `synchronous=FULL`, foreign keys on, busy
//!   timeout) and the migrations in `migrations/sqlite`.

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

/// Page cache of each connection, in SQLite's unit for a size (negative: KiB): 1 MiB.
/// Every connection keeps its own copy of the pages it read (SQLite's default bound is
/// 2 MiB), on top of the operating system's cache of the same file; with 1,000 cards a busy
/// connection held about 0.3 MiB in all, so this bounds large databases only: 8 MiB for the
/// whole pool instead of 16.
pub const PAGE_CACHE_PRAGMA: &str = "-1024";

/// Most connections open at once. Each is a thread with its page cache, prepared
/// statements and schema: about 0.3 MiB measured with 1,000 cards. The pool does not shrink
/// after a burst, and an idle timeout would not change that: it hands connections out in
/// turn, and the job workers' polls (every 2 s each) touch every one of them before any
/// timeout runs out. So this is the bound.
pub const MAX_CONNECTIONS: u32 = 8;

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
    ///
    /// Memory: the pool and each connection's page cache are bounded (the constants above).
    pub async fn connect(url: &str) -> Result<Self, sqlx::Error> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(5))
            .pragma("cache_size", PAGE_CACHE_PRAGMA);
        let pool = SqlitePoolOptions::new()
            .max_connections(MAX_CONNECTIONS)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The pool opens with its bound, and every connection it hands out has the page cache
    /// asked for (each is a separate SQLite connection, so ask several).
    #[tokio::test]
    async fn pool_and_page_cache_are_bounded() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("bounds.db").display());
        let db = Db::connect(&url).await.unwrap();
        let options = db.pool().options();
        assert_eq!(options.get_max_connections(), MAX_CONNECTIONS);
        let mut held = Vec::new();
        for _ in 0..3 {
            let mut conn = db.pool().acquire().await.unwrap();
            let pages: i64 = sqlx::query_scalar("PRAGMA cache_size")
                .fetch_one(&mut *conn)
                .await
                .unwrap();
            assert_eq!(pages.to_string(), PAGE_CACHE_PRAGMA);
            held.push(conn);
        }
    }
}
