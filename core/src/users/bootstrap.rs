//! The first admin of a fresh installation.

use std::path::PathBuf;

use cardsmith_model::user::ROLE_ADMIN;
use cardsmith_model::validate::{email_problem, new_password_problem};
use rand::distributions::{Alphanumeric, DistString};

use super::repo::{self, NewUser};
use crate::auth::password;
use crate::crypto::write_private;
use crate::{new_id, Core, CoreError, CoreResult};

/// Where a generated first-admin password is written, inside the data directory.
pub const INITIAL_PASSWORD_FILE: &str = "initial-admin-password";

/// What happened at start-up.
pub enum FirstAdmin {
    /// Users exist already; nothing was done.
    NotNeeded,
    /// Created with the configured password.
    Created { email: String },
    /// Created with a generated password, written to `password_file` (mode 0600). The
    /// password is not printed: console output ends up in logs and terminal scrollback that
    /// other people may read.
    Generated {
        email: String,
        password_file: PathBuf,
    },
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
    // The file comes first: an admin whose only password was lost would lock everybody out.
    let password_file = core.settings.data_dir.join(INITIAL_PASSWORD_FILE);
    if generated {
        write_password_file(&password_file, &password)?;
    }
    let inserted = repo::insert(
        core.db.pool(),
        NewUser {
            id: &new_id(),
            email: &email,
            display_name: "Admin",
            password_hash: &hash,
            role: ROLE_ADMIN,
        },
    )
    .await;
    if let Err(e) = inserted {
        if generated {
            let _ = std::fs::remove_file(&password_file);
        }
        // Several instances starting at once on one new database: one of them created the
        // admin first, which is what this one was about to do.
        if repo::count(core.db.pool()).await? > 0 {
            return Ok(FirstAdmin::NotNeeded);
        }
        return Err(e.into());
    }
    Ok(if generated {
        FirstAdmin::Generated {
            email,
            password_file,
        }
    } else {
        FirstAdmin::Created { email }
    })
}

/// Writes the password readable by this user only. A file left from an earlier installation
/// is replaced (removed first, so the new one is created with mode 0600 whatever the old had).
fn write_password_file(path: &std::path::Path, password: &str) -> CoreResult<()> {
    match std::fs::remove_file(path) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => {
            return Err(CoreError::internal(
                "replacing the initial password file",
                e,
            ))
        }
    }
    write_private(path, format!("{password}\n").as_bytes())
        .map_err(|e| CoreError::internal(&format!("writing {}", path.display()), e))
}
