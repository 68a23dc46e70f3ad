//! Sharing a collection: members and their roles. Owners invite people (who accept, see
//! [`super::invitations`]) and manage members' roles; anybody may leave. A collection always
//! keeps at least one owner.

use cardsmith_model::collection::{AddMemberInput, MemberOut, UpdateMemberInput};
use cardsmith_model::validate::{email_problem, CollectionRole};

use super::access::require_collection;
use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::users::repo as user_repo;
use crate::{Core, CoreError, CoreResult};

#[derive(sqlx::FromRow)]
struct MemberRow {
    user_id: String,
    display_name: String,
    email: String,
    role: String,
    added_at: String,
}

pub async fn list(core: &Core, actor: &Actor, id: &str) -> CoreResult<Vec<MemberOut>> {
    require_collection(core.db.pool(), actor, id, CollectionRole::Viewer).await?;
    let rows: Vec<MemberRow> = sqlx::query_as(
        "SELECT m.user_id, u.display_name, u.email, m.role, m.added_at
         FROM collection_members m JOIN users u ON u.id = m.user_id
         WHERE m.collection_id = $1
         ORDER BY CASE m.role WHEN 'owner' THEN 0 WHEN 'editor' THEN 1 ELSE 2 END, lower(u.display_name)",
    )
    .bind(id)
    .fetch_all(core.db.pool())
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| MemberOut {
            user_id: r.user_id,
            display_name: r.display_name,
            email: r.email,
            role: r.role,
            added_at: r.added_at,
        })
        .collect())
}

/// Shares the collection (owner) with a person named by user id or by email address, as a
/// role: a pending invitation they accept or decline ([`super::invitations`]), whether or not
/// the address has an account here. The answer is the same either way (`Ok`, or the same 409
/// when the address is already a member or invited), and so is what the owner then sees, so
/// sharing tells nobody who has an account. A user id must name an active user (422): ids
/// are not guessable, so that answer tells nothing new.
pub async fn add(core: &Core, actor: &Actor, id: &str, input: AddMemberInput) -> CoreResult<()> {
    input.validate()?;
    let pool = core.db.pool();
    require_collection(pool, actor, id, CollectionRole::Owner).await?;
    let key = input.user_id.trim();
    let email = if key.contains('@') {
        if let Some(problem) = email_problem(key) {
            return Err(CoreError::invalid("user_id", problem));
        }
        user_repo::normalise_email(key)
    } else {
        user_repo::find_by_id(pool, key)
            .await?
            .filter(|u| u.status != "deactivated")
            .ok_or_else(|| {
                CoreError::invalid(
                    "user_id",
                    "no active user has that id (to share by email, give the address)",
                )
            })?
            .email
    };
    super::invitations::invite(core, actor, id, &email, &input.role).await
}

pub async fn update(
    core: &Core,
    actor: &Actor,
    id: &str,
    user_id: &str,
    input: UpdateMemberInput,
) -> CoreResult<()> {
    input.validate()?;
    require_collection(core.db.pool(), actor, id, CollectionRole::Owner).await?;
    let mut tx = core.db.begin().await?;
    let current = member_role(&mut tx, id, user_id).await?;
    if current == CollectionRole::Owner && input.role != "owner" {
        ensure_another_owner(&mut tx, id, user_id).await?;
    }
    sqlx::query(
        "UPDATE collection_members SET role = $1 WHERE collection_id = $2 AND user_id = $3",
    )
    .bind(&input.role)
    .bind(id)
    .bind(user_id)
    .execute(&mut *tx)
    .await?;
    if CollectionRole::parse(&input.role).is_none_or(|role| role < CollectionRole::Editor) {
        drop_links_made_by(&mut tx, id, user_id).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Removes a member (owner), or the caller themselves (leaving).
pub async fn remove(core: &Core, actor: &Actor, id: &str, user_id: &str) -> CoreResult<()> {
    let needed = if user_id == actor.id() {
        CollectionRole::Viewer
    } else {
        CollectionRole::Owner
    };
    require_collection(core.db.pool(), actor, id, needed).await?;
    let mut tx = core.db.begin().await?;
    if member_role(&mut tx, id, user_id).await? == CollectionRole::Owner {
        ensure_another_owner(&mut tx, id, user_id).await?;
    }
    sqlx::query("DELETE FROM collection_members WHERE collection_id = $1 AND user_id = $2")
        .bind(id)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM user_default_collections WHERE user_id = $1 AND collection_id = $2")
        .bind(user_id)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    drop_links_made_by(&mut tx, id, user_id).await?;
    audit::record(
        &mut *tx,
        AuditEvent::about(actor, user_id, "collection.member_removed", id.to_owned()),
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Removes the links `user_id` made of this collection's cards into other collections: they
/// were allowed as an editor here, and no longer are. Links of unknown makers (made before
/// deletion ended a deleted maker's links) stay; the card's owners can remove them.
async fn drop_links_made_by(
    tx: &mut crate::db::DbTx<'_>,
    id: &str,
    user_id: &str,
) -> CoreResult<()> {
    sqlx::query(
        "DELETE FROM collection_cards WHERE linked_by = $1
         AND card_id IN (SELECT c.id FROM cards c WHERE c.home_collection_id = $2)",
    )
    .bind(user_id)
    .bind(id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

async fn member_role(
    tx: &mut crate::db::DbTx<'_>,
    id: &str,
    user_id: &str,
) -> CoreResult<CollectionRole> {
    let role: Option<String> = sqlx::query_scalar(
        "SELECT role FROM collection_members WHERE collection_id = $1 AND user_id = $2",
    )
    .bind(id)
    .bind(user_id)
    .fetch_optional(&mut **tx)
    .await?;
    role.as_deref()
        .and_then(CollectionRole::parse)
        .ok_or_else(|| CoreError::not_found("that user is not a member of this collection"))
}

async fn ensure_another_owner(
    tx: &mut crate::db::DbTx<'_>,
    id: &str,
    except: &str,
) -> CoreResult<()> {
    let others: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM collection_members WHERE collection_id = $1 AND role = 'owner' AND user_id <> $2",
    )
    .bind(id)
    .bind(except)
    .fetch_one(&mut **tx)
    .await?;
    if others == 0 {
        return Err(CoreError::Conflict(
            "a collection needs an owner: make somebody else owner first".into(),
        ));
    }
    Ok(())
}
