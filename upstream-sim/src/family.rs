//! `GET /user/family`: the household, its players and members (first member = account email).

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};

use crate::caller::Caller;
use crate::error::ApiError;
use crate::state::{timestamp, SharedState};

pub fn routes() -> Router<SharedState> {
    Router::new().route("/user/family", get(family))
}

async fn family(
    State(shared): State<SharedState>,
    caller: Caller,
) -> Result<Json<Value>, ApiError> {
    caller.require("family:view")?;
    let world = shared.world();
    let account = world
        .accounts
        .get(&caller.user_id)
        .ok_or_else(|| ApiError::unauthorized("Unknown account"))?;
    let devices: Vec<Value> = account
        .devices
        .iter()
        .map(|(id, d)| json!({ "deviceId": id, "addedAt": timestamp(d.added_at) }))
        .collect();
    Ok(Json(json!({ "family": {
        "familyId": account.family_id,
        "createdAt": timestamp(account.created_at),
        "country": "GB",
        "devices": devices,
        "members": [{
            "userId": account.user_id,
            "email": account.email,
            "emailVerified": true,
            "picture": "",
            "createdAt": timestamp(account.created_at),
            "addedAt": timestamp(account.created_at),
            "loginsCount": 1,
        }],
    }})))
}
