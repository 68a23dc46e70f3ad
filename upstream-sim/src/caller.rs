//! Who is calling the API: bearer token lookup, expiry and scope checks.

use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use chrono::Utc;

use crate::error::ApiError;
use crate::state::SharedState;

/// The account behind a valid access token.
#[derive(Debug, Clone)]
pub struct Caller {
    pub user_id: String,
    pub scope: Vec<String>,
}

impl Caller {
    /// 403 unless the token carries `scope` or a scope that includes it.
    pub fn require(&self, scope: &str) -> Result<(), ApiError> {
        if grants(&self.scope, scope) {
            Ok(())
        } else {
            Err(ApiError::forbidden(format!(
                "Insufficient scope: this call requires {scope}"
            )))
        }
    }
}

/// Scope inclusion as documented: `manage` includes the matching `view` scopes.
pub fn grants(granted: &[String], required: &str) -> bool {
    let implied_by: &[&str] = match required {
        "user:content:view" | "user:icons:manage" => &["user:content:manage"],
        "family:devices:view" | "family:device-status:view" => &["family:devices:manage"],
        "family:library:view" => &["family:library:manage"],
        _ => &[],
    };
    granted
        .iter()
        .any(|g| g == required || implied_by.contains(&g.as_str()))
}

/// The bearer token of a request, if it has one.
pub fn bearer(parts: &Parts) -> Option<&str> {
    let value = parts.headers.get(AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

impl FromRequestParts<SharedState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, shared: &SharedState) -> Result<Self, ApiError> {
        let token = bearer(parts).ok_or_else(|| ApiError::unauthorized("Missing bearer token"))?;
        let world = shared.world();
        let grant = world
            .access_tokens
            .get(token)
            .ok_or_else(|| ApiError::unauthorized("Invalid token"))?;
        if grant.expires_at <= Utc::now() {
            return Err(ApiError::unauthorized("Token expired"));
        }
        Ok(Self {
            user_id: grant.user_id.clone(),
            scope: grant.scope.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manage_scopes_include_view_scopes() {
        let granted = vec![
            "user:content:manage".to_owned(),
            "family:devices:manage".to_owned(),
        ];
        assert!(grants(&granted, "user:content:view"));
        assert!(grants(&granted, "user:icons:manage"));
        assert!(grants(&granted, "family:device-status:view"));
        assert!(!grants(&granted, "family:view"));
        assert!(!grants(&granted, "family:devices:control"));
    }
}
