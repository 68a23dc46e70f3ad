//! Example content for a new instance: the same calls as `POST /admin/seed-examples` and
//! `GET /admin/seed-status`.

use cardsmith_model::examples::{SeedExampleOutputBody, SeedStatusOutputBody};
use leptos::prelude::*;

#[cfg(feature = "ssr")]
use super::ssr;
use super::UiError;

/// Makes the example cards unless the instance has them (admins only).
#[server(prefix = "/rpc", endpoint = "seed_examples")]
pub async fn seed_examples() -> Result<SeedExampleOutputBody, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::examples::seed(&core, &actor).await?)
}

/// Whether the examples exist and how many of their tracks are converted (admins only).
#[server(prefix = "/rpc", endpoint = "seed_status")]
pub async fn seed_status() -> Result<SeedStatusOutputBody, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::examples::status(&core, &actor).await?)
}
