//! Cards under `/content`: the library (user-made, purchased and streaming cards together),
//! one card (optionally playable, with expiring signed URLs), create/replace, delete.

use std::collections::HashMap;

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};

use crate::caller::Caller;
use crate::cards;
use crate::devices::json_object;
use crate::error::ApiError;
use crate::state::SharedState;
use crate::storage::{self, ICON_PATH, SECURE_MEDIA_PATH};

pub fn routes() -> Router<SharedState> {
    Router::new()
        .route("/content", axum::routing::post(save_card))
        .route("/content/mine", get(list_cards))
        .route("/content/{card_id}", get(get_card).delete(delete_card))
}

type ApiResult = Result<Json<Value>, ApiError>;
type Params = Query<HashMap<String, String>>;

async fn list_cards(
    State(shared): State<SharedState>,
    caller: Caller,
    Query(params): Params,
) -> ApiResult {
    caller.require("user:content:view")?;
    let show_deleted = params.get("showdeleted").is_some_and(|v| v == "true");
    let world = shared.world();
    let cards: Vec<Value> = world
        .accounts
        .get(&caller.user_id)
        .into_iter()
        .flat_map(|a| a.cards.values())
        .filter(|c| show_deleted || c.get("deleted") != Some(&Value::Bool(true)))
        .map(cards::summary)
        .collect();
    Ok(Json(json!({ "cards": cards })))
}

async fn get_card(
    State(shared): State<SharedState>,
    caller: Caller,
    Path(card_id): Path<String>,
    Query(params): Params,
) -> ApiResult {
    caller.require("user:content:view")?;
    if let Some(zone) = params.get("timezone") {
        if !plausible_timezone(zone) {
            return Err(ApiError::bad_request(format!("Invalid timezone: {zone}")));
        }
    }
    let card = {
        let world = shared.world();
        world
            .accounts
            .get(&caller.user_id)
            .and_then(|a| a.cards.get(&card_id))
            .filter(|c| c.get("deleted") != Some(&Value::Bool(true)))
            .cloned()
            .ok_or_else(|| ApiError::card_not_found(&card_id))?
    };
    let card = if params.get("playable").is_some_and(|v| v == "true") {
        cards::playable(
            &card,
            |hash| {
                format!(
                    "{}#sha256={hash}",
                    storage::sign(&shared, &format!("{SECURE_MEDIA_PATH}/{hash}"))
                )
            },
            |media_id| format!("{}{ICON_PATH}/{media_id}", shared.base_url),
        )
    } else {
        Value::Object(card)
    };
    Ok(Json(json!({ "card": card })))
}

/// Creates (no `cardId`) or wholly replaces (with `cardId`) a card of the caller.
async fn save_card(State(shared): State<SharedState>, caller: Caller, body: Bytes) -> ApiResult {
    caller.require("user:content:manage")?;
    let body = json_object(&body)?;
    cards::validate(&body)?;
    let mut world = shared.world();
    let account = world
        .account_mut(&caller.user_id)
        .ok_or_else(|| ApiError::unauthorized("Unknown account"))?;
    let (card_id, previous) = match body.get("cardId").and_then(Value::as_str) {
        Some(id) => {
            let previous = account
                .cards
                .get(id)
                .filter(|c| {
                    c.get("userId").and_then(Value::as_str) == Some(caller.user_id.as_str())
                })
                .ok_or_else(|| ApiError::card_not_found(id))?;
            if previous.get("deleted") == Some(&Value::Bool(true)) {
                return Err(ApiError::bad_request("Deleted card cannot be restored"));
            }
            (id.to_owned(), Some(previous.clone()))
        }
        None => (new_card_id(&account.cards), None),
    };
    let stored = cards::store(body, &card_id, &caller.user_id, previous.as_ref());
    account.cards.insert(card_id, stored.clone());
    Ok(Json(json!({ "card": stored })))
}

async fn delete_card(
    State(shared): State<SharedState>,
    caller: Caller,
    Path(card_id): Path<String>,
) -> ApiResult {
    caller.require("user:content:manage")?;
    let mut world = shared.world();
    let card = world
        .account_mut(&caller.user_id)
        .and_then(|a| a.cards.get_mut(&card_id))
        .filter(|c| c.get("userId").and_then(Value::as_str) == Some(caller.user_id.as_str()))
        .filter(|c| c.get("deleted") != Some(&Value::Bool(true)))
        .ok_or_else(|| ApiError::card_not_found(&card_id))?;
    card.insert("deleted".into(), true.into());
    Ok(Json(json!({ "status": "ok" })))
}

pub fn new_card_id<V>(existing: &std::collections::BTreeMap<String, V>) -> String {
    loop {
        let id = crate::ids::alphanumeric(5);
        if !existing.contains_key(&id) {
            return id;
        }
    }
}

/// IANA-looking zone names (`UTC`, `Europe/London`, `America/Argentina/Buenos_Aires`).
fn plausible_timezone(zone: &str) -> bool {
    !zone.is_empty()
        && zone.len() <= 64
        && zone.split('/').all(|part| {
            part.chars().next().is_some_and(|c| c.is_ascii_uppercase())
                && part
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_-+".contains(c))
        })
}
