//! Copying every table of an SQLite database into another database, row by row.
//!
//! Tables go in the order their foreign keys need (a referenced table first); rows of one
//! table in the order SQLite stored them, so a track made from another (an edit) follows it.
//! Each row is an upsert on the table's primary key: a second run changes nothing, a run
//! that was stopped resumes, and a row the running source changed since the last run is
//! brought up to date. Values are converted to the target column's type family, so a NULL
//! is bound with the type PostgreSQL expects.

use std::collections::{BTreeMap, BTreeSet};

use sqlx::{Column, Row, ValueRef};

use crate::db::{Backend, Db, DbPool, OptionalReal};
use crate::{CoreError, CoreResult};

/// Rows written per transaction: a stop loses at most this many, and the next run redoes them.
const CHUNK: usize = 500;

/// A table of the source, as the copy needs it.
#[derive(Debug)]
pub struct Table {
    pub name: String,
    columns: Vec<String>,
    primary_key: Vec<String>,
    references: BTreeSet<String>,
}

/// The type family of a target column.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Family {
    Integer,
    Real,
    Text,
}

/// One value read from the source.
enum Value {
    Null,
    Integer(i64),
    Real(f64),
    Text(String),
}

/// The source's tables (not sqlx's bookkeeping), referenced tables first.
pub async fn tables_in_order(source: &DbPool) -> CoreResult<Vec<Table>> {
    let names: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table'
         AND name NOT LIKE 'sqlite_%' AND name <> '_sqlx_migrations' ORDER BY name",
    )
    .fetch_all(source)
    .await?;
    let mut tables = Vec::new();
    for name in names {
        let info: Vec<(String, i64)> =
            sqlx::query_as("SELECT name, pk FROM pragma_table_info($1) ORDER BY cid")
                .bind(&name)
                .fetch_all(source)
                .await?;
        let mut keyed: Vec<(i64, String)> = info
            .iter()
            .filter(|(_, pk)| *pk > 0)
            .map(|(c, pk)| (*pk, c.clone()))
            .collect();
        keyed.sort();
        let references: BTreeSet<String> =
            sqlx::query_scalar("SELECT \"table\" FROM pragma_foreign_key_list($1)")
                .bind(&name)
                .fetch_all(source)
                .await?
                .into_iter()
                .filter(|t: &String| *t != name)
                .collect();
        tables.push(Table {
            columns: info.into_iter().map(|(c, _)| c).collect(),
            primary_key: keyed.into_iter().map(|(_, c)| c).collect(),
            name,
            references,
        });
    }
    order_by_references(tables)
}

/// Referenced tables before the tables referring to them.
fn order_by_references(mut rest: Vec<Table>) -> CoreResult<Vec<Table>> {
    let mut ordered: Vec<Table> = Vec::new();
    while !rest.is_empty() {
        let done: BTreeSet<String> = ordered.iter().map(|t| t.name.clone()).collect();
        let (ready, waiting): (Vec<Table>, Vec<Table>) = rest
            .into_iter()
            .partition(|t| t.references.iter().all(|r| done.contains(r)));
        if ready.is_empty() {
            return Err(CoreError::Internal(format!(
                "foreign keys between {:?} form a cycle",
                waiting.iter().map(|t| &t.name).collect::<Vec<_>>()
            )));
        }
        ordered.extend(ready);
        rest = waiting;
    }
    Ok(ordered)
}

/// The order rows are read from the source in, so a row referring to another row of its own
/// table (an edited track to the track it was made from) comes after it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SourceOrder {
    /// SQLite's `rowid`: the order rows were stored in.
    Stored,
    /// `created_at`, then the primary key (UUIDv7 ids grow with time): a PostgreSQL source,
    /// which has no insertion order.
    Created,
}

impl Table {
    fn select_sql(&self, order: SourceOrder) -> String {
        let order = match order {
            SourceOrder::Stored => "rowid".to_owned(),
            SourceOrder::Created if self.columns.iter().any(|c| c == "created_at") => {
                format!("created_at, {}", self.primary_key.join(", "))
            }
            SourceOrder::Created => self.primary_key.join(", "),
        };
        format!(
            "SELECT {} FROM {} ORDER BY {order}",
            self.columns.join(", "),
            self.name
        )
    }
}

