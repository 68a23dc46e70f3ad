//! The plan, editable: one card per folder or one for everything, each card's title and
//! whether it is made, each chapter's title, place, icon and whether it is in; the files
//! that will not be used, with why; then "Make the cards". After the confirm: the cards made,
//! and a bar while their audio is prepared.

use cardsmith_model::card::CardDetailOut;
use cardsmith_model::drop::{DropGrouping, DropMadeOut, DropOut};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::edits::{confirm_input, ShownCard};
use super::queue::FileState;
use super::DropState;
use crate::api::rest::{self, Verb};
use crate::components::layout::{clock, ProgressBar, BUTTON};
use crate::components::modal::PRIMARY;

/// Fetches the plan again, `state.grouping`'s way.
pub(super) fn refresh_plan(state: DropState) {
    let Some(id) = state.drop_id() else {
        return;
    };
    let grouping = match state.grouping.get_untracked() {
        DropGrouping::PerFolder => "per-folder",
        DropGrouping::OneCard => "one-card",
    };
    spawn_local(async move {
        match rest::get::<DropOut>(&format!("/api/drops/{id}?grouping={grouping}")).await {
            Ok(drop) => state.drop.set(Some(drop)),
            Err(e) => state.error.set(Some(e)),
        }
    });
}

/// The plan with the parent's edits laid over it.
fn shown(state: DropState) -> Vec<ShownCard> {
    state.drop.with(|d| {
        d.as_ref()
            .map(|d| state.edits.with(|e| e.apply(&d.plan)))
            .unwrap_or_default()
    })
}

