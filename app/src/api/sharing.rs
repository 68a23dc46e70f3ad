//! What a collection carries besides cards: its members, story presets and child profile.
//!
//! Functions that take a model input struct travel as JSON (`input = Json`): the model type
//! is exactly what the service validates, and optional numbers survive the trip.

use cardsmith_model::collection::{
    AddMemberInput, CollectionProfileOut, MemberOut, PresetInput, PresetOut, UpdateMemberInput,
};
use leptos::prelude::*;
use leptos::server_fn::codec::Json;

#[cfg(feature = "ssr")]
use super::ssr;
use super::UiError;
#[cfg(feature = "ssr")]
use cardsmith_core::collections::{members, presets};

#[server(prefix = "/rpc", endpoint = "list_members")]
pub async fn list_members(id: String) -> Result<Vec<MemberOut>, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(members::list(&core, &actor, &id).await?)
}

/// Adds a member by email address (an id works too) with a role.
#[server(prefix = "/rpc", endpoint = "add_member", input = Json)]
pub async fn add_member(id: String, input: AddMemberInput) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(members::add(&core, &actor, &id, input).await?)
}

#[server(prefix = "/rpc", endpoint = "update_member", input = Json)]
pub async fn update_member(
    id: String,
    user_id: String,
    input: UpdateMemberInput,
) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(members::update(&core, &actor, &id, &user_id, input).await?)
}

/// Removes a member (owners), or the caller themselves: leaving a collection.
#[server(prefix = "/rpc", endpoint = "remove_member")]
pub async fn remove_member(id: String, user_id: String) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(members::remove(&core, &actor, &id, &user_id).await?)
}

#[server(prefix = "/rpc", endpoint = "list_presets")]
pub async fn list_presets(id: String) -> Result<Vec<PresetOut>, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(presets::list(&core, &actor, &id).await?)
}

#[server(prefix = "/rpc", endpoint = "create_preset", input = Json)]
pub async fn create_preset(id: String, preset: PresetInput) -> Result<PresetOut, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(presets::create(&core, &actor, &id, preset).await?)
}

#[server(prefix = "/rpc", endpoint = "update_preset", input = Json)]
pub async fn update_preset(
    id: String,
    preset_id: String,
    preset: PresetInput,
) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(presets::update(&core, &actor, &id, &preset_id, preset).await?)
}

#[server(prefix = "/rpc", endpoint = "delete_preset")]
pub async fn delete_preset(id: String, preset_id: String) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(presets::delete(&core, &actor, &id, &preset_id).await?)
}

#[server(prefix = "/rpc", endpoint = "save_collection_profile", input = Json)]
pub async fn save_collection_profile(
    id: String,
    profile: CollectionProfileOut,
) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(presets::set_profile(&core, &actor, &id, profile).await?)
}
