//! Users, sign-in and the admin's view of accounts.

use serde::{Deserialize, Serialize};

use crate::validate::{
    display_name_problem, email_problem, new_password_problem, password_problem, Checker,
};
use crate::FieldError;

/// The two roles. An admin manages users and the server; a user authors cards.
pub const ROLE_ADMIN: &str = "admin";
pub const ROLE_USER: &str = "user";
pub const ROLES: [&str; 2] = [ROLE_ADMIN, ROLE_USER];

/// A user as they see themselves (`/auth/me`, login) and as an admin lists them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UserOut {
    pub id: String,
    pub email: String,
    pub display_name: String,
    /// `admin` or `user`.
    pub role: String,
    /// `active`, `locked` (a lockout after repeated failed sign-ins is in force) or `deactivated`.
    pub status: String,
    /// How the account signs in: `password`, `oidc` (through the provider only, no password)
    /// or `password_and_oidc` (either).
    #[cfg_attr(feature = "openapi", schema(value_type = String, pattern = "^(password|oidc|password_and_oidc)$"))]
    pub auth_type: String,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub created_at: String,
    /// When the address was verified: an admin who creates an account vouches for its
    /// address, so until its owner confirms it this is the account's creation time; after
    /// that (the mailed link, a sign-in provider that verified it, or an admin who checked
    /// it), the time of that confirmation. Never null.
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub email_verified_at: String,
    /// Whether the address's owner confirmed it (followed the mailed link, or signed in with
    /// a provider that verified it), or an admin checked it; `false` while only the admin who
    /// created the account vouches for it.
    pub email_confirmed: bool,
    /// How many times repeated failed sign-ins have locked this account.
    pub locked_account_count: i64,
    /// The language the person chose for the interface (`de`, `en`, `es`, `fr`); `null`
    /// while it follows their browser's `Accept-Language`.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(pattern = "^(de|en|es|fr)$"))]
    pub locale: Option<String>,
}

impl UserOut {
    pub fn is_admin(&self) -> bool {
        self.role == ROLE_ADMIN
    }
}

/// What an admin gets back after creating or editing a user.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AdminUserOutputBody {
    pub id: String,
    pub email: String,
    pub display_name: String,
    pub role: String,
    pub status: String,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub created_at: String,
}

impl From<UserOut> for AdminUserOutputBody {
    fn from(u: UserOut) -> Self {
        Self {
            id: u.id,
            email: u.email,
            display_name: u.display_name,
            role: u.role,
            status: u.status,
            created_at: u.created_at,
        }
    }
}

/// `POST /auth/login`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LoginInput {
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::email))]
    pub email: String,
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::password))]
    pub password: String,
}

impl LoginInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        Checker::default()
            .check("email", email_problem(&self.email))
            .check("password", password_problem(&self.password))
            .finish()
    }
}

/// `PUT /auth/password`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ChangePasswordInput {
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::password))]
    pub current_password: String,
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::new_password))]
    pub new_password: String,
}

impl ChangePasswordInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        Checker::default()
            .check("current_password", password_problem(&self.current_password))
            .check("new_password", new_password_problem(&self.new_password))
            .finish()
    }
}

/// `PATCH /auth/profile`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UpdateProfileInput {
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::display_name))]
    pub display_name: String,
    /// The interface's language (`de`, `en`, `es`, `fr`); an empty string goes back to
    /// following the browser. Left out, the language stays as it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(pattern = "^(de|en|es|fr)?$"))]
    pub locale: Option<String>,
}

impl UpdateProfileInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let locale = self.locale.as_deref().filter(|l| !l.is_empty());
        Checker::default()
            .check("display_name", display_name_problem(&self.display_name))
            .check(
                "locale",
                locale.and_then(|l| {
                    l.parse::<cardsmith_i18n::Locale>()
                        .err()
                        .map(|e| e.to_string())
                }),
            )
            .finish()
    }
}

/// `POST /admin/users`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CreateUserInput {
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::email))]
    pub email: String,
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::new_password))]
    pub password: String,
    /// `admin` or `user`.
    #[cfg_attr(feature = "openapi", schema(pattern = "^(admin|user)$"))]
    pub role: String,
    /// Defaults to the part of the email before the `@`.
    #[serde(default)]
    pub display_name: Option<String>,
}

impl CreateUserInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let name = self
            .display_name
            .as_deref()
            .filter(|n| !n.trim().is_empty());
        Checker::default()
            .check("email", email_problem(&self.email))
            .check("password", new_password_problem(&self.password))
            .check("role", role_problem(&self.role))
            .check("display_name", name.and_then(display_name_problem))
            .finish()
    }
}

/// `PUT /admin/users/{id}`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UpdateUserInput {
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::display_name))]
    pub display_name: String,
    /// `admin` or `user`.
    #[cfg_attr(feature = "openapi", schema(pattern = "^(admin|user)$"))]
    pub role: String,
}

impl UpdateUserInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        Checker::default()
            .check("display_name", display_name_problem(&self.display_name))
            .check("role", role_problem(&self.role))
            .finish()
    }
}

fn role_problem(role: &str) -> Option<&'static str> {
    (!ROLES.contains(&role)).then_some("must be admin or user")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn create_user_reports_every_bad_field() {
        let input = CreateUserInput {
            email: "nope".into(),
            password: "short".into(),
            role: "root".into(),
            display_name: None,
        };
        let errors = input.validate().unwrap_err();
        let fields: Vec<_> = errors.iter().map(FieldError::field).collect();
        assert_eq!(fields, ["email", "password", "role"]);
    }

    #[test]
    fn blank_display_name_means_default() {
        let input = CreateUserInput {
            email: "ada@example.com".into(),
            password: "long enough pw".into(),
            role: ROLE_USER.into(),
            display_name: Some("  ".into()),
        };
        assert!(input.validate().is_ok());
    }
}
