//! The browser's side of a live account: a Server-Sent Events stream from the server (the
//! browser reconnects it by itself after a drop, and the server then sends the whole state
//! again; not after the account must be linked again)
//! and a clock that ticks each second, so positions and timers move between reports.

use cardsmith_model::live::{connection, LivePlayer};
use leptos::prelude::Set;
use web_sys::wasm_bindgen::closure::Closure;
use web_sys::wasm_bindgen::JsCast;
use web_sys::{EventSource, MessageEvent};

use super::LiveAccount;

/// Opens the account's stream; the page keeps it for as long as it is open.
pub fn open(account_id: &str, live: LiveAccount) {
    let Ok(source) = EventSource::new(&format!("/api/devices/{account_id}/live/events")) else {
        return;
    };
    let stream = source.clone();
    let on_player = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
        let player = ev
            .data()
            .as_string()
            .and_then(|text| serde_json::from_str::<LivePlayer>(&text).ok());
        if let Some(player) = player {
            // the server ends the stream of an account to link again: asking again would
            // only be refused
            if player.connection == connection::RELINK {
                stream.close();
            }
            live.update(player);
        }
    });
    let _ = source.add_event_listener_with_callback("player", on_player.as_ref().unchecked_ref());
    // both live as long as the page: a page is left by a full load
    on_player.forget();
    let tick = Closure::<dyn FnMut()>::new(move || live.now.set(web_sys::js_sys::Date::now()));
    live.now.set(web_sys::js_sys::Date::now());
    let _ = leptos::prelude::window().set_interval_with_callback_and_timeout_and_arguments_0(
        tick.as_ref().unchecked_ref(),
        1000,
    );
    tick.forget();
}
