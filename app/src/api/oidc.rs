//! Single sign-on in the UI: whether a provider is configured (the sign-in button), unlinking,
//! and the admin's association. The same services as `server/src/api/oidc.rs`; the flows
//! themselves are browser navigations to `/api/auth/oidc/login`.

use cardsmith_model::oidc::{OidcInfo, OidcLinkInput};
use cardsmith_model::user::UserOut;
use leptos::prelude::*;
use leptos::server_fn::codec::Json;

#[cfg(feature = "ssr")]
use super::ssr;
use super::UiError;
#[cfg(feature = "ssr")]
use cardsmith_core::users::oidc::identity;

/// The configured provider's name, or `None` without single sign-on. Public: the sign-in page
/// asks before anybody is signed in.
#[server(prefix = "/rpc", endpoint = "oidc_provider_info")]
pub async fn oidc_provider_info() -> Result<Option<OidcInfo>, UiError> {
    Ok(ssr::core().oidc.as_ref().map(|oidc| OidcInfo {
        provider_name: oidc.display_name().to_owned(),
    }))
}

/// The caller stops signing in through the provider (needs a password to remain); returns
/// the account as it is now.
#[server(prefix = "/rpc", endpoint = "oidc_unlink")]
pub async fn oidc_unlink() -> Result<UserOut, UiError> {
    let (core, actor) = ssr::caller().await?;
    identity::unlink(&core, &actor).await?;
    let (_, actor) = ssr::caller().await?;
    Ok(actor.user)
}

#[server(prefix = "/rpc", endpoint = "admin_oidc_link", input = Json)]
pub async fn admin_oidc_link(id: String, input: OidcLinkInput) -> Result<UserOut, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(identity::admin_link(&core, &actor, &id, input).await?)
}

#[server(prefix = "/rpc", endpoint = "admin_oidc_unlink")]
pub async fn admin_oidc_unlink(id: String) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(identity::admin_unlink(&core, &actor, &id).await?)
}
