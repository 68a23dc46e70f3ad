//! What each player is doing now, on the players page: pushed by the server (one stream per
//! account on the page, fanned out from the account's one connection to the players' broker),
//! with controls that act on it: play and pause, stop, the previous and next chapter, a
//! volume slider up to the player's limit, sleep timer presets. Big touch targets: a phone
//! is the remote.
//!
//! On the server nothing is known yet, so the panel renders waiting; the browser fills it as
//! the stream reports.

mod clock;
#[cfg(feature = "hydrate")]
mod stream;

use std::collections::HashMap;

use cardsmith_model::device::DeviceCommandInput;
use cardsmith_model::live::{connection, LivePlayer};
use cardsmith_model::publish::PublishedCardOut;
use leptos::prelude::*;

use super::controls::{dom_id, CommandSender};
use crate::components::form::{Outcome, INPUT};
use crate::components::layout::{Badge, BUTTON};

/// Sleep timer presets, in minutes (0: off).
const SLEEP_PRESETS: [u32; 5] = [0, 15, 30, 45, 60];

/// One account's players as the stream reports them, and the browser's clock.
#[derive(Clone, Copy)]
pub struct LiveAccount {
    players: RwSignal<HashMap<String, LivePlayer>>,
    /// Milliseconds since the epoch, ticking each second in the browser (0 on the server).
    now: RwSignal<f64>,
}

