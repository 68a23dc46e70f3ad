//! What a voice picker lists: the caller's voices and the voice of the collection it picks
//! for, whose language the picker lists first. One call, so the card page's spoken track
//! knows its collection without the page handing it down.

use cardsmith_model::tts::VoiceOut;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

#[cfg(feature = "ssr")]
use super::ssr;
use super::UiError;

/// The answer of [`load_voice_menu`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VoiceMenu {
    /// Every voice the caller may use (`GET /api/tts/voices`).
    pub voices: Vec<VoiceOut>,
    /// The child profile's voice of the card's home collection, else the best voice of the
    /// collection's language (`""` when no card was named): pickers list its language first.
    pub collection_voice: String,
}

/// The caller's voices, and with `card` (a slug) its home collection's voice. A collection
/// the caller may not read gives no voice rather than an error: the list still works.
#[server(prefix = "/rpc", endpoint = "load_voice_menu")]
pub async fn load_voice_menu(card: Option<String>) -> Result<VoiceMenu, UiError> {
    use cardsmith_core::{cards, collections, tts};
    let (core, actor) = ssr::caller().await?;
    let voices = tts::voices(&core, actor.id()).await?;
    let mut collection_voice = String::new();
    if let Some(slug) = card.as_deref().filter(|s| !s.is_empty()) {
        let detail = cards::service::get_card(&core, &actor, slug).await?;
        let home = detail.card.collection_id;
        if let Ok(profile) = collections::presets::get_profile(&core, &actor, &home).await {
            collection_voice = profile.voice_id;
        }
        // no voice of its own: the best voice of the collection's language
        if collection_voice.is_empty() {
            if let Ok(collection) = collections::service::get(&core, &actor, &home).await {
                collection_voice = tts::voice_for_language(&collection.collection.language)
                    .await
                    .unwrap_or_default();
            }
        }
    }
    Ok(VoiceMenu {
        voices,
        collection_voice,
    })
}
