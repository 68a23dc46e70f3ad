//! Telling a player what to do (play a card; pause, resume and stop while its live panel is
//! not live), and the card picker the Play control and the shortcut rows share.

use cardsmith_model::device::DeviceCommandInput;
use cardsmith_model::publish::PublishedCardOut;
use cardsmith_model::system::MessageOutputBody;
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde::Serialize;

use crate::api::rest::{self, Verb};
use crate::components::form::{Outcome, INPUT};
use crate::components::layout::{capitalised, BUTTON};

/// The value of the picker's "by its id" choice; no platform card id looks like it.
const OTHER: &str = "__other__";

/// A prefix for element ids that is unique to one player on the page (`base` is the
/// player's REST path, unique per account and device).
pub fn dom_id(base: &str, what: &str) -> String {
    format!("{what}{}", base.replace('/', "-"))
}

/// Sends `input` (the endpoint's model input) to one of the player's endpoints (`command`,
/// `settings`, `shortcuts`) and answers the server's sentence, or why it failed.
pub async fn send<I: Serialize>(
    base: &str,
    endpoint: &str,
    verb: Verb,
    input: &I,
) -> Result<String, String> {
    let url = format!("{base}/{endpoint}");
    rest::send::<_, MessageOutputBody>(verb, &url, input)
        .await
        .map(|m| capitalised(&m.message))
}

/// What a group of player controls shows while it sends commands: busy while one goes (the
/// buttons wait), then the server's sentence, or why it failed.
#[derive(Clone, Copy)]
pub struct CommandSender {
    pub busy: RwSignal<bool>,
    pub outcome: RwSignal<Option<Result<String, String>>>,
}

impl Default for CommandSender {
    fn default() -> Self {
        Self {
            busy: RwSignal::new(false),
            outcome: RwSignal::new(None),
        }
    }
}

impl CommandSender {
    /// Sends `input` to the command endpoint of the player at `base`.
    pub fn send(self, base: String, input: DeviceCommandInput) {
        self.busy.set(true);
        spawn_local(async move {
            let answer = send(&base, "command", Verb::Post, &input).await;
            self.outcome.set(Some(answer));
            self.busy.set(false);
        });
    }
}

/// Which card to play: one published to the account (by title), or any card of the account
/// by its platform id, e.g. one made in the official app. Without published cards only the
/// id field shows. Writes the chosen id to `value`.
#[component]
pub fn CardPicker(
    /// Element id of the control; unique on the page.
    id: String,
    #[prop(into)] label: String,
    cards: Vec<PublishedCardOut>,
    value: RwSignal<String>,
) -> impl IntoView {
    let by_id = RwSignal::new(cards.is_empty());
    let typed = RwSignal::new(String::new());
    if let Some(first) = cards.first() {
        value.set(first.player_card_id.clone());
    }
    let field_id = format!("{id}-id");
    let hint_id = format!("{id}-hint");
    let choose = move |ev: leptos::ev::Event| {
        let chosen = event_target_value(&ev);
        by_id.set(chosen == OTHER);
        value.set(if chosen == OTHER {
            typed.get_untracked()
        } else {
            chosen
        });
    };
    let select = (!cards.is_empty()).then(|| {
        view! {
            <label for=id.clone() class="block text-sm font-medium text-slate-700">{label.clone()}</label>
            <select id=id.clone() class=INPUT on:change=choose>
                {cards.into_iter().map(|c| view! { <option value=c.player_card_id>{c.title}</option> }).collect_view()}
                <option value=OTHER>{tr!("player-picker-other")}</option>
            </select>
        }
    });
    let id_label = if select.is_some() {
        tr!("player-picker-card-id")
    } else {
        label
    };
    view! {
        <div class="min-w-0 space-y-2">
            {select}
            <Show when=move || by_id.get()>
                <div>
                    <label for=field_id.clone() class="block text-sm font-medium text-slate-700">{id_label.clone()}</label>
                    // The hint sits above the box, so a button beside the picker lines up with it.
                    <p id=hint_id.clone() class="text-xs text-slate-500">
                        {tr!("player-picker-id-hint")}
                    </p>
                    <input id=field_id.clone() class=INPUT autocomplete="off" spellcheck="false"
                        aria-describedby=hint_id.clone()
                        prop:value=move || typed.get()
                        on:input=move |ev| {
                            let text = event_target_value(&ev);
                            value.set(text.trim().to_owned());
                            typed.set(text);
                        }/>
                </div>
            </Show>
        </div>
    }
}

/// Play a card, pause, resume, stop; each answer (or refusal) is shown under the buttons.
#[component]
pub fn Commands(
    base: String,
    cards: Vec<PublishedCardOut>,
    name: String,
    /// The player's live panel is live: it has the pause, resume and stop controls then.
    live: Signal<bool>,
) -> impl IntoView {
    let sender = CommandSender::default();
    let (busy, message) = (sender.busy, sender.outcome);
    let card = RwSignal::new(String::new());
    let picker_id = dom_id(&base, "play");
    let base = StoredValue::new(base);
    let run = move |command: &'static str| {
        let input = DeviceCommandInput {
            command: command.to_owned(),
            card_id: (command == "play").then(|| card.get_untracked()),
            ..DeviceCommandInput::default()
        };
        if input.validate().is_err() {
            message.set(Some(Err(tr!("player-control-choose-card"))));
            return;
        }
        sender.send(base.get_value(), input);
    };
    view! {
        <div class="space-y-3" role="group" aria-label=tr!("player-control-group", name = &name)>
            <div class="flex flex-wrap items-end gap-2">
                <div class="min-w-0 flex-1 basis-56">
                    <CardPicker id=picker_id label=tr!("player-control-card") cards value=card/>
                </div>
                <button type="button" class=BUTTON disabled=move || busy.get() on:click=move |_| run("play")>{tr!("player-control-play")}</button>
            </div>
            <Show when=move || !live.get()>
                <div class="flex flex-wrap gap-2">
                    <button type="button" class=BUTTON disabled=move || busy.get() on:click=move |_| run("pause")>{tr!("player-control-pause")}</button>
                    <button type="button" class=BUTTON disabled=move || busy.get() on:click=move |_| run("resume")>{tr!("player-control-resume")}</button>
                    <button type="button" class=BUTTON disabled=move || busy.get() on:click=move |_| run("stop")>{tr!("player-control-stop")}</button>
                </div>
            </Show>
            <Outcome outcome=message/>
        </div>
    }
}
