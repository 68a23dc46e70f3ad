//! Server functions: the UI's private RPC (under `/rpc`, not part of the documented API).
//!
//! Each body resolves the caller from the session cookie (`ssr::caller`) and calls one
//! `cardsmith-core` service with the model's input, exactly like the matching REST handler
//! does; `?` turns a `CoreError` into the same problem (and status) REST answers. The authoring functions live in one
//! file per area and are re-exported here, so pages import everything from `crate::api`.
//! Binary data (images, label files) does not pass through here: the browser uses the REST
//! endpoints for it directly.

mod audit;
mod backups;
mod cards;
mod collections;
mod deletion;
mod drops;
mod examples;
mod health;
mod jobs;
mod labels;
mod library;
mod mail;
mod oidc;
mod pages;
mod player;
mod recovery;
pub mod rest;
mod sharing;
mod voices;
#[cfg(feature = "hydrate")]
pub mod xhr;

pub use audit::*;
pub use backups::*;
pub use cards::*;
pub use collections::*;
pub use deletion::*;
pub use drops::*;
pub use examples::*;
pub use health::*;
pub use jobs::*;
pub use labels::*;
pub use library::*;
pub use mail::*;
pub use oidc::*;
pub use pages::*;
pub use player::*;
pub use recovery::*;
pub use sharing::*;
pub use voices::*;

use cardsmith_model::user::{
    ChangePasswordInput, CreateUserInput, UpdateProfileInput, UpdateUserInput, UserOut,
};
use cardsmith_model::Problem;
use leptos::prelude::*;
use leptos::server_fn::codec::{Json, JsonEncoding};
use leptos::server_fn::error::{FromServerFnError, ServerFnErrorErr};
use serde::{Deserialize, Serialize};

/// The error every server function returns: the same problem document the REST API sends.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct UiError(pub Problem);

impl UiError {
    /// The error a page shows for `problem`: in the page's language
    /// ([`Problem::in_language`]); the server's English stays for the REST API and the logs.
    pub fn read(problem: Problem) -> Self {
        UiError(problem.in_language(crate::i18n::locale()))
    }

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
            // On the server this is the request's body failing to decode (server_fn's POST
            // codecs report it so): the caller's mistake. In the browser it is an answer
            // that failed to decode, which is not.
            ServerFnErrorErr::Deserialization(_) if cfg!(feature = "ssr") => 400,
            _ => 500,
        };
        let detail = match status {
            503 => "the server cannot be reached; check your connection and try again".to_owned(),
            _ => value.to_string(),
        };
        // the answer's status too, not only the problem's (else every such error is a 500)
        #[cfg(feature = "ssr")]
        ssr::set_status(status);
        UiError::read(Problem::new(status, detail))
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

    /// The core and the signed-in caller (or a 401): how every authoring function starts.
    pub async fn caller() -> Result<(Core, Actor), UiError> {
        let core = core();
        let headers = headers().await?;
        let mut actor = session::authenticate(&core, token(&core, &headers)).await?;
        actor.ip = client().await;
        Ok((core, actor.reading(crate::i18n::locale())))
    }

    pub async fn headers() -> Result<HeaderMap, UiError> {
        leptos_axum::extract::<HeaderMap>()
            .await
            .map_err(|e| UiError(cardsmith_model::Problem::new(500, e.to_string())))
    }

    /// The session token, read exactly as the REST door reads it.
    pub fn token<'h>(core: &Core, headers: &'h HeaderMap) -> Option<&'h str> {
        cookie::session_token(headers, core.settings.secure_cookies)
    }

    /// The client address the server recorded for this request (TCP peer, or the trusted
    /// proxy's `X-Forwarded-For` entry): what sign-in rate limits and lockouts count by.
    pub async fn client() -> Option<std::net::IpAddr> {
        let extensions = leptos_axum::extract::<http::Extensions>().await.ok()?;
        extensions
            .get::<cardsmith_core::auth::ClientIp>()
            .and_then(|ip| ip.0)
    }

    /// The problem a domain error shows, its internal text logged and kept from the user. For
    /// errors shown inside an answer that itself succeeds (the response status stays).
    pub fn shown(e: &CoreError) -> UiError {
        e.log_if_internal();
        UiError::read(e.to_problem())
    }

    impl From<CoreError> for UiError {
        /// Sets the response status (and `Retry-After`) from the domain error, so a failed
        /// server function answers like the matching REST operation.
        fn from(e: CoreError) -> Self {
            set_status(e.status());
            if let CoreError::TooManyRequests { retry_after_s, .. } = &e {
                if let Some(options) = use_context::<ResponseOptions>() {
                    options.insert_header(header::RETRY_AFTER, HeaderValue::from(*retry_after_s));
                }
            }
            shown(&e)
        }
    }

    /// The status of the server function's answer, when it fails.
    pub fn set_status(status: u16) {
        if let Some(options) = use_context::<ResponseOptions>() {
            options.set_status(
                StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
            );
        }
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
    let core = ssr::core();
    let headers = ssr::headers().await?;
    match session::authenticate(&core, ssr::token(&core, &headers)).await {
        Ok(actor) => Ok(Some(actor.user)),
        Err(CoreError::Unauthenticated(_)) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

/// Signs in and sets the session cookie. The one function with flat, URL-encoded fields: the
/// sign-in form posts here without JavaScript too, under its fields' own names.
#[server(prefix = "/rpc", endpoint = "login")]
pub async fn login(email: String, password: String) -> Result<UserOut, UiError> {
    use cardsmith_core::auth::cookie;
    use cardsmith_core::users::login;
    use cardsmith_model::user::LoginInput;
    let input = LoginInput { email, password };
    let core = ssr::core();
    let signed_in = login::login(&core, input, ssr::client().await).await?;
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
    login::logout(&core, ssr::token(&core, &headers), ssr::client().await).await?;
    ssr::set_cookie(cookie::clear_session(core.settings.secure_cookies));
    Ok(())
}

#[server(prefix = "/rpc", endpoint = "update_profile", input = Json)]
pub async fn update_profile(input: UpdateProfileInput) -> Result<UserOut, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::users::account::update_profile(&core, &actor, input).await?)
}

