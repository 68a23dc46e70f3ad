//! `migrations/sqlite` and `migrations/postgres` build the same schema: the same tables,
//! columns (name, order, type family, nullability, default), explicit indexes and foreign
//! keys. Runs in the suite's PostgreSQL pass (`scripts/with-postgres`); in the SQLite pass
//! there is no PostgreSQL server to compare with, and it says so.

use std::collections::BTreeSet;

use sqlx::{Connection, PgConnection, Row, SqliteConnection};

use crate::support::database::POSTGRES_URL_VARIABLE;

/// One column, in a form both backends can be brought to.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Column {
    table: String,
    position: i64,
    name: String,
    /// `text`, `integer` or `real`.
    family: String,
    not_null: bool,
    default: Option<String>,
}

/// One foreign key column.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct ForeignKey {
    table: String,
    column: String,
    references: String,
    on_delete: String,
}

#[derive(Debug, PartialEq, Eq)]
struct Schema {
    tables: BTreeSet<String>,
    columns: BTreeSet<Column>,
    indexes: BTreeSet<String>,
    foreign_keys: BTreeSet<ForeignKey>,
}

#[tokio::test]
async fn the_sqlite_and_postgres_migrations_build_the_same_schema() {
    // a database of the suite's PostgreSQL pass: migrated by `Db::connect`, like any
    let Some(database) = crate::support::helpers::test_database().await else {
        eprintln!(
            "no PostgreSQL server ({POSTGRES_URL_VARIABLE}): compared in the PostgreSQL pass"
        );
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let sqlite_url = format!("sqlite://{}", dir.path().join("parity.db").display());
    cardsmith_core::Db::connect(&sqlite_url).await.unwrap();
    let sqlite = sqlite_schema(&sqlite_url).await;
    let postgres = postgres_schema(database.url()).await;

    assert!(sqlite.tables.len() > 20, "{:?}", sqlite.tables);
    assert_eq!(sqlite.tables, postgres.tables, "tables");
    for table in &sqlite.tables {
        let of = |s: &Schema| -> Vec<String> {
            s.columns
                .iter()
                .filter(|c| &c.table == table)
                .map(|c| format!("{c:?}"))
                .collect()
        };
        assert_eq!(of(&sqlite), of(&postgres), "columns of {table}");
    }
    assert_eq!(sqlite.indexes, postgres.indexes, "indexes");
    assert_eq!(sqlite.foreign_keys, postgres.foreign_keys, "foreign keys");
}

async fn sqlite_schema(url: &str) -> Schema {
    let mut conn = SqliteConnection::connect(url).await.unwrap();
    let tables: BTreeSet<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table'
         AND name NOT LIKE 'sqlite_%' AND name <> '_sqlx_migrations'",
    )
    .fetch_all(&mut conn)
    .await
    .unwrap()
    .into_iter()
    .collect();
    let mut columns = BTreeSet::new();
    let mut foreign_keys = BTreeSet::new();
    for table in &tables {
        let rows = sqlx::query(
            "SELECT cid, name, type, \"notnull\", dflt_value, pk FROM pragma_table_info($1)",
        )
        .bind(table)
        .fetch_all(&mut conn)
        .await
        .unwrap();
        for row in rows {
            let declared: String = row.get("type");
            columns.insert(Column {
                table: table.clone(),
                position: row.get("cid"),
                name: row.get("name"),
                family: family(&declared),
                // a primary key column is never null in PostgreSQL; SQLite enforces it for
                // the rows Cardsmith writes (every id is set)
                not_null: row.get::<i64, _>("notnull") == 1 || row.get::<i64, _>("pk") > 0,
                default: row
                    .get::<Option<String>, _>("dflt_value")
                    .map(|d| normalise_default(&d)),
            });
        }
        let rows = sqlx::query(
            "SELECT \"from\", \"table\", \"to\", on_delete FROM pragma_foreign_key_list($1)",
        )
        .bind(table)
        .fetch_all(&mut conn)
        .await
        .unwrap();
        for row in rows {
            foreign_keys.insert(ForeignKey {
                table: table.clone(),
                column: row.get("from"),
                references: format!(
                    "{}.{}",
                    row.get::<String, _>("table"),
                    row.get::<String, _>("to")
                ),
                on_delete: row.get::<String, _>("on_delete").to_lowercase(),
            });
        }
    }
    let indexes = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL",
    )
    .fetch_all(&mut conn)
    .await
    .unwrap()
    .into_iter()
    .collect();
    Schema {
        tables,
        columns,
        indexes,
        foreign_keys,
    }
}

