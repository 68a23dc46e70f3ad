//! Which database a test's application runs on.
//!
//! By default each application keeps SQLite in its own data directory. When
//! `CARDSMITH_TEST_POSTGRES_URL` names a PostgreSQL server (`scripts/with-postgres` starts a
//! throwaway one and sets it), each application gets a database of its own on that server
//! instead, so the whole suite runs on both backends unchanged. A test's database is a copy
//! of a template migrated once per run (a copy takes milliseconds; migrating takes longer),
//! and is dropped when the test's application is.

use std::sync::atomic::{AtomicU32, Ordering};

use sqlx::postgres::{PgPool, PgPoolOptions};
use tokio::sync::OnceCell;

/// The variable naming the PostgreSQL server (its maintenance database).
pub const POSTGRES_URL_VARIABLE: &str = "CARDSMITH_TEST_POSTGRES_URL";

/// One test application's PostgreSQL database; dropped with it.
pub struct TestDatabase {
    name: String,
    url: String,
}

/// The server's maintenance connection and the template copied for each test. Lives on the
/// suite's server runtime: a pool belongs to the runtime that opened it.
struct Server {
    admin: PgPool,
    base_url: String,
    template: String,
}

static SERVER: OnceCell<Option<Server>> = OnceCell::const_new();
static NEXT: AtomicU32 = AtomicU32::new(0);

impl TestDatabase {
    /// A fresh, migrated database when the suite runs on PostgreSQL; `None` on SQLite.
    /// Call it on the server runtime.
    pub async fn create() -> Option<Self> {
        let server = SERVER.get_or_init(Server::connect).await.as_ref()?;
        let name = format!(
            "test_{}_{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        sqlx::query(&format!(
            "CREATE DATABASE {name} TEMPLATE {}",
            server.template
        ))
        .execute(&server.admin)
        .await
        .expect("create a test database from the template");
        let url = server.url_of(&name);
        Some(Self { name, url })
    }

    /// What the application is given as `--database-url`.
    pub fn url(&self) -> &str {
        &self.url
    }
}

impl Drop for TestDatabase {
    /// Drops the database once the application has let go of it (`WITH (FORCE)` ends any
    /// connection a stopping application still holds). Best effort: the throwaway cluster
    /// is removed after the run anyway.
    fn drop(&mut self) {
        let statement = format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name);
        crate::support::helpers::on_server_runtime(async move {
            if let Some(Some(server)) = SERVER.get() {
                let _ = sqlx::query(&statement).execute(&server.admin).await;
            }
        });
    }
}

impl Server {
    /// Connects when the variable is set, and migrates the template once.
    async fn connect() -> Option<Self> {
        let base_url = std::env::var(POSTGRES_URL_VARIABLE).ok()?;
        let admin = PgPoolOptions::new()
            .max_connections(4)
            .connect(&base_url)
            .await
            .unwrap_or_else(|e| panic!("{POSTGRES_URL_VARIABLE} is set but unreachable: {e}"));
        let template = format!("template_{}", std::process::id());
        sqlx::query(&format!("CREATE DATABASE {template}"))
            .execute(&admin)
            .await
            .expect("create the template database");
        let server = Self {
            admin,
            base_url,
            template,
        };
        let migrated = cardsmith_core::Db::connect(&server.url_of(&server.template))
            .await
            .expect("migrate the template database");
        // a template cannot be copied while anyone is connected to it
        migrated.pool().close().await;
        Some(server)
    }

    /// The URL of database `name` on this server.
    fn url_of(&self, name: &str) -> String {
        let (server, _maintenance) = self
            .base_url
            .rsplit_once('/')
            .expect("a PostgreSQL URL ends in a database name");
        format!("{server}/{name}")
    }
}

/// Makes every `event` (`UPDATE`, or `UPDATE OF column`) on `table` fail as a full disk
/// would, on either backend: a trigger named `name` that raises `message`.
pub async fn refuse_writes(
    db: &cardsmith_core::Db,
    name: &str,
    event: &str,
    table: &str,
    message: &str,
) {
    let statements = match db.backend() {
        cardsmith_core::db::Backend::Sqlite => vec![format!(
            "CREATE TRIGGER {name} BEFORE {event} ON {table}
             BEGIN SELECT RAISE(ABORT, '{message}'); END"
        )],
        cardsmith_core::db::Backend::Postgres => vec![
            format!(
                "CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$
                 BEGIN RAISE EXCEPTION '{message}'; END $$"
            ),
            format!(
                "CREATE TRIGGER {name} BEFORE {event} ON {table}
                 FOR EACH ROW EXECUTE FUNCTION {name}()"
            ),
        ],
    };
    for statement in statements {
        sqlx::query(&statement)
            .execute(db.pool())
            .await
            .expect("a test trigger");
    }
}
