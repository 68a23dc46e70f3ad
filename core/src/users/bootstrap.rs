//! The first admin of a fresh installation.

use cardsmith_model::user::ROLE_ADMIN;
use cardsmith_model::validate::{email_problem, new_password_problem};
use rand::distributions::{Alphanumeric, DistString};

use super::repo::{self, NewUser};
use crate::auth::password;
use crate::{new_id, Core, CoreError, CoreResult};

/// What happened at start-up.
pub enum FirstAdmin {
    /// Users exist already; nothing was done.
    NotNeeded,
    /// Created with the configured password.
    Created { email: String },
    /// Created with a generated password, which the caller must show exactly once.
    Generated { email: String, password: String },
}

/// Creates an admin when the database has no users at all.
pub async fn ensure_first_admin(
    core: &Core,
    email: Option<&str>,
    password: Option<&str>,
) -> CoreResult<FirstAdmin> {
    if repo::count(core.db.pool()).await? > 0 {
        return Ok(FirstAdmin::NotNeeded);
    }
    let email = email.unwrap_or("admin@localhost.localdomain").to_owned();
    if let Some(problem) = email_problem(&email) {
        return Err(CoreError::Internal(format!(
            "CARDSMITH_ADMIN_EMAIL {problem}"
        )));
    }
    let (password, generated) = match password {
        Some(p) => (p.to_owned(), false),
        None => (Alphanumeric.sample_string(&mut rand::rngs::OsRng, 20), true),
    };
    if let Some(problem) = new_password_problem(&password) {
        return Err(CoreError::Internal(format!(
            "CARDSMITH_ADMIN_PASSWORD {problem}"
        )));
    }
    let hash = password::hash(password.clone()).await?;
    let display_name = "Admin";
    repo::insert(
        core.db.pool(),
        NewUser {
            id: &new_id(),
            email: &email,
            display_name,
            password_hash: &hash,
            role: ROLE_ADMIN,
        },
    )
    .await?;
    Ok(if generated {
        FirstAdmin::Generated { email, password }
    } else {
        FirstAdmin::Created { email }
    })
}
