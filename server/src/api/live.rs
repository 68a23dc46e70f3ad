//! Players, live: what each player of one of the caller's accounts is doing now, as a
//! snapshot with its age and as a stream of Server-Sent Events. Both share the account's one
//! connection to the players' broker with every other page and client (`core::player::live`).
//! An account that is not the caller's is a 404, as on every device endpoint.

use std::convert::Infallible;
use std::time::Duration;

use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::Json;
use cardsmith_core::player::live::{aged, commands};
use cardsmith_core::{Core, CoreError};
use cardsmith_model::live::{LivePlayer, LivePlayersOut};
use futures_util::stream::{self, Stream};
use tokio::sync::broadcast;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{
    Conflict, NotFound, ServiceUnavailable, TooManyRequests, Unauthorized,
};
use crate::problem::{ApiPath, ApiResult};
use crate::session::Caller;
use crate::state::AppState;

/// How long a first look waits for the connection, so it can already say `live`.
const SETTLE: Duration = Duration::from_secs(2);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(live_players))
        .routes(routes!(live_player))
        .routes(routes!(live_events))
}

/// Every player of the account, as last reported, each with its age.
#[utoipa::path(get, path = "/devices/{accountID}/live", tag = "devices", operation_id = "live-players",
    params(("accountID" = String, Path)),
    responses((status = 200, body = LivePlayersOut), Unauthorized, NotFound, Conflict, TooManyRequests, ServiceUnavailable))]
pub async fn live_players(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(account): ApiPath<String>,
) -> ApiResult<Json<LivePlayersOut>> {
    let live = commands::view(&core, &actor, &account, SETTLE).await?;
    Ok(Json(LivePlayersOut {
        account_id: account,
        connection: live.connection(),
        players: live.players(),
    }))
}

/// One player, as last reported, with its age.
#[utoipa::path(get, path = "/devices/{accountID}/{deviceID}/live", tag = "devices", operation_id = "live-player",
    params(("accountID" = String, Path), ("deviceID" = String, Path)),
    responses((status = 200, body = LivePlayer), Unauthorized, NotFound, Conflict, TooManyRequests, ServiceUnavailable))]
pub async fn live_player(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((account, device)): ApiPath<(String, String)>,
) -> ApiResult<Json<LivePlayer>> {
    let live = commands::view(&core, &actor, &account, SETTLE).await?;
    let player = live
        .players()
        .into_iter()
        .find(|p| p.device_id == device)
        .ok_or_else(|| CoreError::NotFound(format!("no player {device} on this account")))?;
    Ok(Json(player))
}

/// Server-Sent Events: first every player's state (event `player`), then each change as it
/// happens, one player's whole state per event. The stream stays open (a comment every 15 s
/// keeps proxies from closing it) until the account is unlinked or must be linked again; a
/// client that reconnects gets the whole state again.
#[utoipa::path(get, path = "/devices/{accountID}/live/events", tag = "devices", operation_id = "live-player-events",
    params(("accountID" = String, Path)),
    responses((status = 200, content_type = "text/event-stream", body = LivePlayer,
        description = "`event: player`, `data:` a LivePlayer as JSON, for as long as the connection lasts"),
        Unauthorized, NotFound, Conflict, TooManyRequests, ServiceUnavailable))]
pub async fn live_events(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(account): ApiPath<String>,
) -> ApiResult<Sse<impl Stream<Item = Result<Event, Infallible>>>> {
    let live = commands::view(&core, &actor, &account, Duration::ZERO).await?;
    let updates = live.updates();
    let ended = live.ended();
    let first: Vec<LivePlayer> = live.players();
    // the hold on the account's view lives as long as the stream; the stream ends when the
    // view does (the account was unlinked or must be linked again)
    let state = (live, updates, ended, first.into_iter());
    let events = stream::unfold(
        state,
        |(live, mut updates, mut ended, mut first)| async move {
            let player = match first.next() {
                Some(player) => player,
                None => loop {
                    tokio::select! {
                        // what was said before the end goes out first (the "relink" state)
                        biased;
                        update = updates.recv() => match update {
                            Ok(player) => break aged(player),
                            Err(broadcast::error::RecvError::Lagged(_)) => continue,
                            Err(broadcast::error::RecvError::Closed) => return None,
                        },
                        _ = ended.wait_for(|e| *e) => return None,
                    }
                },
            };
            let event = Event::default()
                .event("player")
                .json_data(&player)
                .unwrap_or_else(|_| Event::default().comment("unserialisable"));
            Some((Ok(event), (live, updates, ended, first)))
        },
    );
    Ok(Sse::new(events).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}
