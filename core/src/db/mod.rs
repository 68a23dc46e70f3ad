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
//!   import), `tracks::transcode_job::release` (the transcode and edit jobs' after-failure hooks).
//! - Doors (`server/src/api`, `app/src/api`) never run SQL; the job queue's own SQL is in
//!   `jobs::queue`.
//!
//! # Two backends, one dialect
//!
//! The pool is sqlx's `Any` driver, so one compiled query runs on either backend, chosen by
//! the URL: `sqlite://…` (the embedded default) or `postgres://…` (several instances sharing
//! one database). Queries are written in the SQL both accept: `$1` placeholders,
//! `RETURNING`, `ON CONFLICT … DO UPDATE/NOTHING`, RFC 3339 text timestamps compared as text,
//! UUIDv7 text ids, flags as integer 0/1 columns, sums cast to `BIGINT` (PostgreSQL's `SUM`
//! of integers is `NUMERIC`), case-insensitive orders as `lower(…)`. The schemas are
//! `migrations/sqlite` and `migrations/postgres`, kept equal table by table (a test compares
//! them); every PostgreSQL text column is `COLLATE "C"`, so text compares and sorts byte by
//! byte as in SQLite, whatever the server's locale.
//!
//! What differs lives here, in [`Backend`]: the connection settings, how a write transaction
//! begins ([`Db::begin`]) and the row lock of the job claim ([`Backend::skip_locked`]).
//! A flag read back from either backend decodes through [`Flag`]; an optional float binds
//! as [`OptionalReal`] (works around a driver bug, see there).

pub mod acquisitions;
mod flag;
mod real;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::Executor;

pub use flag::Flag;
pub use real::OptionalReal;

/// The driver in use: sqlx's `Any`, dispatching to SQLite or PostgreSQL.
pub type DbDriver = sqlx::Any;
/// A pool of connections of that driver.
pub type DbPool = sqlx::AnyPool;
/// A transaction on that driver.
pub type DbTx<'a> = sqlx::Transaction<'a, DbDriver>;

static SQLITE_MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations/sqlite");
static POSTGRES_MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations/postgres");

/// Page cache of each connection, in SQLite's unit for a size (negative: KiB): 1 MiB.
/// Every connection keeps its own copy of the pages it read (SQLite's default bound is
/// 2 MiB), on top of the operating system's cache of the same file; with 1,000 cards a busy
/// connection held about 0.3 MiB in all, so this bounds large databases only: 8 MiB for the
/// whole pool instead of 16.
pub const PAGE_CACHE_PRAGMA: &str = "-1024";

/// Most connections open at once. Each SQLite connection is a thread with its page cache,
/// prepared statements and schema: about 0.3 MiB measured with 1,000 cards. The pool does
/// not shrink after a burst, and an idle timeout would not change that: it hands connections
/// out in turn, and the job workers' polls (every 2 s each) touch every one of them before
/// any timeout runs out. So this is the bound. On PostgreSQL each is a server backend
/// process; eight per instance keeps a fleet of several instances well inside the server's
/// default `max_connections` of 100.
pub const MAX_CONNECTIONS: u32 = 8;

/// Key of the PostgreSQL advisory lock every write transaction takes (see [`Db::begin`]).
/// Any constant works; this one spells "CARDSMTH" in ASCII, to be recognisable in
/// `pg_locks`.
const WRITE_LOCK_KEY: i64 = 0x4341_5244_534D_5448;

