//! What a collection carries besides cards: its members, story presets and child profile.
//!
//! The preset and profile functions take the model's input struct as one argument and travel
//! as JSON (`input = Json`): their many fields, optional age and numbers would not survive
//! URL-encoding as neatly, and the model type is exactly what the service validates.

use cardsmith_model::collection::{CollectionProfileOut, MemberOut, PresetInput, PresetOut};
use leptos::prelude::*;
use leptos::server_fn::codec::Json;

#[cfg(feature = "ssr")]
use super::ssr;
use super::UiError;

#[server(prefix = "/rpc", endpoint = "list_members")]
pub async fn list_members(id: String) -> Result<Vec<MemberOut>, UiError> {
    use cardsmith_core::collections::members;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    members::list(&core, &actor, &id).await.map_err(ssr::fail)
}

/// Adds a member by email address (an id works too) with a role.
#[server(prefix = "/rpc", endpoint = "add_member")]
pub async fn add_member(id: String, email: String, role: String) -> Result<(), UiError> {
    use cardsmith_core::collections::members;
    use cardsmith_model::collection::AddMemberInput;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    let input = AddMemberInput {
        user_id: email,
        role,
    };
    members::add(&core, &actor, &id, input)
        .await
        .map_err(ssr::fail)
}

#[server(prefix = "/rpc", endpoint = "update_member")]
pub async fn update_member(id: String, user_id: String, role: String) -> Result<(), UiError> {
    use cardsmith_core::collections::members;
    use cardsmith_model::collection::UpdateMemberInput;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    members::update(&core, &actor, &id, &user_id, UpdateMemberInput { role })
        .await
        .map_err(ssr::fail)
}

/// Removes a member (owners), or the caller themselves: leaving a collection.
#[server(prefix = "/rpc", endpoint = "remove_member")]
pub async fn remove_member(id: String, user_id: String) -> Result<(), UiError> {
    use cardsmith_core::collections::members;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    members::remove(&core, &actor, &id, &user_id)
        .await
        .map_err(ssr::fail)
}

#[server(prefix = "/rpc", endpoint = "list_presets")]
pub async fn list_presets(id: String) -> Result<Vec<PresetOut>, UiError> {
    use cardsmith_core::collections::presets;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    presets::list(&core, &actor, &id).await.map_err(ssr::fail)
}

#[server(prefix = "/rpc", endpoint = "create_preset", input = Json)]
pub async fn create_preset(id: String, preset: PresetInput) -> Result<PresetOut, UiError> {
    use cardsmith_core::collections::presets;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    presets::create(&core, &actor, &id, preset)
        .await
        .map_err(ssr::fail)
}

#[server(prefix = "/rpc", endpoint = "update_preset", input = Json)]
pub async fn update_preset(
    id: String,
    preset_id: String,
    preset: PresetInput,
) -> Result<(), UiError> {
    use cardsmith_core::collections::presets;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    presets::update(&core, &actor, &id, &preset_id, preset)
        .await
        .map_err(ssr::fail)
}

#[server(prefix = "/rpc", endpoint = "delete_preset")]
pub async fn delete_preset(id: String, preset_id: String) -> Result<(), UiError> {
    use cardsmith_core::collections::presets;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    presets::delete(&core, &actor, &id, &preset_id)
        .await
        .map_err(ssr::fail)
}

#[server(prefix = "/rpc", endpoint = "save_collection_profile", input = Json)]
pub async fn save_collection_profile(
    id: String,
    profile: CollectionProfileOut,
) -> Result<(), UiError> {
    use cardsmith_core::collections::presets;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    presets::set_profile(&core, &actor, &id, profile)
        .await
        .map_err(ssr::fail)
}
