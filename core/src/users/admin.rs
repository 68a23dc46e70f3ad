//! The admin's management of accounts. Every function starts with the role check.

use cardsmith_model::user::{CreateUserInput, UpdateUserInput, UserOut, ROLE_ADMIN};

use super::repo::{self, NewUser};
use crate::audit::{self, AuditEvent};
use crate::auth::{password, session, Actor};
use crate::db::DbTx;
use crate::error::OnUnique;
use crate::{new_id, time, Core, CoreError, CoreResult};

/// The `users.status` of an account that may sign in.
const STATUS_ACTIVE: &str = "active";
/// The `users.status` of an account that may neither sign in nor use an open session (see
/// [`crate::auth::session::authenticate`] and [`super::login::login`]).
const STATUS_DEACTIVATED: &str = "deactivated";

fn no_such_user() -> CoreError {
    CoreError::NotFound("no user has that id".into())
}

pub async fn list_users(core: &Core, actor: &Actor) -> CoreResult<Vec<UserOut>> {
    actor.require_admin()?;
    repo::list(core.db.pool()).await
}

#[tracing::instrument(skip_all, fields(actor_id = %actor.id()))]
pub async fn create_user(
    core: &Core,
    actor: &Actor,
    input: CreateUserInput,
) -> CoreResult<UserOut> {
    actor.require_admin()?;
    input.validate()?;
    let email = repo::normalise_email(&input.email);
    let display_name = input
        .display_name
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| email.split('@').next().unwrap_or_default())
        .to_owned();
    let hash = password::hash(input.password).await?;
    let id = new_id();
    let mut tx = core.db.begin().await?;
    repo::insert(
        &mut *tx,
        NewUser {
            id: &id,
            email: &email,
            display_name: &display_name,
            password_hash: &hash,
            role: &input.role,
        },
    )
    .await
    .on_unique(|| CoreError::Conflict(format!("a user with email {email} already exists")))?;
    // a new account has no language yet: the admin's is the likeliest to be theirs
    super::verification::start(core, &mut tx, actor.locale, &id, &email, &display_name).await?;
    audit::record(
        &mut *tx,
        AuditEvent::about(
            actor,
            &id,
            "admin.user_created",
            format!("role {}", input.role),
        ),
    )
    .await?;
    tx.commit().await?;
    core.jobs.wake(); // sends the verification mail now
    repo::find_by_id(core.db.pool(), &id)
        .await?
        .ok_or_else(no_such_user)
}

/// Renames a user and sets their role. The last active admin cannot be demoted: somebody must
/// always be able to manage the server.
#[tracing::instrument(skip_all, fields(actor_id = %actor.id(), user_id = %user_id))]
pub async fn update_user(
    core: &Core,
    actor: &Actor,
    user_id: &str,
    input: UpdateUserInput,
) -> CoreResult<UserOut> {
    actor.require_admin()?;
    input.validate()?;
    let mut tx = core.db.begin().await?;
    let row = repo::find_row_by_id(&mut *tx, user_id)
        .await?
        .ok_or_else(no_such_user)?;
    if row.role == ROLE_ADMIN
        && input.role != ROLE_ADMIN
        && repo::count_other_active_admins(&mut *tx, user_id).await? == 0
    {
        return Err(CoreError::Conflict(
            "this is the last active admin; make another user admin first".into(),
        ));
    }
    crate::auth::session_cache::forget_user(user_id);
    sqlx::query("UPDATE users SET display_name = $1, role = $2, updated_at = $3 WHERE id = $4")
        .bind(input.display_name.trim())
        .bind(&input.role)
        .bind(time::now_str())
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    audit::record(
        &mut *tx,
        AuditEvent::about(
            actor,
            user_id,
            "admin.user_updated",
            format!("role {} -> {}", row.role, input.role),
        ),
    )
    .await?;
    tx.commit().await?;
    repo::find_by_id(core.db.pool(), user_id)
        .await?
        .ok_or_else(no_such_user)
}

/// Signs a user out of every device.
#[tracing::instrument(skip_all, fields(actor_id = %actor.id(), user_id = %user_id))]
pub async fn revoke_user_sessions(core: &Core, actor: &Actor, user_id: &str) -> CoreResult<u64> {
    actor.require_admin()?;
    let mut tx = core.db.begin().await?;
    repo::find_row_by_id(&mut *tx, user_id)
        .await?
        .ok_or_else(no_such_user)?;
    let ended = session::end_all(&mut *tx, user_id, None).await?;
    audit::record(
        &mut *tx,
        AuditEvent::about(
            actor,
            user_id,
            "admin.sessions_revoked",
            format!("{ended} session(s)"),
        ),
    )
    .await?;
    tx.commit().await?;
    Ok(ended)
}