/// Which database a URL names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// `sqlite` or `postgres`, as reports and backups name it.
    pub fn label(self) -> &'static str {
        match self {
            Self::Sqlite => "sqlite",
            Self::Postgres => "postgres",
        }
    }

    /// The backend of a database URL, or `None` for any other scheme.
    pub fn of_url(url: &str) -> Option<Self> {
        if url.starts_with("sqlite:") {
            Some(Self::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Some(Self::Postgres)
        } else {
            None
        }
    }

    /// The backend a pool was opened on.
    pub fn of_pool(pool: &DbPool) -> Self {
        Self::of_url(pool.connect_options().database_url.as_str())
            .expect("pools are only opened by Db::connect, which checks the scheme")
    }

    /// What a claim's `SELECT` adds so that two processes never take the same row: on
    /// PostgreSQL a row lock that others skip instead of waiting for; SQLite has one writer,
    /// so each statement is atomic already (and has no such clause).
    pub fn skip_locked(self) -> &'static str {
        match self {
            Self::Sqlite => "",
            Self::Postgres => " FOR UPDATE SKIP LOCKED",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Db {
    pool: DbPool,
    backend: Backend,
    url: Url,
}

/// The URL the pool was opened with: a PostgreSQL listener opens its own connection with it.
/// It may carry a password, so it never prints.
#[derive(Clone)]
struct Url(std::sync::Arc<str>);

impl std::fmt::Debug for Url {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("[redacted]")
    }
}

impl Db {
    /// Opens the database at `url` (creating an SQLite file if needed) and brings its schema
    /// up to date. The migrations take a lock of their own, so several instances starting at
    /// once on one PostgreSQL database migrate it once.
    ///
    /// SQLite settings, on every connection: WAL lets readers proceed while a writer commits;
    /// foreign keys are off by default in SQLite and must be asked for; the busy timeout turns
    /// writer contention into a short wait instead of an error; `synchronous=FULL`: every
    /// commit is synced to disk before it returns. Some commits cannot be redone: a rotated
    /// refresh token is the only one the platform still accepts, so it must survive a power
    /// cut as well as a killed process (WAL with `NORMAL` may lose the last commits to a power
    /// cut, though never to a crash). In WAL mode FULL costs one fsync of the log per commit,
    /// and Cardsmith commits rarely enough not to notice.
    ///
    /// Memory: the pool and each connection's page cache are bounded (the constants above).
    pub async fn connect(url: &str) -> Result<Self, sqlx::Error> {
        sqlx::any::install_default_drivers();
        let backend = Backend::of_url(url).ok_or_else(|| {
            sqlx::Error::Configuration(
                "the database URL must start with sqlite:// or postgres://".into(),
            )
        })?;
        let url = match backend {
            Backend::Sqlite if !url.contains("mode=") => {
                let separator = if url.contains('?') { '&' } else { '?' };
                format!("{url}{separator}mode=rwc")
            }
            _ => url.to_owned(),
        };
        let options: AnyConnectOptions = url.parse()?;
        let pool = AnyPoolOptions::new()
            .max_connections(MAX_CONNECTIONS)
            .before_acquire(|_, _| {
                acquisitions::noted();
                Box::pin(async { Ok(true) })
            })
            .after_connect(move |conn, _| {
                acquisitions::noted();
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        conn.execute(sqlite_settings().as_str()).await?;
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await?;
        match backend {
            Backend::Sqlite => SQLITE_MIGRATOR.run(&pool).await?,
            Backend::Postgres => POSTGRES_MIGRATOR.run(&pool).await?,
        }
        Ok(Self {
            pool,
            backend,
            url: Url(url.into()),
        })
    }

    pub fn pool(&self) -> &DbPool {
        &self.pool
    }

    /// The newest migration this version knows (the same number on both backends).
    pub fn newest_schema() -> i64 {
        SQLITE_MIGRATOR.iter().map(|m| m.version).max().unwrap_or(0)
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// A connection that hears PostgreSQL notifications on `channel` (`None` on SQLite,
    /// which has none).
    pub async fn listen(
        &self,
        channel: &str,
    ) -> Option<Result<sqlx::postgres::PgListener, sqlx::Error>> {
        if self.backend != Backend::Postgres {
            return None;
        }
        Some(
            async {
                let mut listener = sqlx::postgres::PgListener::connect(&self.url.0).await?;
                listener.listen(channel).await?;
                Ok(listener)
            }
            .await,
        )
    }

    /// A write transaction, holding the database's write lock from its start to its end.
    ///
    /// Use cases check and then write (a card's track cap, a user's storage quota, a slug
    /// still free, a job not yet claimed); holding the one write lock makes each such check
    /// exact under any concurrency, across every instance sharing the database.
    ///
    /// - SQLite: `BEGIN IMMEDIATE`. A deferred transaction that reads first and writes later
    ///   fails with `SQLITE_BUSY_SNAPSHOT`, without waiting, whenever another connection
    ///   committed in between (a worker finishing a job while a request adds a track); an
    ///   immediate one waits its turn under the busy timeout.
    /// - PostgreSQL: `BEGIN`, then a transaction-scoped advisory lock on one key: the same
    ///   one-writer-at-a-time guarantee, released by the commit or rollback. Reads outside
    ///   a transaction never wait for it. Job claims do not use it (they are single
    ///   statements with a skip-locked row lock), so a long transaction never stalls workers.
    pub async fn begin(&self) -> Result<DbTx<'static>, sqlx::Error> {
        match self.backend {
            Backend::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await,
            Backend::Postgres => {
                let mut tx = self.pool.begin().await?;
                sqlx::query("SELECT pg_advisory_xact_lock($1)")
                    .bind(WRITE_LOCK_KEY)
                    .execute(&mut *tx)
                    .await?;
                Ok(tx)
            }
        }
    }

    /// One round trip, for readiness probes.
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        sqlx::query("SELECT 1")
            .execute(&self.pool)
            .await
            .map(|_| ())
    }
}

/// The settings of every SQLite connection (see [`Db::connect`]).
fn sqlite_settings() -> String {
    format!(
        "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; \
         PRAGMA busy_timeout = 5000; PRAGMA cache_size = {PAGE_CACHE_PRAGMA};"
    )
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
