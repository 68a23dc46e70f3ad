//! The admin's management of accounts. Every function starts with the role check.

use cardsmith_model::user::{CreateUserInput, UpdateUserInput, UserOut, ROLE_ADMIN};

use super::repo::{self, NewUser};
use crate::audit::{self, AuditEvent};
use crate::auth::{password, session, Actor};
use crate::error::OnUnique;
use crate::{new_id, time, Core, CoreError, CoreResult};

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
    audit::record(
        &mut *tx,
        AuditEvent {
            action: "admin.user_created",
            user_id: &id,
            actor_id: actor.id(),
            detail: format!("role {}", input.role),
        },
    )
    .await?;
    tx.commit().await?;
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
    sqlx::query("UPDATE users SET display_name = $1, role = $2, updated_at = $3 WHERE id = $4")
        .bind(input.display_name.trim())
        .bind(&input.role)
        .bind(time::now_str())
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    audit::record(
        &mut *tx,
        AuditEvent {
            action: "admin.user_updated",
            user_id,
            actor_id: actor.id(),
            detail: format!("role {} -> {}", row.role, input.role),
        },
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
        AuditEvent {
            action: "admin.sessions_revoked",
            user_id,
            actor_id: actor.id(),
            detail: format!("{ended} session(s)"),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(ended)
}