impl LiveAccount {
    /// Starts following `account_id` when `start` (in the browser; on the server it stays
    /// empty). An account that must be linked again is not followed.
    pub fn follow(account_id: &str, start: bool) -> Self {
        let live = Self {
            players: RwSignal::new(HashMap::new()),
            now: RwSignal::new(0.0),
        };
        #[cfg(feature = "hydrate")]
        if start {
            stream::open(account_id, live);
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = (account_id, start);
        live
    }

    #[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
    fn update(self, player: LivePlayer) {
        self.players.update(|p| {
            p.insert(player.device_id.clone(), player);
        });
    }

    /// Whether the player's state comes live from the stream now.
    pub fn is_live(self, device: &str) -> Signal<bool> {
        let player = self.player(device);
        Signal::derive(move || {
            player.with(|p| p.as_ref().is_some_and(|p| p.connection == connection::LIVE))
        })
    }

    /// Every player reported so far, by name.
    pub fn list(self) -> Signal<Vec<LivePlayer>> {
        Signal::derive(move || {
            let mut list: Vec<LivePlayer> = self.players.with(|p| p.values().cloned().collect());
            list.sort_by(|a, b| (&a.name, &a.device_id).cmp(&(&b.name, &b.device_id)));
            list
        })
    }

    /// The battery as the player last reported it (percent, charging), once it did.
    pub fn battery(self, device: &str) -> Signal<Option<(u8, bool)>> {
        let player = self.player(device);
        Signal::derive(move || {
            player.with(|p| {
                let p = p.as_ref()?;
                Some((p.battery_level?, p.charging == Some(true)))
            })
        })
    }

    fn player(self, device: &str) -> Signal<Option<LivePlayer>> {
        let device = device.to_owned();
        Signal::derive(move || self.players.with(|p| p.get(&device).cloned()))
    }
}

/// The "now playing" panel of one player.
#[component]
pub fn NowPlaying(
    live: LiveAccount,
    device_id: String,
    /// The player's REST path (`/api/devices/{account}/{device}`).
    base: String,
    cards: Vec<PublishedCardOut>,
) -> impl IntoView {
    let player = live.player(&device_id);
    let now = live.now;
    let sender = CommandSender::default();
    let (busy, message) = (sender.busy, sender.outcome);
    let base = StoredValue::new(base);
    let run = move |input: DeviceCommandInput| sender.send(base.get_value(), input);
    let command = move |name: &str| DeviceCommandInput {
        command: name.to_owned(),
        ..DeviceCommandInput::default()
    };
    // the title as published from here (with its cover), else as the platform names it,
    // else the id
    let playing_card = {
        let cards = StoredValue::new(cards);
        move || {
            player.with(|p| {
                let p = p.as_ref()?;
                let id = p.card_id.clone()?;
                Some(
                    cards.with_value(|c| match c.iter().find(|c| c.player_card_id == id) {
                        Some(ours) => (ours.title.clone(), Some(ours.card_slug.clone())),
                        None => (p.card_title.clone().unwrap_or(id.clone()), None),
                    }),
                )
            })
        }
    };
    let title = move || playing_card().map(|(title, _)| title);
    let cover = move || playing_card().and_then(|(_, slug)| slug);
    let chapter = move || player.with(|p| p.as_ref().and_then(|p| p.chapter_title.clone()));
    let playback = move || player.with(|p| p.as_ref().and_then(|p| p.playback.clone()));
    let playing = move || playback().as_deref() == Some("playing");
    // pause, resume and stop mean something only with a card in
    let card_in = move || player.with(|p| p.as_ref().is_some_and(|p| p.card_in().is_some()));
    // a position only means something while a card is in (playing or paused)
    let position = move || {
        player.with(|p| {
            p.as_ref()
                .filter(|p| p.card_in().is_some())
                .and_then(|p| clock::position_now(p, now.get()))
        })
    };
    let length = move || player.with(|p| p.as_ref().and_then(|p| p.track_length));
    let volume_max = move || {
        player
            .with(|p| p.as_ref().and_then(|p| p.volume_max))
            .unwrap_or(16)
    };
    let volume = move || {
        player
            .with(|p| p.as_ref().and_then(|p| p.volume))
            .unwrap_or(0)
    };
    let sleep_left =
        move || player.with(|p| p.as_ref().and_then(|p| clock::sleep_left(p, now.get())));
    let word = move || player.with(|p| p.as_ref().map(|p| p.connection.clone()));
    let offline = move || player.with(|p| p.as_ref().and_then(|p| p.online)) == Some(false);
    let heading_id = dom_id(&base.get_value(), "now-playing");
    let labelled_by = heading_id.clone();
    let volume_id = dom_id(&base.get_value(), "volume");
    let sleep_id = dom_id(&base.get_value(), "sleep");
    view! {
        <section class="space-y-3 rounded-xl bg-slate-50 p-3" aria-labelledby=labelled_by data-testid="now-playing">
            <div class="flex flex-wrap items-center gap-2">
                <h4 id=heading_id class="font-semibold">{tr!("player-live-heading")}</h4>
                {move || match word().as_deref() {
                    Some(connection::LIVE) => view! { <Badge text=tr!("player-live-live") tone="bg-emerald-50 text-emerald-700"/> }.into_any(),
                    Some(connection::CONNECTING) | None => view! { <Badge text=tr!("player-live-connecting") tone="bg-slate-100 text-slate-600"/> }.into_any(),
                    Some(connection::RELINK) => view! { <Badge text=tr!("player-live-relink") tone="bg-amber-100 text-amber-900"/> }.into_any(),
                    Some(_) => view! { <Badge text=tr!("player-live-unavailable") tone="bg-slate-100 text-slate-600"/> }.into_any(),
                }}
            </div>
            <div aria-live="polite" class="min-w-0">
                {move || match (title(), playback()) {
                    (Some(title), Some(state)) if state != "stopped" => view! {
                        <div class="flex min-w-0 items-center gap-3">
                            {cover().map(|slug| {
                                // a card without a cover answers 404: show nothing then
                                let broken = RwSignal::new(false);
                                view! {
                                    <img src=format!("/api/cards/{slug}/cover?side=front") alt="" class="h-14 w-14 shrink-0 rounded-lg object-cover"
                                        class:hidden=move || broken.get() on:error=move |_| broken.set(true)/>
                                }
                            })}
                            <div class="min-w-0">
                                <p class="break-words font-medium" translate="no" data-testid="now-playing-title">{title}</p>
                                <p class="break-words text-sm text-slate-600">
                                    <span translate="no">{chapter().unwrap_or_default()}</span>
                                    " · "{status_word(&state)}
                                </p>
                            </div>
                        </div>
                    }.into_any(),
                    _ if offline() => view! { <p class="text-sm text-slate-600">{tr!("player-live-offline")}</p> }.into_any(),
                    (_, None) => view! { <p class="text-sm text-slate-600">{tr!("player-live-waiting")}</p> }.into_any(),
                    _ => view! { <p class="text-sm text-slate-600">{tr!("player-live-nothing")}</p> }.into_any(),
                }}
            </div>
            {move || position().map(|at| {
                let total = length().unwrap_or(at).max(1);
                let percent = f64::from(at.min(total)) * 100.0 / f64::from(total);
                view! {
                    <div class="space-y-1">
                        <div class="h-2 overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label=tr!("player-live-progress")
                            aria-valuemin="0" aria-valuemax=total aria-valuenow=at aria-valuetext=format!("{} / {}", clock::clock(at), clock::clock(total))>
                            <div class="h-full bg-indigo-600" style:width=format!("{percent:.1}%")></div>
                        </div>
                        <p class="text-xs tabular-nums text-slate-600">{format!("{} / {}", clock::clock(at), clock::clock(total))}</p>
                    </div>
                }
            })}
            <div class="flex flex-wrap gap-2">
                <button type="button" class=format!("{BUTTON} min-h-11 min-w-11") prop:disabled=move || busy.get() || !card_in()
                    aria-label=tr!("player-live-previous") title=tr!("player-live-previous")
                    on:click=move |_| run(command("previous_chapter"))><SkipIcon forward=false/></button>
                <button type="button" class=format!("{BUTTON} min-h-11 min-w-24") prop:disabled=move || busy.get() || !card_in()
                    on:click=move |_| run(command(if playing() { "pause" } else { "resume" }))>
                    {move || if playing() { tr!("player-live-pause") } else { tr!("player-live-resume") }}
                </button>
                <button type="button" class=format!("{BUTTON} min-h-11 min-w-24") prop:disabled=move || busy.get() || !card_in()
                    on:click=move |_| run(command("stop"))>{tr!("player-live-stop")}</button>
                <button type="button" class=format!("{BUTTON} min-h-11 min-w-11") prop:disabled=move || busy.get() || !card_in()
                    aria-label=tr!("player-live-next") title=tr!("player-live-next")
                    on:click=move |_| run(command("next_chapter"))><SkipIcon forward=true/></button>
            </div>
            <div class="grid gap-3 sm:grid-cols-2">
                <div class="min-w-0">
                    <label for=volume_id.clone() class="block text-sm font-medium text-slate-700">
                        {tr!("player-live-volume")}" "<span class="tabular-nums">{move || format!("{} / {}", volume(), volume_max())}</span>
                    </label>
                    <input id=volume_id type="range" min="0" max=volume_max step="1" class="h-11 w-full accent-indigo-600"
                        prop:value=move || volume().to_string() prop:disabled=move || busy.get()
                        on:change=move |ev| {
                            let step = event_target_value(&ev).parse::<u8>().unwrap_or(0);
                            run(DeviceCommandInput { volume: Some(step), ..command("volume") });
                        }/>
                </div>
                <div class="min-w-0">
                    <label for=sleep_id.clone() class="block text-sm font-medium text-slate-700">{tr!("player-live-sleep")}</label>
                    <select id=sleep_id class=format!("{INPUT} min-h-11") prop:disabled=move || busy.get()
                        on:change=move |ev| {
                            let minutes = event_target_value(&ev).parse::<u32>().unwrap_or(0);
                            run(DeviceCommandInput { seconds: Some(minutes * 60), ..command("sleep_timer") });
                        }>
                        {SLEEP_PRESETS.iter().map(|m| view! {
                            <option value=m.to_string()>{if *m == 0 { tr!("player-live-sleep-off") } else { tr!("player-live-sleep-minutes", minutes = *m) }}</option>
                        }).collect_view()}
                    </select>
                    {move || sleep_left().map(|left| view! {
                        <p class="mt-1 text-xs tabular-nums text-slate-600">{tr!("player-live-sleep-left", time = clock::clock(left))}</p>
                    })}
                </div>
            </div>
            <Outcome outcome=message/>
        </section>
    }
}

/// A skip-chapter icon (a triangle against a bar), drawn: the ⏮ / ⏭ characters are missing
/// from many fonts.
#[component]
fn SkipIcon(forward: bool) -> impl IntoView {
    let flip = if forward { "" } else { "-scale-x-100" };
    view! {
        <svg aria-hidden="true" viewBox="0 0 16 16" class=format!("mx-auto h-4 w-4 fill-current {flip}")>
            <path d="M3 2.5v11l8-5.5z"/>
            <rect x="11.5" y="2.5" width="2" height="11" rx="0.5"/>
        </svg>
    }
}

fn status_word(state: &str) -> String {
    match state {
        "playing" => tr!("player-live-status-playing"),
        "paused" => tr!("player-live-status-paused"),
        "loading" => tr!("player-live-status-loading"),
        _ => tr!("player-live-status-stopped"),
    }
}
