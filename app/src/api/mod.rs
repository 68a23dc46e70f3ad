//! Server functions: the UI's private RPC (under `/rpc`, not part of the documented API).
//!
//! Each body resolves the caller from the session cookie and calls one `cardsmith-core`
//! service, exactly like the matching REST handler does. The authoring functions live in one
//! file per area and are re-exported here, so pages import everything from `crate::api`.
//! Binary data (images, label files) does not pass through here: the browser uses the REST
//! endpoints for it directly.

mod cards;
mod collections;
mod labels;
mod pages;
mod player;
pub mod rest;
mod sharing;

pub use cards::*;
pub use collections::*;
pub use labels::*;
pub use pages::*;
pub use player::*;
pub use sharing::*;

use cardsmith_model::user::UserOut;
use cardsmith_model::Problem;
use leptos::prelude::*;
use leptos::server_fn::codec::JsonEncoding;
use leptos::server_fn::error::{FromServerFnError, ServerFnErrorErr};
use serde::{Deserialize, Serialize};

/// The error every server function returns: the same problem document the REST API sends.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct UiError(pub Problem);

impl UiError {
    /// The message for `field`, if the server rejected that field.
    pub fn field(&self, field: &str) -> Option<String> {
        self.0.field_error(field).map(str::to_owned)
    }
}

impl std::fmt::Display for UiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut text = self.0.to_string();
        if let Some(first) = text.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        f.write_str(&text)
    }
}

impl FromServerFnError for UiError {
    type Encoder = JsonEncoding;

    fn from_server_fn_error(value: ServerFnErrorErr) -> Self {
        let status = match value {
            ServerFnErrorErr::Request(_) => 503,
            ServerFnErrorErr::Args(_) | ServerFnErrorErr::MissingArg(_) => 400,
            _ => 500,
        };
        let detail = match status {
            503 => "the server cannot be reached; check your connection and try again".to_owned(),
            _ => value.to_string(),
        };
        UiError(Problem::new(status, detail))
    }
}

#[cfg(feature = "ssr")]
mod ssr {
    use cardsmith_core::auth::{cookie, session};
    use cardsmith_core::{Actor, Core, CoreError};
    use http::{header, HeaderMap, HeaderValue, StatusCode};
    use leptos::prelude::*;
    use leptos_axum::ResponseOptions;

    use super::UiError;

    pub fn core() -> Core {
        expect_context::<Core>()
    }

    pub async fn headers() -> Result<HeaderMap, UiError> {
        leptos_axum::extract::<HeaderMap>()
            .await
            .map_err(|e| UiError(cardsmith_model::Problem::new(500, e.to_string())))
    }

    /// The session token (behind https only the `__Host-` cookie counts).
    pub fn token(headers: &HeaderMap) -> Option<String> {
        let secure = core().settings.secure_cookies;
        headers
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find_map(|v| cookie::token_from_header(v, secure))
            .map(str::to_owned)
    }

    /// The client address the server recorded for this request (TCP peer, or the trusted
    /// proxy's `X-Forwarded-For` entry): what sign-in rate limits and lockouts count by.
    pub async fn client() -> Option<std::net::IpAddr> {
        let extensions = leptos_axum::extract::<http::Extensions>().await.ok()?;
        extensions
            .get::<cardsmith_core::auth::ClientIp>()
            .and_then(|ip| ip.0)
    }

    /// The signed-in caller, or a 401.
    pub async fn actor(core: &Core) -> Result<Actor, UiError> {
        let headers = headers().await?;
        session::authenticate(core, token(&headers).as_deref())
            .await
            .map_err(fail)
    }

