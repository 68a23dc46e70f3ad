//! The admin's health dashboard: the same report as `GET /admin/health`.

use cardsmith_model::health::AdminHealthOutputBody;
use leptos::prelude::*;

#[cfg(feature = "ssr")]
use super::ssr;
use super::UiError;

/// Runs every dependency check (admins only, like the REST door).
#[server(prefix = "/rpc", endpoint = "admin_health")]
pub async fn admin_health() -> Result<AdminHealthOutputBody, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::health::report(&core, &actor).await?)
}
