//! Deleting an account (`DELETE /admin/users/{id}`, and an approved deletion request).
//!
//! One transaction, in this order:
//! 1. check the reassignments: each key a collection the user owns, each value an active
//!    user other than them (422 naming the entry otherwise);
//! 2. give each named collection its new owner; a collection the user owned alone and nobody
//!    takes over becomes *orphaned* (no owner row; content, cards and the other members'
//!    roles stay) until an admin assigns it (`collections::orphans`);
//! 3. end the links the user made of cards into other collections, as removing them from the
//!    card's home does: those links were the user's decision to show a card to people the
//!    card's owners may not know, and nobody would be left who could answer for them;
//! 4. end the user's sessions; cancel their queued and running jobs;
//! 5. delete what was theirs alone: linked player accounts (with tokens, publish records and
//!    device snapshots), recording sessions, label sheets and their share links;
//! 6. close a pending deletion request as approved; write the audit row;
//! 7. delete the `users` row (memberships, the default-collection row, unused mail-link
//!    tokens, single sign-on flows and its provider identity go with it; tracks they added
//!    and jobs keep their rows, with no user; invitations they sent stay for the owners).
//!
//! Files (recorded takes, label sheets) are removed after the commit, and cancelled jobs are
//! settled and stopped then, as an admin's cancel does: a rolled-back deletion removes
//! nothing.
//!
//! An admin cannot delete their own account (409, like deactivation), and the last active
//! admin cannot be deleted (409), so an instance always keeps somebody who can manage it.

use std::collections::BTreeMap;

use cardsmith_model::deletion::{pointer_escape, OwnedCollection, ReassignmentsInput};
use cardsmith_model::user::ROLE_ADMIN;
use cardsmith_model::FieldError;

use super::repo;
use crate::audit::{self, AuditEvent};
use crate::auth::{session, Actor};
use crate::db::{DbDriver, DbTx};
use crate::jobs::queue::ClaimedJob;
use crate::{time, Core, CoreError, CoreResult};

/// Why the jobs of a deleted account stopped, as their owners' collaborators read it.
const JOB_CANCELLED: &str = "cancelled: the account that started it was deleted";

/// Deletes `user_id` (admin only), reassigning the collections `input` names.
#[tracing::instrument(skip_all, fields(actor_id = %actor.id(), user_id = %user_id))]
pub async fn delete_user(
    core: &Core,
    actor: &Actor,
    user_id: &str,
    input: ReassignmentsInput,
) -> CoreResult<()> {
    actor.require_admin()?;
    input.validate()?;
    let mut tx = core.db.begin().await?;
    let leftovers = cascade(&mut tx, actor, user_id, input.into_map()).await?;
    tx.commit().await?;
    leftovers.clean_up(core).await;
    Ok(())
}

/// The collections `user_id` owns, for the admin choosing reassignments before deleting them
/// (admin; 404 for no such user).
pub async fn owned_by(
    core: &Core,
    actor: &Actor,
    user_id: &str,
) -> CoreResult<Vec<OwnedCollection>> {
    actor.require_admin()?;
    repo::find_row_by_id(core.db.pool(), user_id)
        .await?
        .ok_or_else(|| CoreError::not_found("no user has that id"))?;
    owned_collections(core.db.pool(), user_id).await
}

/// What the committed deletion leaves to do outside the database.
#[must_use = "clean_up after the commit"]
pub(crate) struct Leftovers {
    jobs: Vec<ClaimedJob>,
    recordings: Vec<String>,
    label_files: Vec<String>,
}

impl Leftovers {
    /// Settles and stops the cancelled jobs and removes the deleted user's files. Failures
    /// are logged: the account is gone either way, and the housekeeping sweep removes stray
    /// media later.
    pub(crate) async fn clean_up(self, core: &Core) {
        for job in &self.jobs {
            if let Err(e) =
                crate::jobs::worker::handlers::after_failure(core, job, JOB_CANCELLED).await
            {
                tracing::warn!(job_id = %job.id, error = %e, "settling a cancelled job failed");
            }
            core.jobs.interrupt(&job.id);
        }
        for id in &self.recordings {
            crate::recording::discard_deleted(core, id).await;
        }
        for file in &self.label_files {
            let name = crate::labels::label_name(file);
            if let Err(e) = core.media().remove_named(&name).await {
                tracing::warn!(file, error = %e, "removing a deleted user's label failed");
            }
        }
    }
}