    /// Sets the response status from the domain error and converts it.
    pub fn fail(e: CoreError) -> UiError {
        e.log_if_internal();
        if let Some(options) = use_context::<ResponseOptions>() {
            options.set_status(
                StatusCode::from_u16(e.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
            );
            if let CoreError::TooManyRequests { retry_after_s, .. } = &e {
                options.insert_header(header::RETRY_AFTER, HeaderValue::from(*retry_after_s));
            }
        }
        UiError(e.to_problem())
    }

    pub fn set_cookie(value: String) {
        if let (Some(options), Ok(value)) = (
            use_context::<ResponseOptions>(),
            HeaderValue::from_str(&value),
        ) {
            options.append_header(header::SET_COOKIE, value);
        }
    }
}

/// The signed-in user, or `None` when there is no live session.
#[server(prefix = "/rpc", endpoint = "current_user")]
pub async fn current_user() -> Result<Option<UserOut>, UiError> {
    use cardsmith_core::auth::session;
    use cardsmith_core::CoreError;
    let headers = ssr::headers().await?;
    match session::authenticate(&ssr::core(), ssr::token(&headers).as_deref()).await {
        Ok(actor) => Ok(Some(actor.user)),
        Err(CoreError::Unauthenticated(_)) => Ok(None),
        Err(e) => Err(ssr::fail(e)),
    }
}

#[server(prefix = "/rpc", endpoint = "login")]
pub async fn login(email: String, password: String) -> Result<UserOut, UiError> {
    use cardsmith_core::auth::cookie;
    use cardsmith_core::users::login;
    use cardsmith_model::user::LoginInput;
    let core = ssr::core();
    let signed_in = login::login(&core, LoginInput { email, password }, ssr::client().await)
        .await
        .map_err(ssr::fail)?;
    ssr::set_cookie(cookie::set_session(
        &signed_in.session.token,
        signed_in.session.max_age_s,
        core.settings.secure_cookies,
    ));
    Ok(signed_in.user)
}

#[server(prefix = "/rpc", endpoint = "logout")]
pub async fn logout() -> Result<(), UiError> {
    use cardsmith_core::auth::cookie;
    use cardsmith_core::users::login;
    let core = ssr::core();
    let headers = ssr::headers().await?;
    login::logout(&core, ssr::token(&headers).as_deref(), ssr::client().await)
        .await
        .map_err(ssr::fail)?;
    ssr::set_cookie(cookie::clear_session(core.settings.secure_cookies));
    Ok(())
}

#[server(prefix = "/rpc", endpoint = "update_profile")]
pub async fn update_profile(display_name: String) -> Result<UserOut, UiError> {
    use cardsmith_core::users::account;
    use cardsmith_model::user::UpdateProfileInput;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    account::update_profile(&core, &actor, UpdateProfileInput { display_name })
        .await
        .map_err(ssr::fail)
}

#[server(prefix = "/rpc", endpoint = "change_password")]
pub async fn change_password(
    current_password: String,
    new_password: String,
) -> Result<(), UiError> {
    use cardsmith_core::users::account;
    use cardsmith_model::user::ChangePasswordInput;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    let input = ChangePasswordInput {
        current_password,
        new_password,
    };
    account::change_password(&core, &actor, input)
        .await
        .map_err(ssr::fail)
}

/// Ends every session of the caller, this one included.
#[server(prefix = "/rpc", endpoint = "sign_out_everywhere")]
pub async fn sign_out_everywhere() -> Result<u64, UiError> {
    use cardsmith_core::auth::cookie;
    use cardsmith_core::users::account;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    let ended = account::revoke_my_sessions(&core, &actor)
        .await
        .map_err(ssr::fail)?;
    ssr::set_cookie(cookie::clear_session(core.settings.secure_cookies));
    Ok(ended)
}

#[server(prefix = "/rpc", endpoint = "list_users")]
pub async fn list_users() -> Result<Vec<UserOut>, UiError> {
    use cardsmith_core::users::admin;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    admin::list_users(&core, &actor).await.map_err(ssr::fail)
}

#[server(prefix = "/rpc", endpoint = "create_user")]
pub async fn create_user(
    email: String,
    display_name: String,
    password: String,
    role: String,
) -> Result<UserOut, UiError> {
    use cardsmith_core::users::admin;
    use cardsmith_model::user::CreateUserInput;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    let input = CreateUserInput {
        email,
        password,
        role,
        display_name: Some(display_name),
    };
    admin::create_user(&core, &actor, input)
        .await
        .map_err(ssr::fail)
}

#[server(prefix = "/rpc", endpoint = "update_user")]
pub async fn update_user(
    id: String,
    display_name: String,
    role: String,
) -> Result<UserOut, UiError> {
    use cardsmith_core::users::admin;
    use cardsmith_model::user::UpdateUserInput;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    admin::update_user(&core, &actor, &id, UpdateUserInput { display_name, role })
        .await
        .map_err(ssr::fail)
}

#[server(prefix = "/rpc", endpoint = "revoke_user_sessions")]
pub async fn revoke_user_sessions(id: String) -> Result<u64, UiError> {
    use cardsmith_core::users::admin;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    admin::revoke_user_sessions(&core, &actor, &id)
        .await
        .map_err(ssr::fail)
}
