//! The card's icon theme: palettes suggested for the card (swatches with their names and
//! style), one approved for every icon drawn after.

use leptos::prelude::*;

use super::state::{Palette, Studio};
use crate::components::layout::BUTTON;

#[component]
pub fn ThemePicker(studio: Studio) -> impl IntoView {
    view! {
        <section aria-labelledby="icon-theme-heading" class="space-y-3">
            <div class="flex flex-wrap items-center justify-between gap-2">
                <h3 id="icon-theme-heading" class="text-sm font-semibold text-slate-800">{tr!("art-icons-theme")}</h3>
                <button type="button" class=BUTTON disabled=move || studio.is_busy() on:click=move |_| studio.suggest()>
                    {move || if studio.busy_with("theme") { tr!("art-icons-suggesting") } else if studio.palettes.with(Option::is_some) { tr!("art-icons-suggest-again") } else { tr!("art-icons-suggest") }}
                </button>
            </div>
            {move || studio.approved.get().map(|name| view! {
                <p class="text-sm text-emerald-800" data-testid="icon-theme-approved">{tr!("art-icons-approved-theme", name = name)}</p>
            })}
            {move || studio.palettes.get().map(|palettes| view! {
                <ul class="grid gap-2 sm:grid-cols-2" aria-label=tr!("art-icons-palettes-label")>
                    {palettes.into_iter().map(|palette| view! { <PaletteCard studio palette/> }).collect_view()}
                </ul>
            })}
        </section>
    }
}

#[component]
fn PaletteCard(studio: Studio, palette: Palette) -> impl IntoView {
    let name = palette.name.clone();
    let chosen = {
        let name = name.clone();
        move || {
            studio
                .approved
                .with(|a| a.as_deref() == Some(name.as_str()))
        }
    };
    let chosen2 = chosen.clone();
    let label = tr!("art-icons-approve-label", name = &name);
    view! {
        <li class=move || format!("space-y-2 rounded-xl border p-3 {}", if chosen() { "border-emerald-400 bg-emerald-50/50 ring-1 ring-emerald-300" } else { "border-slate-200" })
            data-testid="palette">
            <div class="flex items-baseline justify-between gap-2">
                <p class="min-w-0 break-words text-sm font-medium">{name.clone()}</p>
                {(!palette.style.is_empty()).then(|| view! { <p class="text-xs text-slate-500">{palette.style.clone()}</p> })}
            </div>
            <ul class="flex flex-wrap gap-1" aria-label=tr!("art-icons-colours-label", name = &name)>
                {palette.colors.iter().map(|c| view! {
                    <li class="h-7 w-7 rounded-md border border-slate-300" style=format!("background-color: {c}") title=c.clone()>
                        <span class="sr-only">{c.clone()}</span>
                    </li>
                }).collect_view()}
            </ul>
            <button type="button" class=format!("{BUTTON} w-full") aria-label=label
                aria-pressed=move || chosen2().to_string()
                disabled=move || studio.is_busy()
                on:click=move |_| studio.approve(palette.clone())>
                {let chosen = chosen.clone(); move || if chosen() { tr!("art-icons-approved") } else { tr!("art-icons-approve") }}
            </button>
        </li>
    }
}