#[server(prefix = "/rpc", endpoint = "change_password", input = Json)]
pub async fn change_password(input: ChangePasswordInput) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::users::account::change_password(&core, &actor, input).await?)
}

/// Ends every session of the caller, this one included.
#[server(prefix = "/rpc", endpoint = "sign_out_everywhere")]
pub async fn sign_out_everywhere() -> Result<u64, UiError> {
    use cardsmith_core::auth::cookie;
    let (core, actor) = ssr::caller().await?;
    let ended = cardsmith_core::users::account::revoke_my_sessions(&core, &actor).await?;
    ssr::set_cookie(cookie::clear_session(core.settings.secure_cookies));
    Ok(ended)
}

#[server(prefix = "/rpc", endpoint = "list_users")]
pub async fn list_users() -> Result<Vec<UserOut>, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::users::admin::list_users(&core, &actor).await?)
}

#[server(prefix = "/rpc", endpoint = "create_user", input = Json)]
pub async fn create_user(input: CreateUserInput) -> Result<UserOut, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::users::admin::create_user(&core, &actor, input).await?)
}

#[server(prefix = "/rpc", endpoint = "update_user", input = Json)]
pub async fn update_user(id: String, input: UpdateUserInput) -> Result<UserOut, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::users::admin::update_user(&core, &actor, &id, input).await?)
}

#[server(prefix = "/rpc", endpoint = "revoke_user_sessions")]
pub async fn revoke_user_sessions(id: String) -> Result<u64, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::users::admin::revoke_user_sessions(&core, &actor, &id).await?)
}

#[server(prefix = "/rpc", endpoint = "deactivate_user")]
pub async fn deactivate_user(id: String) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::users::admin::deactivate_user(&core, &actor, &id).await?)
}

#[server(prefix = "/rpc", endpoint = "reactivate_user")]
pub async fn reactivate_user(id: String) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::users::admin::reactivate_user(&core, &actor, &id).await?)
}

#[server(prefix = "/rpc", endpoint = "unlock_user")]
pub async fn unlock_user(id: String) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::users::admin::unlock_user(&core, &actor, &id).await?)
}
