//! One row per chapter: its icon now (at 16x16 and enlarged), Variations with a count, and
//! Regenerate; the variations as a grid, each at its real size and enlarged, to choose from.

use cardsmith_model::card::TrackOut;
use leptos::prelude::*;

use super::cost::Action;
use super::state::Studio;
use super::Confirm;
use crate::components::layout::BUTTON;

/// The counts offered for a set of variations.
const COUNTS: [i64; 4] = [2, 4, 6, 8];

/// Crisp pixels when a 16x16 icon is drawn larger.
const PIXELATED: &str = "image-rendering: pixelated";

#[component]
pub fn ChapterList(studio: Studio) -> impl IntoView {
    // chapters are addressed by their position, as the player numbers them
    let rows = move || {
        studio
            .tracks
            .get()
            .into_iter()
            .map(|t| (t.position, t))
            .collect::<Vec<_>>()
    };
    view! {
        <ol class="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200" aria-label=tr!("art-icons-chapters-label")>
            <For each=rows key=|(position, t)| (*position, t.id.clone()) let:row>
                <ChapterRow studio position=row.0 track=row.1/>
            </For>
        </ol>
    }
}

#[component]
fn ChapterRow(studio: Studio, position: i64, track: TrackOut) -> impl IntoView {
    let id = StoredValue::new(track.id.clone());
    let title = track.title.clone();
    let grid_title = title.clone();
    let count = RwSignal::new(4_i64);
    let prompt = RwSignal::new(String::new());
    let select_id = format!("variation-count-{position}");
    let prompt_id = format!("variation-prompt-{position}");
    let working = move || studio.busy_with(&format!("variations-{position}"));
    let regenerating = move || studio.busy_with(&format!("regenerate-{position}"));
    let variations = move || studio.variations.with(|v| v.get(&position).cloned());
    view! {
        <li class="space-y-3 bg-white p-3 sm:p-4" data-testid="chapter-icon" aria-label=tr!("art-icons-chapter-label", position = position, title = &title)>
            <div class="flex items-center gap-3">
                <span class="w-6 shrink-0 text-right font-mono text-sm text-slate-500" aria-hidden="true">{position}</span>
                <img src=move || id.with_value(|id| studio.icon_url(id, position)) width="16" height="16" alt="" class="shrink-0" style=PIXELATED/>
                <img src=move || id.with_value(|id| studio.icon_url(id, position)) width="48" height="48" alt=tr!("art-icons-icon-alt", title = &title)
                    class="shrink-0 rounded border border-slate-200 bg-slate-50" style=PIXELATED data-testid="chapter-icon-image"/>
                <p class="min-w-0 flex-1 break-words text-sm font-medium">{title.clone()}</p>
            </div>
            <div class="flex flex-wrap items-end gap-2">
                <div class="min-w-0 basis-full sm:flex-1 sm:basis-48">
                    <label for=prompt_id.clone() class="block text-xs font-medium text-slate-600">{tr!("art-icons-shows")}</label>
                    <input id=prompt_id type="text" maxlength=cardsmith_model::icons::VARIATION_PROMPT_MAX_CHARS.to_string()
                        class="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
                        placeholder=tr!("art-icons-shows-placeholder") bind:value=prompt
                        aria-label=tr!("art-icons-shows-label", title = &title)/>
                </div>
                <div>
                    <label for=select_id.clone() class="block text-xs font-medium text-slate-600">{tr!("art-icons-how-many")}</label>
                    <select id=select_id class="mt-1 min-h-11 rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm"
                        aria-label=tr!("art-icons-how-many-label", title = &title)
                        on:change=move |ev| count.set(event_target_value(&ev).parse().unwrap_or(4))>
                        {COUNTS.iter().map(|n| view! { <option value=n.to_string() selected=*n == 4>{n.to_string()}</option> }).collect_view()}
                    </select>
                </div>
                <button type="button" class=format!("{BUTTON} min-h-11") disabled=move || studio.is_busy()
                    aria-label=tr!("art-icons-variations-label", title = &title)
                    on:click=move |_| studio.ask(Action::Variations {
                        position,
                        count: count.get_untracked(),
                        prompt: Some(prompt.get_untracked().trim().to_owned()).filter(|p| !p.is_empty()),
                    })>
                    {move || if working() { tr!("art-icons-drawing") } else { tr!("art-icons-variations") }}
                </button>
                <button type="button" class=format!("{BUTTON} min-h-11") disabled=move || studio.is_busy()
                    aria-label=tr!("art-icons-regenerate-label", title = &title)
                    on:click=move |_| studio.ask(Action::Regenerate { position })>
                    {move || if regenerating() { tr!("art-icons-drawing") } else { tr!("art-icons-regenerate") }}
                </button>
            </div>
            <Confirm studio chapter=Some(position)/>
            {move || variations().map(|v| {
                let title = grid_title.clone();
                view! {
                    <div class="space-y-2">
                        <p class="text-xs text-slate-600">
                            {if v.estimated_usd > 0.0 {
                                tr!("art-icons-variations-estimated", count = v.count, cost = super::usd(v.estimated_usd))
                            } else if studio.offline() {
                                tr!("art-icons-variations-free-offline", count = v.count)
                            } else {
                                tr!("art-icons-variations-free", count = v.count)
                            }}
                        </p>
                        <ul class="grid grid-cols-4 gap-2 sm:grid-cols-4" aria-label=tr!("art-icons-variations-label", title = &title)>
                            {(0..v.count).map(|index| {
                                let chosen = v.chosen == Some(index);
                                let title = title.clone();
                                view! {
                                    <li>
                                        <button type="button" data-testid="variation"
                                            aria-label=tr!("art-icons-use-variation", number = index + 1, title = &title)
                                            aria-pressed=chosen.to_string()
                                            disabled=move || studio.is_busy()
                                            on:click=move |_| studio.select(position, index)
                                            class=format!("flex w-full flex-col items-center gap-1 rounded-lg border p-2 hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-indigo-300 {}",
                                                if chosen { "border-emerald-500 bg-emerald-50 ring-1 ring-emerald-400" } else { "border-slate-200" })>
                                            <img src=studio.preview_url(position, index, v.stamp) width="16" height="16" alt="" style=PIXELATED/>
                                            <img src=studio.preview_url(position, index, v.stamp) width="64" height="64" alt="" style=PIXELATED
                                                class="h-12 w-12 sm:h-16 sm:w-16"/>
                                            <span class="text-xs text-slate-600">{if chosen { tr!("art-icons-chosen") } else { format!("{}", index + 1) }}</span>
                                        </button>
                                    </li>
                                }
                            }).collect_view()}
                        </ul>
                    </div>
                }
            })}
        </li>
    }
}
