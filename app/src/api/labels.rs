//! Printable label sheets and their public share links. The files themselves are fetched
//! from `/api/labels/{filename}` and `/shared/labels/{token}`.

use cardsmith_model::label::{GenerateLabelsOutputBody, LabelShareOut};
use leptos::prelude::*;
use leptos::server_fn::codec::Json;

#[cfg(feature = "ssr")]
use super::ssr;
use super::UiError;

/// Renders a sheet for the chosen cards. JSON-encoded because of the list of slugs.
#[server(prefix = "/rpc", endpoint = "generate_labels", input = Json)]
pub async fn generate_labels(
    card_slugs: Vec<String>,
    format: String,
    page_size: String,
) -> Result<GenerateLabelsOutputBody, UiError> {
    use cardsmith_core::labels;
    use cardsmith_model::label::GenerateLabelsInput;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    let input = GenerateLabelsInput {
        card_slugs,
        format,
        page_size,
    };
    labels::generate(&core, &actor, input)
        .await
        .map_err(ssr::fail)
}

/// A public link to one of the caller's sheets, named by label id or filename.
#[server(prefix = "/rpc", endpoint = "share_label")]
pub async fn share_label(label: String) -> Result<LabelShareOut, UiError> {
    use cardsmith_core::labels;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    labels::share(&core, &actor, &label)
        .await
        .map_err(ssr::fail)
}

#[server(prefix = "/rpc", endpoint = "list_label_shares")]
pub async fn list_label_shares() -> Result<Vec<LabelShareOut>, UiError> {
    use cardsmith_core::labels;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    labels::list_shares(&core, &actor).await.map_err(ssr::fail)
}

#[server(prefix = "/rpc", endpoint = "revoke_label_share")]
pub async fn revoke_label_share(id: String) -> Result<(), UiError> {
    use cardsmith_core::labels;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    labels::revoke(&core, &actor, &id).await.map_err(ssr::fail)
}

/// Ends every share link of the caller; answers how many there were.
#[server(prefix = "/rpc", endpoint = "revoke_all_label_shares")]
pub async fn revoke_all_label_shares() -> Result<u64, UiError> {
    use cardsmith_core::labels;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    labels::revoke_all(&core, &actor).await.map_err(ssr::fail)
}