/// Deactivates an account: its owner can no longer sign in, and every session they have open
/// ends now rather than at their next request. Deactivating an account that already is one
/// changes nothing but is still audited (the admin asked).
///
/// An admin cannot deactivate their own account (409): they would lock themselves out in the
/// middle of what they were doing. Since the caller is an active admin other than the target,
/// this also keeps at least one active admin on the server.
#[tracing::instrument(skip_all, fields(actor_id = %actor.id(), user_id = %user_id))]
pub async fn deactivate_user(core: &Core, actor: &Actor, user_id: &str) -> CoreResult<()> {
    let mut tx = begin_admin_action(core, actor).await?;
    let before = status_of(&mut tx, user_id).await?;
    if user_id == actor.id() {
        return Err(CoreError::Conflict(
            "you cannot deactivate your own account; another admin can".into(),
        ));
    }
    set_status(&mut tx, user_id, STATUS_DEACTIVATED).await?;
    let ended = session::end_all(&mut *tx, user_id, None).await?;
    let detail = format!("was {before}; {ended} session(s) ended");
    finish_admin_action(tx, actor, user_id, "admin.user_deactivated", detail).await
}

/// Lets a deactivated account sign in again. Its old sessions stay ended (deactivation
/// deleted them); the owner signs in anew.
#[tracing::instrument(skip_all, fields(actor_id = %actor.id(), user_id = %user_id))]
pub async fn reactivate_user(core: &Core, actor: &Actor, user_id: &str) -> CoreResult<()> {
    let mut tx = begin_admin_action(core, actor).await?;
    let before = status_of(&mut tx, user_id).await?;
    set_status(&mut tx, user_id, STATUS_ACTIVE).await?;
    let detail = format!("was {before}");
    finish_admin_action(tx, actor, user_id, "admin.user_reactivated", detail).await
}

/// Ends every sign-in lockout of the account, from whichever client address, and forgets
/// the failures counted towards the next one, so the owner's next wrong password does not
/// lock them out again at once. The account then no longer reads `locked`.
#[tracing::instrument(skip_all, fields(actor_id = %actor.id(), user_id = %user_id))]
pub async fn unlock_user(core: &Core, actor: &Actor, user_id: &str) -> CoreResult<()> {
    let mut tx = begin_admin_action(core, actor).await?;
    let row = repo::find_row_by_id(&mut *tx, user_id)
        .await?
        .ok_or_else(no_such_user)?;
    let was_locked = row.is_locked();
    crate::auth::session_cache::forget_user(user_id);
    let cleared = sqlx::query("DELETE FROM login_failures WHERE email = $1")
        .bind(&row.email)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    let detail = format!("was locked: {was_locked}; {cleared} failure record(s) cleared");
    finish_admin_action(tx, actor, user_id, "admin.user_unlocked", detail).await
}

/// The stored status of `user_id` (404 when there is no such user).
async fn status_of(tx: &mut DbTx<'static>, user_id: &str) -> CoreResult<String> {
    sqlx::query_scalar("SELECT status FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_optional(&mut **tx)
        .await?
        .ok_or_else(no_such_user)
}

async fn set_status(tx: &mut DbTx<'static>, user_id: &str, status: &str) -> CoreResult<()> {
    crate::auth::session_cache::forget_user(user_id);
    sqlx::query("UPDATE users SET status = $1, updated_at = $2 WHERE id = $3")
        .bind(status)
        .bind(time::now_str())
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Starts an admin's action on an account: the role is checked before anything is read, so
/// a non-admin learns nothing (403 whatever the id), then one write transaction holds the
/// whole change. [`finish_admin_action`] ends it.
pub(crate) async fn begin_admin_action(core: &Core, actor: &Actor) -> CoreResult<DbTx<'static>> {
    actor.require_admin()?;
    Ok(core.db.begin().await?)
}

/// Ends an admin's action on `user_id`: the audit row (with the request's client address)
/// goes into the same transaction as the change, then both commit together.
pub(crate) async fn finish_admin_action(
    tx: DbTx<'static>,
    actor: &Actor,
    user_id: &str,
    action: &str,
    detail: String,
) -> CoreResult<()> {
    audit::commit(tx, AuditEvent::about(actor, user_id, action, detail)).await
}