#[component]
pub(super) fn PlanEditor() -> impl IntoView {
    let state = expect_context::<DropState>();
    let has_plan = move || {
        state
            .drop
            .with(|d| d.as_ref().is_some_and(|d| !d.files.is_empty()))
    };
    let choose = move |grouping: DropGrouping| {
        state.grouping.set(grouping);
        refresh_plan(state);
    };
    let busy = RwSignal::new(false);
    let waiting = move || {
        state
            .queue
            .with(|q| q.count(|s| matches!(s, FileState::Waiting | FileState::Sending)))
    };
    let to_make = move || {
        let input = confirm_input(&shown(state));
        (
            input.cards.len(),
            input.cards.iter().map(|c| c.tracks.len()).sum::<usize>(),
        )
    };
    let confirm = move |_| {
        let Some(id) = state.drop_id() else { return };
        let input = confirm_input(&shown(state));
        busy.set(true);
        state.error.set(None);
        spawn_local(async move {
            let url = format!("/api/drops/{id}/confirm");
            match rest::send::<_, DropMadeOut>(Verb::Post, &url, &input).await {
                Ok(made) => state.made.set(Some(made)),
                Err(e) => state.error.set(Some(e)),
            }
            busy.set(false);
        });
    };
    let refused = move || {
        state.drop.with(|d| {
            d.as_ref()
                .map(|d| d.plan.refused.clone())
                .unwrap_or_default()
        })
    };
    let left_out = move || {
        state.drop.with(|d| {
            d.as_ref()
                .map(|d| d.plan.left_out.clone())
                .unwrap_or_default()
        })
    };
    view! {
        <Show when=has_plan>
            <section aria-labelledby="drop-plan-heading" class="space-y-4">
                <div class="flex flex-wrap items-end justify-between gap-3">
                    <div>
                        <h2 id="drop-plan-heading" class="text-lg font-semibold">{tr!("drop-plan-heading")}</h2>
                        <p class="text-sm text-slate-600">{tr!("drop-plan-intro")}</p>
                    </div>
                    <fieldset class="flex gap-3 text-sm">
                        <legend class="sr-only">{tr!("drop-grouping")}</legend>
                        <label class="inline-flex min-h-11 items-center gap-2">
                            <input type="radio" name="drop-grouping" prop:checked=move || state.grouping.get() == DropGrouping::PerFolder
                                on:change=move |_| choose(DropGrouping::PerFolder)/>
                            {tr!("drop-grouping-per-folder")}
                        </label>
                        <label class="inline-flex min-h-11 items-center gap-2">
                            <input type="radio" name="drop-grouping" prop:checked=move || state.grouping.get() == DropGrouping::OneCard
                                on:change=move |_| choose(DropGrouping::OneCard)/>
                            {tr!("drop-grouping-one-card")}
                        </label>
                    </fieldset>
                </div>
                <ul class="space-y-4" aria-label=tr!("drop-plan-cards")>
                    <For each=move || shown(state) key=layout_of let:card>
                        <CardPlan card/>
                    </For>
                </ul>
                <Show when=move || !refused().is_empty()>
                    <div class="rounded-lg bg-rose-50 p-3 text-sm" data-testid="drop-refused">
                        <h3 class="font-medium text-rose-900">{tr!("drop-refused-heading")}</h3>
                        <ul class="mt-1 space-y-1">
                            {move || refused().into_iter().map(|r| view! {
                                <li><span class="font-medium break-all">{r.path}</span>" — "{r.reason}</li>
                            }).collect_view()}
                        </ul>
                    </div>
                </Show>
                <Show when=move || !left_out().is_empty()>
                    <details class="text-sm text-slate-600">
                        <summary class="cursor-pointer">{move || tr!("drop-left-out", count = left_out().len())}</summary>
                        <ul class="mt-1 list-disc pl-5">{move || left_out().into_iter().map(|p| view! { <li class="break-all">{p}</li> }).collect_view()}</ul>
                    </details>
                </Show>
                <div class="flex flex-wrap items-center gap-3">
                    <button type="button" class=PRIMARY on:click=confirm
                        disabled=move || { busy.get() || (waiting() != 0) || (to_make().0 == 0) }>
                        {move || if busy.get() { tr!("drop-making") } else {
                            let (cards, tracks) = to_make();
                            tr!("drop-make", cards = cards, tracks = tracks)
                        }}
                    </button>
                    <Show when=move || { waiting() != 0 }>
                        <span class="text-sm text-slate-600" role="status">{move || tr!("drop-make-waiting", count = waiting())}</span>
                    </Show>
                </div>
            </section>
        </Show>
    }
}

/// What a card is drawn from, but for the titles: a title typed in stays in its field, so
/// typing one (and leaving the field with Tab) redraws nothing and the focus stays where the
/// parent put it; leaving out, moving or an icon redraws the card.
fn layout_of(card: &ShownCard) -> String {
    let tracks: Vec<String> = card
        .tracks
        .iter()
        .map(|t| format!("{}:{}:{}", t.path, t.included, t.use_icon))
        .collect();
    format!(
        "{}|{}|{:?}|{}",
        card.folder,
        card.included,
        card.cover,
        tracks.join("|")
    )
}

