//! Cards: list, create, read, edit, slug, move, playback, delete. Covers are uploaded by the
//! browser to the REST endpoint, not here.

use cardsmith_model::card::CardOut;
use leptos::prelude::*;

#[cfg(feature = "ssr")]
use super::ssr;
use super::UiError;

/// Every card the caller can reach: homed in or linked into any of their collections.
#[server(prefix = "/rpc", endpoint = "list_cards")]
pub async fn list_cards() -> Result<Vec<CardOut>, UiError> {
    use cardsmith_core::cards::service;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    service::list_cards(&core, &actor).await.map_err(ssr::fail)
}

/// Creates a card whose home is `collection_id`; an empty author is stored as none.
#[server(prefix = "/rpc", endpoint = "create_card")]
pub async fn create_card(
    collection_id: String,
    title: String,
    description: String,
    author: String,
) -> Result<CardOut, UiError> {
    use cardsmith_core::cards::service;
    use cardsmith_model::card::CreateCardInput;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    let input = CreateCardInput {
        title,
        description,
        author: Some(author),
        slug: None,
    };
    service::create_card(&core, &actor, &collection_id, input)
        .await
        .map_err(ssr::fail)
}

#[server(prefix = "/rpc", endpoint = "update_card")]
pub async fn update_card(
    slug: String,
    title: String,
    description: String,
    author: String,
) -> Result<(), UiError> {
    use cardsmith_core::cards::service;
    use cardsmith_model::card::UpdateCardInput;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    let input = UpdateCardInput {
        title,
        description,
        author: Some(author),
    };
    service::update_card(&core, &actor, &slug, input)
        .await
        .map_err(ssr::fail)
}

#[server(prefix = "/rpc", endpoint = "delete_card")]
pub async fn delete_card(slug: String) -> Result<(), UiError> {
    use cardsmith_core::cards::service;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    service::delete_card(&core, &actor, &slug)
        .await
        .map_err(ssr::fail)
}

/// Renames the card's address from `slug` to `new_slug`.
#[server(prefix = "/rpc", endpoint = "change_card_slug")]
pub async fn change_card_slug(slug: String, new_slug: String) -> Result<(), UiError> {
    use cardsmith_core::cards::service;
    use cardsmith_model::collection::SlugInput;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    service::change_slug(&core, &actor, &slug, SlugInput { slug: new_slug })
        .await
        .map_err(ssr::fail)
}

/// Makes another collection the card's home (editor of both).
#[server(prefix = "/rpc", endpoint = "move_card")]
pub async fn move_card(slug: String, collection_id: String) -> Result<(), UiError> {
    use cardsmith_core::cards::service;
    use cardsmith_model::card::MoveCardInput;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    service::move_home(&core, &actor, &slug, MoveCardInput { collection_id })
        .await
        .map_err(ssr::fail)
}

#[server(prefix = "/rpc", endpoint = "set_card_playback")]
pub async fn set_card_playback(
    slug: String,
    autoadvance: String,
    shuffle: String,
    overlay_timeout: i64,
    resume_timeout: i64,
) -> Result<(), UiError> {
    use cardsmith_core::cards::service;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    let input = cardsmith_model::card::PlaybackConfigOut {
        autoadvance,
        shuffle,
        overlay_timeout,
        resume_timeout,
    };
    service::set_playback(&core, &actor, &slug, input)
        .await
        .map_err(ssr::fail)
}
