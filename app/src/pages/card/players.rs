//! The card on the family's players: "Playing on Kitchen player" while one plays it (with
//! pause and stop), and "Play on …" for each player of every account the card is published
//! to, pushed live like the players page (one stream per account).
//!
//! Only the browser knows: the page asks where the card is published once it is up, and
//! shows nothing while the card is published nowhere (the Publish button is right above) or
//! only to accounts that must be linked again.

use cardsmith_model::device::DeviceCommandInput;
use cardsmith_model::live::LivePlayer;
use cardsmith_model::player::{account_status, ListPlayerAccountsOutputBody};
use cardsmith_model::publish::PublishRecordOut;
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::Shown;
use crate::api::rest;
use crate::components::form::Outcome;
use crate::components::layout::BUTTON;
use crate::pages::devices::controls::CommandSender;
use crate::pages::devices::live::LiveAccount;

/// One account the card is published to: its id, its label and the card's id there.
#[derive(Clone)]
struct Published {
    account_id: String,
    label: String,
    player_card_id: String,
}

/// The card's accounts (published there), each with its players live.
#[component]
pub fn CardOnPlayers() -> impl IntoView {
    let shown = expect_context::<Shown>();
    let accounts = RwSignal::new(Vec::<(Published, LiveAccount)>::new());
    Effect::new(move |_| {
        let slug = shown.slug();
        spawn_local(async move {
            let url = format!("/api/cards/{slug}/publish-status");
            let Ok(records) = rest::get::<Vec<PublishRecordOut>>(&url).await else {
                return;
            };
            // an account to link again has no live players to show (the publish dialog says why)
            let listed = rest::get::<ListPlayerAccountsOutputBody>("/api/player-accounts").await;
            let usable: Vec<String> = listed
                .ok()
                .and_then(|l| l.accounts)
                .unwrap_or_default()
                .into_iter()
                .filter(|a| a.status != account_status::NEEDS_RELINK)
                .map(|a| a.id)
                .collect();
            let mut found: Vec<(Published, LiveAccount)> = Vec::new();
            for record in records {
                let Some(player_card_id) = record
                    .player_card_id
                    .filter(|_| record.status == "published")
                else {
                    continue;
                };
                let seen = found
                    .iter()
                    .any(|(p, _)| p.account_id == record.player_account_id);
                if seen || !usable.contains(&record.player_account_id) {
                    continue;
                }
                let live = LiveAccount::follow(&record.player_account_id, true);
                let published = Published {
                    account_id: record.player_account_id,
                    label: record.account_label,
                    player_card_id,
                };
                found.push((published, live));
            }
            accounts.set(found);
        });
    });
    move || {
        accounts.with(|list| {
            (!list.is_empty()).then(|| {
                let several = list.len() > 1;
                view! {
                    <section class="space-y-2 pt-2" aria-label=tr!("card-players-heading") data-testid="card-on-players">
                        {list.iter().cloned().map(|(published, live)| view! {
                            <AccountRow published live several/>
                        }).collect_view()}
                    </section>
                }
            })
        })
    }
}

/// The players of one account: who plays the card, and "Play on …" for the others.
#[component]
fn AccountRow(published: Published, live: LiveAccount, several: bool) -> impl IntoView {
    let card_id = StoredValue::new(published.player_card_id.clone());
    let account_id = StoredValue::new(published.account_id.clone());
    let sender = CommandSender::default();
    let (busy, message) = (sender.busy, sender.outcome);
    let run = move |device: String, input: DeviceCommandInput| {
        sender.send(
            format!("/api/devices/{}/{device}", account_id.get_value()),
            input,
        );
    };
    let command = move |name: &str| DeviceCommandInput {
        command: name.to_owned(),
        card_id: Some(card_id.get_value()),
        ..DeviceCommandInput::default()
    };
    let players = live.list();
    view! {
        <div class="space-y-2">
            {several.then(|| view! { <p class="text-xs font-medium text-slate-500" translate="no">{published.label.clone()}</p> })}
            <ul class="flex flex-wrap gap-2">
                {move || players.get().into_iter().map(|player| {
                    let device = player.device_id.clone();
                    let name = player.name.clone().unwrap_or_else(|| device.clone());
                    let here = plays(&player, &card_id.get_value());
                    let row = match here {
                        Some(state) => {
                            let playing = state == "playing";
                            let (d1, d2) = (device.clone(), device.clone());
                            let chapter = player.chapter_title.clone().unwrap_or_default();
                            view! {
                                <li class="flex w-full flex-wrap items-center gap-2 rounded-xl bg-emerald-50 p-2" data-testid="card-playing-on">
                                    <span class="min-w-0 flex-1 text-sm" aria-live="polite">
                                        <span class="font-medium text-emerald-800">
                                            {if playing { tr!("card-players-playing-on", player = &name) } else { tr!("card-players-paused-on", player = &name) }}
                                        </span>
                                        {(!chapter.is_empty()).then(|| view! { <span class="text-slate-600" translate="no">" · "{chapter}</span> })}
                                    </span>
                                    <button type="button" class=format!("{BUTTON} min-h-11") prop:disabled=move || busy.get()
                                        on:click=move |_| run(d1.clone(), command(if playing { "pause" } else { "resume" }))>
                                        {if playing { tr!("player-live-pause") } else { tr!("player-live-resume") }}
                                    </button>
                                    <button type="button" class=format!("{BUTTON} min-h-11") prop:disabled=move || busy.get()
                                        on:click=move |_| run(d2.clone(), command("stop"))>{tr!("player-live-stop")}</button>
                                </li>
                            }.into_any()
                        }
                        None => {
                            let (d1, d2) = (device.clone(), device.clone());
                            let offline = player.online == Some(false);
                            view! {
                                <li class="flex flex-wrap gap-2">
                                    <button type="button" class=format!("{BUTTON} min-h-11") prop:disabled=move || busy.get()
                                        title=offline.then(|| tr!("player-live-offline"))
                                        on:click=move |_| run(d1.clone(), command("play"))>
                                        {format!("▶ {}", tr!("card-players-play-on", player = &name))}
                                    </button>
                                    <button type="button" class="min-h-11 rounded-lg px-3 text-sm font-medium text-indigo-700 hover:bg-indigo-50 disabled:opacity-50"
                                        prop:disabled=move || busy.get()
                                        aria-label=tr!("card-players-show-icon-on", player = &name)
                                        on:click=move |_| run(d2.clone(), command("display_preview"))>
                                        {tr!("card-players-show-icon")}
                                    </button>
                                </li>
                            }.into_any()
                        }
                    };
                    row
                }).collect_view()}
            </ul>
            <Outcome outcome=message/>
        </div>
    }
}

/// `playing` or `paused` when the player has this card in; `None` otherwise.
fn plays(player: &LivePlayer, card_id: &str) -> Option<String> {
    let state = player.card_in()?;
    (player.card_id.as_deref() == Some(card_id)).then(|| state.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_plays_the_card_only_with_it_in_and_going() {
        let player = |card: &str, state: &str| LivePlayer {
            card_id: Some(card.into()),
            playback: Some(state.into()),
            ..LivePlayer::default()
        };
        assert_eq!(
            plays(&player("abc", "playing"), "abc").as_deref(),
            Some("playing")
        );
        assert_eq!(
            plays(&player("abc", "paused"), "abc").as_deref(),
            Some("paused")
        );
        assert_eq!(plays(&player("abc", "stopped"), "abc"), None);
        assert_eq!(plays(&player("xyz", "playing"), "abc"), None);
        assert_eq!(plays(&LivePlayer::default(), "abc"), None);
    }
}