/// One planned card: its title, whether it is made, its cover and chapters.
#[component]
fn CardPlan(card: ShownCard) -> impl IntoView {
    let state = expect_context::<DropState>();
    let folder = card.folder.clone();
    let id = format!(
        "drop-card-{}",
        card.folder
            .replace(|c: char| !c.is_ascii_alphanumeric(), "-")
    );
    let (title_folder, skip_folder) = (folder.clone(), folder.clone());
    let set_title = move |ev: leptos::ev::Event| {
        let title = event_target_value(&ev);
        state.edits.update(|e| {
            e.card_titles.insert(title_folder.clone(), title);
        });
    };
    let included = card.included;
    let cover = card.cover.clone();
    let preview = cover.clone().zip(state.drop_id()).map(|(path, drop)| {
        format!(
            "/api/drops/{drop}/preview?path={}",
            crate::address::encode_component(&path)
        )
    });
    let count = card.tracks.iter().filter(|t| t.included).count();
    let whole = card.clone();
    view! {
        <li class=format!("rounded-2xl bg-white p-4 shadow-sm {}", if included { "" } else { "opacity-60" })>
            <div class="flex flex-wrap items-start gap-3">
                {preview.map(|src| view! {
                    <img src=src alt=tr!("drop-cover-alt") class="h-20 w-20 shrink-0 rounded-lg object-cover shadow-sm"/>
                })}
                <div class="min-w-[12rem] flex-1 space-y-1">
                    <label for=id.clone() class="block text-xs font-medium text-slate-500">{tr!("drop-card-title")}</label>
                    <input id=id.clone() type="text" class="block w-full rounded-lg border border-slate-300 px-3 py-2 font-semibold"
                        prop:value=card.title.clone() on:change=set_title/>
                    <p class="text-xs text-slate-500">
                        {if card.folder.is_empty() { tr!("drop-card-top") } else { card.folder.clone() }}
                        " · "{tr!("drop-card-chapters", count = count)}
                        {cover.map(|c| view! { " · "{tr!("drop-card-cover", file = c.rsplit('/').next().unwrap_or(&c).to_owned())} })}
                    </p>
                </div>
                <label class="inline-flex min-h-11 items-center gap-2 text-sm">
                    <input type="checkbox" prop:checked=included
                        on:change=move |_| state.edits.update(|e| e.toggle_card(&skip_folder))/>
                    {tr!("drop-card-make")}
                </label>
            </div>
            <ol class="mt-3 divide-y divide-slate-100">
                {card.tracks.iter().enumerate().map(|(n, t)| view! { <ChapterLine card=whole.clone() index=n track=t.clone()/> }).collect_view()}
            </ol>
        </li>
    }
}

#[component]
fn ChapterLine(card: ShownCard, index: usize, track: super::edits::ShownTrack) -> impl IntoView {
    let state = expect_context::<DropState>();
    let path = track.path.clone();
    let (p1, p2, p3) = (path.clone(), path.clone(), path.clone());
    let (c1, c2) = (card.clone(), card);
    let last = c2.tracks.len().saturating_sub(1);
    let input_id = format!(
        "drop-track-{}",
        path.replace(|c: char| !c.is_ascii_alphanumeric(), "-")
    );
    let icon = track.icon.clone().map(|glyph| {
        let sure = (track.icon_confidence.unwrap_or(0.0) * 100.0).round();
        (glyph, sure)
    });
    view! {
        <li class=format!("flex flex-wrap items-center gap-2 py-2 {}", if track.included { "" } else { "opacity-50" })>
            <input type="checkbox" class="h-5 w-5" prop:checked=track.included aria-label=tr!("drop-track-include", title = track.title.clone())
                on:change=move |_| state.edits.update(|e| e.toggle_track(&p1))/>
            <span class="w-6 text-right text-sm tabular-nums text-slate-500">{index + 1}</span>
            <label for=input_id.clone() class="sr-only">{tr!("drop-track-title")}</label>
            <input id=input_id type="text" class="min-w-[12rem] flex-1 rounded-lg border border-slate-300 px-2 py-1 text-sm"
                prop:value=track.title.clone()
                on:change=move |ev| { let title = event_target_value(&ev); state.edits.update(|e| { e.titles.insert(p2.clone(), title); }); }/>
            <span class="text-xs tabular-nums text-slate-500">{clock(track.duration_ms.map(|ms| ms as f64 / 1000.0))}</span>
            {icon.map(|(glyph, sure)| view! {
                <label class="inline-flex min-h-11 items-center gap-1 text-xs" title=tr!("drop-icon-hint")>
                    <input type="checkbox" prop:checked=track.use_icon
                        on:change=move |_| state.edits.update(|e| e.toggle_icon(&p3))/>
                    {tr!("drop-icon", glyph = glyph, percent = sure)}
                </label>
            })}
            <span class="flex gap-1">
                <button type="button" class=format!("{BUTTON} px-2") disabled=index == 0 aria-label=tr!("drop-track-up")
                    on:click=move |_| state.edits.update(|e| e.move_track(&c1, index, -1))>"↑"</button>
                <button type="button" class=format!("{BUTTON} px-2") disabled=index == last aria-label=tr!("drop-track-down")
                    on:click=move |_| state.edits.update(|e| e.move_track(&c2, index, 1))>"↓"</button>
            </span>
            <span class="sr-only">{path}</span>
        </li>
    }
}

