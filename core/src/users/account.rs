//! What signed-in users do to their own account.

use cardsmith_model::user::{ChangePasswordInput, UpdateProfileInput, UserOut};

use super::repo;
use crate::audit::{self, AuditEvent};
use crate::auth::{password, session, Actor};
use crate::{time, Core, CoreError, CoreResult};

/// The caller as they are now.
pub fn me(actor: &Actor) -> UserOut {
    actor.user.clone()
}

#[tracing::instrument(skip_all, fields(user_id = %actor.id()))]
pub async fn update_profile(
    core: &Core,
    actor: &Actor,
    input: UpdateProfileInput,
) -> CoreResult<UserOut> {
    input.validate()?;
    let mut tx = core.db.begin().await?;
    crate::auth::session_cache::forget_user(actor.id());
    sqlx::query("UPDATE users SET display_name = $1, updated_at = $2 WHERE id = $3")
        .bind(input.display_name.trim())
        .bind(time::now_str())
        .bind(actor.id())
        .execute(&mut *tx)
        .await?;
    if let Some(locale) = &input.locale {
        // validated: empty (follow the browser) or one of the codes
        sqlx::query("UPDATE users SET locale = $1 WHERE id = $2")
            .bind(Some(locale.as_str()).filter(|l| !l.is_empty()))
            .bind(actor.id())
            .execute(&mut *tx)
            .await?;
    }
    audit::record(&mut *tx, AuditEvent::own(actor, "user.profile_updated", "")).await?;
    tx.commit().await?;
    repo::find_by_id(core.db.pool(), actor.id())
        .await?
        .ok_or_else(|| CoreError::NotFound("no such user".into()))
}

/// Changes the caller's password after checking the current one. Every other session of the
/// account ends: whoever might have known the old password is signed out.
#[tracing::instrument(skip_all, fields(user_id = %actor.id()))]
pub async fn change_password(
    core: &Core,
    actor: &Actor,
    input: ChangePasswordInput,
) -> CoreResult<()> {
    input.validate()?;
    let pool = core.db.pool();
    let row = repo::find_row_by_id(pool, actor.id())
        .await?
        .ok_or_else(|| CoreError::NotFound("no such user".into()))?;
    if !password::verify(input.current_password, row.password_hash).await? {
        return Err(CoreError::invalid(
            "current_password",
            "does not match your current password",
        ));
    }
    let hash = password::hash(input.new_password).await?;
    let mut tx = core.db.begin().await?;
    sqlx::query("UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = $3")
        .bind(hash)
        .bind(time::now_str())
        .bind(actor.id())
        .execute(&mut *tx)
        .await?;
    session::end_all(&mut *tx, actor.id(), Some(&actor.session_id)).await?;
    audit::record(
        &mut *tx,
        AuditEvent::own(actor, "user.password_changed", ""),
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Ends every session of the caller, this one included ("sign out everywhere").
#[tracing::instrument(skip_all, fields(user_id = %actor.id()))]
pub async fn revoke_my_sessions(core: &Core, actor: &Actor) -> CoreResult<u64> {
    let mut tx = core.db.begin().await?;
    let ended = session::end_all(&mut *tx, actor.id(), None).await?;
    audit::record(
        &mut *tx,
        AuditEvent::own(
            actor,
            "auth.sessions_revoked",
            format!("{ended} session(s)"),
        ),
    )
    .await?;
    tx.commit().await?;
    Ok(ended)
}
