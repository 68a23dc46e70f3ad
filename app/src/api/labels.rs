//! Printable label sheets and their public share links. The files themselves are fetched
//! from `/api/labels/{filename}` and `/shared/labels/{token}`.

use cardsmith_model::label::{GenerateLabelsInput, GenerateLabelsOutputBody, LabelShareOut};
use leptos::prelude::*;
use leptos::server_fn::codec::Json;

#[cfg(feature = "ssr")]
use super::ssr;
use super::UiError;
#[cfg(feature = "ssr")]
use cardsmith_core::labels;

/// Renders a sheet for the chosen cards.
#[server(prefix = "/rpc", endpoint = "generate_labels", input = Json)]
pub async fn generate_labels(
    input: GenerateLabelsInput,
) -> Result<GenerateLabelsOutputBody, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(labels::generate(&core, &actor, input).await?)
}

/// A public link to one of the caller's sheets, named by label id or filename.
#[server(prefix = "/rpc", endpoint = "share_label")]
pub async fn share_label(label: String) -> Result<LabelShareOut, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(labels::share(&core, &actor, &label).await?)
}

#[server(prefix = "/rpc", endpoint = "list_label_shares")]
pub async fn list_label_shares() -> Result<Vec<LabelShareOut>, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(labels::list_shares(&core, &actor).await?)
}

#[server(prefix = "/rpc", endpoint = "revoke_label_share")]
pub async fn revoke_label_share(id: String) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(labels::revoke(&core, &actor, &id).await?)
}

/// Ends every share link of the caller; answers how many there were.
#[server(prefix = "/rpc", endpoint = "revoke_all_label_shares")]
pub async fn revoke_all_label_shares() -> Result<u64, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(labels::revoke_all(&core, &actor).await?)
}