/// The cards made, and their audio being prepared.
#[component]
pub(super) fn Made() -> impl IntoView {
    let state = expect_context::<DropState>();
    let slugs: Vec<String> = state
        .made
        .with_untracked(|m| {
            m.as_ref()
                .map(|m| m.cards.iter().map(|c| c.slug.clone()).collect())
        })
        .unwrap_or_default();
    let refused: Vec<String> = state
        .made
        .with_untracked(|m| {
            m.as_ref().map(|m| {
                m.cards
                    .iter()
                    .filter_map(|c| c.cover_refused.clone())
                    .collect()
            })
        })
        .unwrap_or_default();
    let cards = RwSignal::new(Vec::<CardDetailOut>::new());
    let watched = slugs.clone();
    // follows the transcodes until every chapter is ready (effects run in the browser only)
    Effect::new(move |_| {
        let slugs = watched.clone();
        spawn_local(async move {
            loop {
                let mut fetched = Vec::new();
                for slug in &slugs {
                    if let Ok(card) =
                        rest::get::<CardDetailOut>(&format!("/api/cards/{slug}")).await
                    {
                        fetched.push(card);
                    }
                }
                let settled = fetched
                    .iter()
                    .flat_map(chapters)
                    .all(|t| t.transcode_status != "pending" && t.transcode_status != "processing");
                cards.set(fetched);
                if settled {
                    break;
                }
                rest::sleep(1500).await;
            }
        });
    });
    let counts = move || {
        cards.with(|cards| {
            let all: usize = cards.iter().map(|c| chapters(c).len()).sum();
            let ready = cards
                .iter()
                .flat_map(chapters)
                .filter(|t| t.transcode_status == "ready")
                .count();
            (ready, all)
        })
    };
    let fraction = Signal::derive(move || {
        let (ready, all) = counts();
        if all == 0 {
            0.0
        } else {
            ready as f64 / all as f64
        }
    });
    view! {
        <section aria-labelledby="drop-made-heading" class="space-y-3 rounded-2xl bg-white p-4 shadow-sm">
            <h2 id="drop-made-heading" class="text-lg font-semibold">{tr!("drop-made-heading", count = slugs.len())}</h2>
            <ProgressBar fraction label=tr!("drop-preparing")/>
            <p class="text-sm text-slate-600" role="status" data-testid="drop-ready">
                {move || { let (ready, all) = counts(); tr!("drop-ready", ready = ready, all = all) }}
            </p>
            {refused.into_iter().map(|r| view! { <p class="text-sm text-amber-800">{tr!("drop-cover-refused", reason = r)}</p> }).collect_view()}
            <ul class="space-y-1">
                {move || cards.get().into_iter().map(|c| view! {
                    <li><a class="font-medium text-indigo-700 underline" href=format!("/cards/{}", c.card.slug)>{c.card.title.clone()}</a>
                        <span class="text-sm text-slate-500">" · "{tr!("drop-card-chapters", count = chapters(&c).len())}</span></li>
                }).collect_view()}
            </ul>
            <a class=BUTTON href="/drop">{tr!("drop-another")}</a>
        </section>
    }
}

fn chapters(card: &CardDetailOut) -> &[cardsmith_model::card::TrackOut] {
    card.tracks.as_deref().unwrap_or_default()
}