async fn postgres_schema(url: &str) -> Schema {
    let mut conn = PgConnection::connect(url).await.unwrap();
    let tables: BTreeSet<String> = sqlx::query_scalar(
        "SELECT table_name::text FROM information_schema.tables
         WHERE table_schema = 'public' AND table_name <> '_sqlx_migrations'",
    )
    .fetch_all(&mut conn)
    .await
    .unwrap()
    .into_iter()
    .collect();
    let rows = sqlx::query(
        // positions renumbered: a dropped column leaves a gap in PostgreSQL's, not SQLite's
        "SELECT table_name::text AS t,
                ROW_NUMBER() OVER (PARTITION BY table_name ORDER BY ordinal_position) AS p,
                column_name::text AS n,
                data_type::text AS d, is_nullable::text AS nullable, column_default::text AS dflt,
                collation_name::text AS collation
         FROM information_schema.columns
         WHERE table_schema = 'public' AND table_name <> '_sqlx_migrations'",
    )
    .fetch_all(&mut conn)
    .await
    .unwrap();
    let mut columns = BTreeSet::new();
    for row in rows {
        let data_type: String = row.get("d");
        let name: String = row.get("n");
        if data_type == "text" {
            assert_eq!(
                row.get::<Option<String>, _>("collation").as_deref(),
                Some("C"),
                "text column {name} compares byte by byte, as in SQLite"
            );
        }
        columns.insert(Column {
            table: row.get("t"),
            position: row.get::<i64, _>("p") - 1,
            name,
            family: family(&data_type),
            not_null: row.get::<String, _>("nullable") == "NO",
            default: row
                .get::<Option<String>, _>("dflt")
                .map(|d| normalise_default(&d)),
        });
    }
    let indexes = sqlx::query_scalar(
        "SELECT indexname::text FROM pg_indexes WHERE schemaname = 'public'
         AND indexname NOT LIKE '%\\_pkey' AND indexname NOT LIKE '%\\_key'",
    )
    .fetch_all(&mut conn)
    .await
    .unwrap()
    .into_iter()
    .collect();
    let foreign_keys = sqlx::query(
        "SELECT cl.relname::text AS t, a.attname::text AS c, rcl.relname::text AS rt,
                ra.attname::text AS rc, c.confdeltype::text AS del
         FROM pg_constraint c
         JOIN pg_class cl ON cl.oid = c.conrelid
         JOIN pg_class rcl ON rcl.oid = c.confrelid
         JOIN LATERAL unnest(c.conkey, c.confkey) AS k(col, refcol) ON true
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.col
         JOIN pg_attribute ra ON ra.attrelid = c.confrelid AND ra.attnum = k.refcol
         WHERE c.contype = 'f'",
    )
    .fetch_all(&mut conn)
    .await
    .unwrap()
    .into_iter()
    .map(|row| ForeignKey {
        table: row.get("t"),
        column: row.get("c"),
        references: format!(
            "{}.{}",
            row.get::<String, _>("rt"),
            row.get::<String, _>("rc")
        ),
        on_delete: match row.get::<String, _>("del").as_str() {
            "c" => "cascade",
            "n" => "set null",
            "d" => "set default",
            "r" => "restrict",
            _ => "no action",
        }
        .into(),
    })
    .collect();
    Schema {
        tables,
        columns,
        indexes,
        foreign_keys,
    }
}

/// The type family of a declared (SQLite) or reported (PostgreSQL) column type.
fn family(declared: &str) -> String {
    match declared.to_lowercase().as_str() {
        "text" => "text",
        "integer" | "bigint" => "integer",
        "real" | "double precision" => "real",
        other => panic!("a column type neither schema should use: {other}"),
    }
    .into()
}

/// A default as both report it: PostgreSQL adds a cast (`'active'::text`).
fn normalise_default(default: &str) -> String {
    let bare = default
        .split("::")
        .next()
        .unwrap_or(default)
        .trim_matches(|c| c == '(' || c == ')');
    bare.to_owned()
}