/// The deletion itself, inside the caller's transaction (see the module docs for the
/// order). `actor` must already be known to be an admin.
pub(crate) async fn cascade(
    tx: &mut DbTx<'static>,
    actor: &Actor,
    user_id: &str,
    reassignments: BTreeMap<String, String>,
) -> CoreResult<Leftovers> {
    let user = repo::find_row_by_id(&mut **tx, user_id)
        .await?
        .ok_or_else(|| CoreError::not_found("no user has that id"))?;
    if user_id == actor.id() {
        return Err(CoreError::Conflict(
            "you cannot delete your own account; another admin can".into(),
        ));
    }
    if user.role == ROLE_ADMIN && repo::count_other_active_admins(&mut **tx, user_id).await? == 0 {
        return Err(CoreError::Conflict(
            "this is the last active admin; make another user admin first".into(),
        ));
    }
    let owned = owned_collections(&mut **tx, user_id).await?;
    check_reassignments(tx, user_id, &owned, &reassignments).await?;
    let now = time::now_str();

    for (collection, new_owner) in &reassignments {
        sqlx::query(
            "INSERT INTO collection_members (collection_id, user_id, role, added_at)
             VALUES ($1, $2, 'owner', $3)
             ON CONFLICT (collection_id, user_id) DO UPDATE SET role = 'owner'",
        )
        .bind(collection)
        .bind(new_owner)
        .bind(&now)
        .execute(&mut **tx)
        .await?;
        let detail = format!("{collection} from deleted user {user_id}");
        audit::record(
            &mut **tx,
            AuditEvent::about(actor, new_owner, "collection.reassigned", detail),
        )
        .await?;
    }
    let orphaned: Vec<&OwnedCollection> = owned
        .iter()
        .filter(|c| c.sole_owner && !reassignments.contains_key(&c.id))
        .collect();
    for c in &orphaned {
        let detail = format!("{} ({}) has no owner left", c.id, c.slug);
        audit::record(
            &mut **tx,
            AuditEvent::about(actor, user_id, "collection.orphaned", detail),
        )
        .await?;
    }

    let links_ended = exec(
        tx,
        "DELETE FROM collection_cards WHERE linked_by = $1",
        user_id,
    )
    .await?;
    let sessions = session::end_all(&mut **tx, user_id, None).await?;
    let jobs: Vec<ClaimedJob> = sqlx::query_as(
        "UPDATE jobs SET status = 'cancelled', error = $1, locked_until = NULL,
                completed_at = $2, updated_at = $2
         WHERE user_id = $3 AND status IN ('queued', 'running')
         RETURNING id, user_id, kind, payload, attempts, max_attempts",
    )
    .bind(JOB_CANCELLED)
    .bind(&now)
    .bind(user_id)
    .fetch_all(&mut **tx)
    .await?;
    let accounts = exec(
        tx,
        "DELETE FROM player_accounts WHERE user_id = $1",
        user_id,
    )
    .await?;
    let recordings: Vec<String> =
        sqlx::query_scalar("DELETE FROM recording_sessions WHERE user_id = $1 RETURNING id")
            .bind(user_id)
            .fetch_all(&mut **tx)
            .await?;
    let shares = exec(tx, "DELETE FROM label_shares WHERE owner_id = $1", user_id).await?;
    let label_files: Vec<String> =
        sqlx::query_scalar("DELETE FROM labels WHERE owner_id = $1 RETURNING filename")
            .bind(user_id)
            .fetch_all(&mut **tx)
            .await?;
    super::deletion_requests::close_for_deleted(tx, actor, user_id).await?;

    let detail = format!(
        "{}: {} collection(s) reassigned, {} orphaned, {links_ended} link(s) ended; \
         {sessions} session(s), {} job(s), {accounts} player account(s), {} recording(s), \
         {} label sheet(s), {shares} share link(s) removed",
        user.email,
        reassignments.len(),
        orphaned.len(),
        jobs.len(),
        recordings.len(),
        label_files.len(),
    );
    audit::record(
        &mut **tx,
        AuditEvent::about(actor, user_id, "admin.user_deleted", detail),
    )
    .await?;
    exec(tx, "DELETE FROM users WHERE id = $1", user_id).await?;
    Ok(Leftovers {
        jobs,
        recordings,
        label_files,
    })
}

async fn exec(tx: &mut DbTx<'static>, sql: &str, user_id: &str) -> CoreResult<u64> {
    Ok(sqlx::query(sql)
        .bind(user_id)
        .execute(&mut **tx)
        .await?
        .rows_affected())
}

/// Each entry of `reassignments` names a collection `user_id` owns and an active user other
/// than them; every broken entry is listed (422), by its collection id.
async fn check_reassignments(
    tx: &mut DbTx<'static>,
    user_id: &str,
    owned: &[OwnedCollection],
    reassignments: &BTreeMap<String, String>,
) -> CoreResult<()> {
    let mut errors = Vec::new();
    for (collection, new_owner) in reassignments {
        let field = format!("reassignments/{}", pointer_escape(collection));
        if !owned.iter().any(|c| &c.id == collection) {
            errors.push(FieldError::new(
                &field,
                "is not a collection this user owns",
            ));
            continue;
        }
        let active: Option<i64> =
            sqlx::query_scalar("SELECT 1 FROM users WHERE id = $1 AND status = 'active'")
                .bind(new_owner)
                .fetch_optional(&mut **tx)
                .await?;
        if new_owner == user_id || active.is_none() {
            errors.push(FieldError::new(
                &field,
                "must be the id of an active user other than the one being deleted",
            ));
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(CoreError::Invalid(errors))
    }
}

/// The collections `user_id` owns, by name, with whether they own it alone.
pub(crate) async fn owned_collections<'e, E>(
    executor: E,
    user_id: &str,
) -> CoreResult<Vec<OwnedCollection>>
where
    E: sqlx::Executor<'e, Database = DbDriver>,
{
    let rows: Vec<(String, String, String, i64, i64)> = sqlx::query_as(
        "SELECT c.id, c.name, c.slug,
                (SELECT COUNT(*) FROM collection_members o
                  WHERE o.collection_id = c.id AND o.role = 'owner' AND o.user_id <> $1),
                (SELECT COUNT(*) FROM collection_members o
                  WHERE o.collection_id = c.id AND o.user_id <> $1)
         FROM collections c JOIN collection_members m ON m.collection_id = c.id
         WHERE m.user_id = $1 AND m.role = 'owner'
         ORDER BY lower(c.name), c.id",
    )
    .bind(user_id)
    .fetch_all(executor)
    .await?;
    Ok(rows
        .into_iter()
        .map(
            |(id, name, slug, other_owners, other_members)| OwnedCollection {
                id,
                name,
                slug,
                sole_owner: other_owners == 0,
                other_members,
            },
        )
        .collect())
}
