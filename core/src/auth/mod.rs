//! Who is asking: passwords, sessions and the [`Actor`] every service receives.

pub mod cookie;
pub mod password;
pub mod session;
pub mod session_cache;

use std::net::IpAddr;

use cardsmith_i18n::Locale;
use cardsmith_model::user::{UserOut, ROLE_ADMIN};

use crate::{CoreError, CoreResult};

/// The signed-in user behind a request, resolved from a live session.
#[derive(Debug, Clone)]
pub struct Actor {
    pub user: UserOut,
    /// The session the request came with; kept so "sign out elsewhere" can spare it.
    pub session_id: String,
    /// The address of the client whose request this is (see [`ClientIp`]); every audit row
    /// the actor causes carries it. `None` when unknown.
    pub ip: Option<IpAddr>,
    /// The language the actor reads: the one chosen in Settings, else the request's (the
    /// browser's or the language menu's, see [`Actor::reading`]). Mails the actor causes are
    /// written in it when their recipient has no language of their own.
    pub locale: Locale,
}

impl Actor {
    pub fn id(&self) -> &str {
        &self.user.id
    }

    /// The actor of a request whose own language (browser, language menu) is `request`: the
    /// account's choice wins over it.
    pub fn reading(mut self, request: Locale) -> Self {
        self.locale = chosen_locale(self.user.locale.as_deref()).unwrap_or(request);
        self
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

/// A stored language choice (`users.locale`), if it names a language Cardsmith speaks.
pub fn chosen_locale(stored: Option<&str>) -> Option<Locale> {
    stored?.parse().ok()
}

/// The client address of the request being served, which the server puts into every
/// request's extensions (computed once by [`client_address`]) so both doors read the same.
#[derive(Debug, Clone, Copy, Default)]
pub struct ClientIp(pub Option<IpAddr>);

/// The address a request came from: the TCP peer, or, only when the operator said a reverse
/// proxy sets it (`trust_forwarded_for`), the last `X-Forwarded-For` entry, which is the one
/// that proxy appended (earlier entries are whatever the client claimed).
///
/// `forwarded_for` is the last `X-Forwarded-For` header line, if any.
pub fn client_address(
    peer: Option<IpAddr>,
    forwarded_for: Option<&str>,
    trust_forwarded_for: bool,
) -> Option<IpAddr> {
    if !trust_forwarded_for {
        return peer;
    }
    forwarded_for
        .and_then(|list| list.rsplit(',').next())
        .and_then(|last| last.trim().parse().ok())
        .or(peer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forwarded_for_counts_only_when_trusted() {
        let peer = Some(IpAddr::from([10, 0, 0, 1]));
        let xff = Some("1.2.3.4, 5.6.7.8");
        assert_eq!(client_address(peer, xff, false), peer);
        assert_eq!(
            client_address(peer, xff, true),
            Some(IpAddr::from([5, 6, 7, 8]))
        );
        assert_eq!(client_address(peer, Some("garbage"), true), peer);
        assert_eq!(client_address(None, None, false), None);
    }
}