/// Copies `table` from `source` into `target`; the number of rows copied.
pub async fn copy_table(
    source: &mut sqlx::AnyConnection,
    order: SourceOrder,
    target: &Db,
    table: &Table,
) -> CoreResult<u64> {
    if table.primary_key.is_empty() {
        return Err(CoreError::Internal(format!(
            "table {} has no primary key to copy it by",
            table.name
        )));
    }
    let families = target_families(target, table).await?;
    let upsert = upsert_sql(table);
    let rows = sqlx::query(&table.select_sql(order))
        .fetch_all(source)
        .await?;
    let mut copied = 0;
    for chunk in rows.chunks(CHUNK) {
        let mut tx = target.begin().await?;
        for row in chunk {
            let mut query = sqlx::query(&upsert);
            for (i, family) in families.iter().enumerate() {
                query = match (read(row, i)?, family) {
                    (Value::Null, Family::Integer) => query.bind(None::<i64>),
                    (Value::Null, Family::Real) => query.bind(OptionalReal(None)),
                    (Value::Null, Family::Text) => query.bind(None::<String>),
                    (Value::Integer(v), Family::Integer) => query.bind(v),
                    (Value::Integer(v), Family::Real) => query.bind(v as f64),
                    (Value::Real(v), Family::Real) => query.bind(v),
                    (Value::Text(v), Family::Text) => query.bind(v),
                    (Value::Integer(v), Family::Text) => query.bind(v.to_string()),
                    (Value::Real(v), Family::Text) => query.bind(v.to_string()),
                    (_, family) => {
                        return Err(CoreError::Internal(format!(
                            "{}.{} holds a value that is not {family:?}",
                            table.name, table.columns[i]
                        )))
                    }
                };
            }
            query.execute(&mut *tx).await?;
            copied += 1;
        }
        tx.commit().await?;
    }
    Ok(copied)
}

/// The number of rows of `table` in `pool`.
pub async fn count(pool: &DbPool, table: &str) -> CoreResult<i64> {
    Ok(sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table}"))
        .fetch_one(pool)
        .await?)
}

/// `INSERT … ON CONFLICT (key) DO UPDATE` every other column (or nothing, when every column
/// is the key).
fn upsert_sql(table: &Table) -> String {
    let placeholders: Vec<String> = (1..=table.columns.len()).map(|i| format!("${i}")).collect();
    let updates: Vec<String> = table
        .columns
        .iter()
        .filter(|c| !table.primary_key.contains(c))
        .map(|c| format!("{c} = excluded.{c}"))
        .collect();
    let action = if updates.is_empty() {
        "DO NOTHING".to_owned()
    } else {
        format!("DO UPDATE SET {}", updates.join(", "))
    };
    format!(
        "INSERT INTO {} ({}) VALUES ({}) ON CONFLICT ({}) {action}",
        table.name,
        table.columns.join(", "),
        placeholders.join(", "),
        table.primary_key.join(", ")
    )
}

/// The type family of each of `table`'s columns in the target, in the source's order; a
/// column the target lacks stops the copy (the schemas differ).
async fn target_families(target: &Db, table: &Table) -> CoreResult<Vec<Family>> {
    let declared: BTreeMap<String, String> = match target.backend() {
        Backend::Postgres => sqlx::query_as(
            "SELECT column_name::text, data_type::text FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name = $1",
        )
        .bind(&table.name)
        .fetch_all(target.pool())
        .await?
        .into_iter()
        .collect(),
        Backend::Sqlite => sqlx::query_as("SELECT name, type FROM pragma_table_info($1)")
            .bind(&table.name)
            .fetch_all(target.pool())
            .await?
            .into_iter()
            .collect(),
    };
    table
        .columns
        .iter()
        .map(|column| {
            let declared = declared.get(column).ok_or_else(|| {
                CoreError::Internal(format!(
                    "the target has no column {}.{column}: are both at the same version?",
                    table.name
                ))
            })?;
            Ok(match declared.to_lowercase().as_str() {
                "integer" | "bigint" => Family::Integer,
                "real" | "double precision" => Family::Real,
                _ => Family::Text,
            })
        })
        .collect()
}

/// Column `i` of `row`, whatever SQLite stored there.
fn read(row: &sqlx::any::AnyRow, i: usize) -> CoreResult<Value> {
    let raw = row.try_get_raw(i)?;
    if raw.is_null() {
        return Ok(Value::Null);
    }
    use sqlx::any::AnyTypeInfoKind as Kind;
    let kind = raw.type_info().kind();
    Ok(match kind {
        Kind::SmallInt | Kind::Integer | Kind::BigInt => Value::Integer(row.try_get(i)?),
        Kind::Bool => Value::Integer(i64::from(row.try_get::<bool, _>(i)?)),
        Kind::Real | Kind::Double => Value::Real(row.try_get(i)?),
        Kind::Text => Value::Text(row.try_get(i)?),
        _ => {
            return Err(CoreError::Internal(format!(
                "column {} holds a value of a kind Cardsmith never writes",
                row.column(i).name()
            )))
        }
    })
}
