//! Cards: list, create, read, edit, slug, move, playback, delete. Covers are uploaded by the
//! browser to the REST endpoint, not here.

use cardsmith_model::card::{
    CardOut, CreateCardInput, MoveCardInput, PlaybackConfigOut, UpdateCardInput,
};
use cardsmith_model::collection::SlugInput;
use leptos::prelude::*;
use leptos::server_fn::codec::Json;

#[cfg(feature = "ssr")]
use super::ssr;
use super::UiError;
#[cfg(feature = "ssr")]
use cardsmith_core::cards::service;

/// Every card the caller can reach: homed in or linked into any of their collections.
#[server(prefix = "/rpc", endpoint = "list_cards")]
pub async fn list_cards() -> Result<Vec<CardOut>, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(service::list_cards(&core, &actor).await?)
}

/// The first run's "record a story" and "upload audio": a new card in the caller's default
/// collection (made, "My recordings", when they have none). Answers its slug.
#[server(prefix = "/rpc", endpoint = "start_card")]
pub async fn start_card() -> Result<String, UiError> {
    let (core, actor) = ssr::caller().await?;
    let home = cardsmith_core::collections::service::default_collection(&core, &actor).await?;
    let input = CreateCardInput {
        title: "My first story".into(),
        description: String::new(),
        author: None,
        slug: None,
    };
    Ok(service::create_card(&core, &actor, &home.id, input)
        .await?
        .slug)
}

/// Creates a card whose home is `collection_id`; an empty author is stored as none.
#[server(prefix = "/rpc", endpoint = "create_card", input = Json)]
pub async fn create_card(
    collection_id: String,
    input: CreateCardInput,
) -> Result<CardOut, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(service::create_card(&core, &actor, &collection_id, input).await?)
}

#[server(prefix = "/rpc", endpoint = "update_card", input = Json)]
pub async fn update_card(slug: String, input: UpdateCardInput) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(service::update_card(&core, &actor, &slug, input).await?)
}

#[server(prefix = "/rpc", endpoint = "delete_card")]
pub async fn delete_card(slug: String) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(service::delete_card(&core, &actor, &slug).await?)
}

/// Renames the card's address from `slug` to `input.slug`.
#[server(prefix = "/rpc", endpoint = "change_card_slug", input = Json)]
pub async fn change_card_slug(slug: String, input: SlugInput) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(service::change_slug(&core, &actor, &slug, input).await?)
}

/// Makes another collection the card's home (owner of its home, editor of the new one).
#[server(prefix = "/rpc", endpoint = "move_card", input = Json)]
pub async fn move_card(slug: String, input: MoveCardInput) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(service::move_home(&core, &actor, &slug, input).await?)
}

/// Takes the card out of a collection it is linked into (an owner of its home, or an editor
/// of that collection).
#[server(prefix = "/rpc", endpoint = "unlink_card")]
pub async fn unlink_card(collection_id: String, slug: String) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(
        cardsmith_core::collections::links::unlink_card(&core, &actor, &collection_id, &slug)
            .await?,
    )
}

#[server(prefix = "/rpc", endpoint = "set_card_playback", input = Json)]
pub async fn set_card_playback(slug: String, input: PlaybackConfigOut) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(service::set_playback(&core, &actor, &slug, input).await?)
}

/// The card's story and what its check says (`GET /cards/{slug}/story`).
#[server(prefix = "/rpc", endpoint = "card_story")]
pub async fn card_story(slug: String) -> Result<cardsmith_model::interactive::StoryOut, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::cards::story::get_story(&core, &actor, &slug).await?)
}

/// Replaces the card's story whole (`PUT /cards/{slug}/story`).
#[server(prefix = "/rpc", endpoint = "save_card_story", input = Json)]
pub async fn save_card_story(
    slug: String,
    input: cardsmith_model::interactive::StoryIn,
) -> Result<cardsmith_model::interactive::StoryOut, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::cards::story::put_story(&core, &actor, &slug, input).await?)
}
