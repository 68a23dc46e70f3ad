//! The Icons panel of a card (editors): a theme suggested as palettes and approved, icons
//! tried on two chapters or drawn for all, and per chapter a set of variations shown at
//! their real 16x16 size and enlarged, one of which becomes the chapter's icon. A call that
//! may cost money shows who would draw and waits for a yes first; offline drawing is free.

mod chapters;
mod cost;
mod state;
mod theme;

use cardsmith_model::card::TrackOut;
use cardsmith_model::icons::PaletteOut;
use leptos::html::Button;
use leptos::prelude::*;

use crate::components::ai_providers::name_of;
pub use crate::components::ai_providers::usd;
use crate::components::form::{ErrorAlert, StatusNote};
use crate::components::layout::{Panel, BUTTON};
use crate::components::modal::PRIMARY;
use cost::{Action, Drawer};
use state::Studio;

/// The panel. `theme` is the card's approved icon theme; `tracks` are the card's chapters in
/// play order; `on_change` runs after icons changed on the server (the track list fetches
/// them again).
#[component]
pub fn IconStudio(
    card: String,
    theme: Option<PaletteOut>,
    #[prop(into)] tracks: Signal<Vec<TrackOut>>,
    on_change: Callback<()>,
) -> impl IntoView {
    let studio = Studio::new(card, theme, tracks, on_change);
    Effect::new(move |_| studio.look_at_cascade());
    let empty = move || tracks.with(Vec::is_empty);
    view! {
        <Panel id="icons" title=tr!("art-icons-title") intro=tr!("art-icons-intro")>
            <DrawerNote studio/>
            <theme::ThemePicker studio/>
            <Show when=move || !empty() fallback=|| view! {
                <p class="text-sm text-slate-600">{tr!("art-icons-no-tracks")}</p>
            }>
                <div class="flex flex-wrap gap-2">
                    <button type="button" class=BUTTON disabled=move || studio.is_busy()
                        on:click=move |_| studio.ask(Action::Sample)>
                        {move || if studio.busy_with("sample") { tr!("art-icons-drawing") } else { tr!("art-icons-sample") }}
                    </button>
                    <button type="button" class=PRIMARY disabled=move || studio.is_busy()
                        on:click=move |_| studio.ask(Action::GenerateAll)>
                        {move || if studio.busy_with("generate") { tr!("art-icons-drawing-all") } else { tr!("art-icons-generate-all") }}
                    </button>
                </div>
                <Confirm studio chapter=None/>
                <Progress studio/>
            </Show>
            <StatusNote message=studio.message/>
            <ErrorAlert message=studio.error/>
            <Show when=move || !empty()>
                <chapters::ChapterList studio/>
            </Show>
        </Panel>
    }
    .into_any()
}

/// Who draws, and whether it costs anything.
#[component]
fn DrawerNote(studio: Studio) -> impl IntoView {
    view! {
        <p class="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="icon-drawer">
            {move || match studio.drawer.get() {
                Drawer::Unknown => tr!("art-icons-drawer-unknown"),
                Drawer::Offline => tr!("art-icons-drawer-offline"),
                // whose provider draws (`owner_type`: "user" reads "your …", else "the instance's …")
                Drawer::Free(p) => tr!("art-icons-drawer-free", owner = p.owner_type.as_str(), name = name_of(&p)),
                Drawer::Paid(p) => tr!("art-icons-drawer-paid", owner = p.owner_type.as_str(), name = name_of(&p)),
            }}
        </p>
    }
}

/// The question before a paid call, shown where the call was asked for: under the batch
/// buttons (`chapter` `None`), or in the row of chapter `chapter`. Its Yes button takes the
/// focus.
#[component]
pub fn Confirm(studio: Studio, chapter: Option<i64>) -> impl IntoView {
    let yes = NodeRef::<Button>::new();
    let shown = move || {
        studio
            .pending
            .with(|p| p.as_ref().is_some_and(|p| p.action.chapter() == chapter))
    };
    Effect::new(move |_| {
        if shown() {
            if let Some(button) = yes.get() {
                let _ = button.focus();
            }
        }
    });
    view! {
        <Show when=shown>
            <div role="group" aria-label=tr!("art-icons-confirm-label") on:keydown=crate::components::keys::escape_cancels(move || studio.pending.set(None)) class="space-y-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950" data-testid="icon-cost">
                <p class="font-medium">{move || studio.pending.with(|p| p.as_ref().map(|p| p.question.clone()))}</p>
                <p>{move || studio.pending.with(|p| p.as_ref().map(|p| p.cost.clone()))}</p>
                <div class="flex flex-wrap gap-2">
                    <button type="button" class=PRIMARY node_ref=yes
                        on:click=move |_| if let Some(p) = studio.pending.get_untracked() { studio.perform(p.action) }>
                        {tr!("art-icons-yes-draw")}
                    </button>
                    <button type="button" class=BUTTON on:click=move |_| studio.pending.set(None)>{tr!("art-icons-cancel")}</button>
                </div>
            </div>
        </Show>
    }
}

/// A bar while a batch job runs (or a busy line when there is no job to follow).
#[component]
fn Progress(studio: Studio) -> impl IntoView {
    view! {
        <Show when=move || studio.busy_with("generate") || studio.busy_with("sample")>
            <div class="space-y-1" role="status">
                <p class="text-sm text-slate-600">{tr!("art-icons-progress")}</p>
                <div class="h-2 w-full overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-label=tr!("art-icons-progress-label")
                    aria-valuemin="0" aria-valuemax="100"
                    aria-valuenow=move || studio.progress.get().map(|p| format!("{:.0}", p * 100.0))>
                    <div class=move || format!("h-full rounded-full bg-indigo-500 {}", if studio.progress.get().is_none() { "w-1/3 animate-pulse" } else { "" })
                        style=move || studio.progress.get().map(|p| format!("width: {:.0}%", p * 100.0)).unwrap_or_default()></div>
                </div>
            </div>
        </Show>
    }
}
