//! SQL for the `users` table.

use cardsmith_model::user::UserOut;

use crate::db::{DbDriver, DbPool};
use crate::{time, CoreResult};

/// A `users` row with everything sign-in needs.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct UserRow {
    pub id: String,
    pub email: String,
    pub display_name: String,
    pub password_hash: Option<String>,
    pub role: String,
    pub status: String,
    pub auth_type: String,
    pub created_at: String,
    pub email_verified_at: Option<String>,
    /// The latest end of a lockout of any client address out of this account
    /// (`login_failures`); the account shows `locked` while it is in the future.
    pub locked_until: Option<String>,
    pub locked_account_count: i64,
    pub locale: Option<String>,
}

impl UserRow {
    /// Whether some address is locked out of this account now.
    pub fn is_locked(&self) -> bool {
        self.locked_until
            .as_deref()
            .is_some_and(|until| until > time::now_str().as_str())
    }

    pub fn into_out(self) -> UserOut {
        let status = if self.status == "active" && self.is_locked() {
            "locked".to_owned()
        } else {
            self.status
        };
        UserOut {
            id: self.id,
            email: self.email,
            display_name: self.display_name,
            role: self.role,
            status,
            auth_type: self.auth_type,
            email_confirmed: self.email_verified_at.is_some(),
            // vouched for by the admin who created it until its owner confirms it
            email_verified_at: self
                .email_verified_at
                .unwrap_or_else(|| self.created_at.clone()),
            created_at: self.created_at,
            locked_account_count: self.locked_account_count,
            locale: self.locale,
        }
    }
}

/// `auth_type` is derived from the password and the provider identity (the stored column is
/// no longer read), so it cannot go stale when either changes (see `users::oidc`).
const COLUMNS: &str =
    "id, email, display_name, password_hash, role, status, \
     CASE WHEN oidc_subject IS NULL THEN 'password' \
          WHEN password_hash IS NULL THEN 'oidc' ELSE 'password_and_oidc' END AS auth_type, \
     created_at, email_verified_at, locked_account_count, locale, \
     (SELECT MAX(f.locked_until) FROM login_failures f WHERE f.email = users.email) AS locked_until";

/// Emails are compared trimmed and lowercased.
pub fn normalise_email(email: &str) -> String {
    email.trim().to_lowercase()
}

pub async fn find_row_by_email(pool: &DbPool, email: &str) -> CoreResult<Option<UserRow>> {
    let sql = format!("SELECT {COLUMNS} FROM users WHERE email = $1");
    Ok(sqlx::query_as(&sql)
        .bind(normalise_email(email))
        .fetch_optional(pool)
        .await?)
}

pub async fn find_row_by_id<'e, E>(executor: E, id: &str) -> CoreResult<Option<UserRow>>
where
    E: sqlx::Executor<'e, Database = DbDriver>,
{
    let sql = format!("SELECT {COLUMNS} FROM users WHERE id = $1");
    Ok(sqlx::query_as(&sql)
        .bind(id)
        .fetch_optional(executor)
        .await?)
}

pub async fn find_by_id(pool: &DbPool, id: &str) -> CoreResult<Option<UserOut>> {
    Ok(find_row_by_id(pool, id).await?.map(UserRow::into_out))
}

pub async fn list(pool: &DbPool) -> CoreResult<Vec<UserOut>> {
    let sql = format!("SELECT {COLUMNS} FROM users ORDER BY created_at, id");
    let rows: Vec<UserRow> = sqlx::query_as(&sql).fetch_all(pool).await?;
    Ok(rows.into_iter().map(UserRow::into_out).collect())
}

pub async fn count(pool: &DbPool) -> CoreResult<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM users")
        .fetch_one(pool)
        .await?)
}

/// Active admins other than `except`: the guard against locking everybody out.
pub async fn count_other_active_admins<'e, E>(executor: E, except: &str) -> CoreResult<i64>
where
    E: sqlx::Executor<'e, Database = DbDriver>,
{
    Ok(sqlx::query_scalar(
        "SELECT COUNT(*) FROM users WHERE role = 'admin' AND status = 'active' AND id <> $1",
    )
    .bind(except)
    .fetch_one(executor)
    .await?)
}

/// The fields of a new local account.
pub struct NewUser<'a> {
    pub id: &'a str,
    pub email: &'a str,
    pub display_name: &'a str,
    pub password_hash: &'a str,
    pub role: &'a str,
}

/// Inserts a local account (email confirmed: an admin or the operator vouches for it).
pub async fn insert<'e, E>(executor: E, user: NewUser<'_>) -> Result<(), sqlx::Error>
where
    E: sqlx::Executor<'e, Database = DbDriver>,
{
    let now = time::now_str();
    sqlx::query(
        "INSERT INTO users (id, email, display_name, password_hash, role, created_at, updated_at, email_verified_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6, $6)",
    )
    .bind(user.id)
    .bind(normalise_email(user.email))
    .bind(user.display_name.trim())
    .bind(user.password_hash)
    .bind(user.role)
    .bind(now)
    .execute(executor)
    .await
    .map(|_| ())
}
