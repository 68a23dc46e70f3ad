//! Who is asking: passwords, sessions and the [`Actor`] every service receives.

pub mod cookie;
pub mod password;
pub mod session;

use cardsmith_model::user::{UserOut, ROLE_ADMIN};

use crate::{CoreError, CoreResult};

/// The signed-in user behind a request, resolved from a live session.
#[derive(Debug, Clone)]
pub struct Actor {
    pub user: UserOut,
    /// The session the request came with; kept so "sign out elsewhere" can spare it.
    pub session_id: String,
}

impl Actor {
    pub fn id(&self) -> &str {
        &self.user.id
    }

    /// Admin-only operations call this first; everybody else gets 403.
    pub fn require_admin(&self) -> CoreResult<()> {
        if self.user.role == ROLE_ADMIN {
            Ok(())
        } else {
            Err(CoreError::Forbidden("this needs the admin role".to_owned()))
        }
    }
}
