//! Importing from a linked account: its own cards (not purchased or streaming ones) with
//! their covers. The page first asks which collection the cards go into (`destination`);
//! importing one is a job (audio, chapter icons, cover) with a progress bar, and the new card
//! is a link away. A card Cardsmith made itself (published from here) is shown with a link to
//! its card instead: importing it would only make a copy.

mod destination;

use cardsmith_model::import::{
    ImportFromPlayerInput, ImportFromPlayerOutputBody, MadeHereOut, PlayerLibraryCardOut,
};
use leptos::prelude::*;
use leptos::task::spawn_local;

use self::destination::{Destination, DestinationPicker};
use crate::api::rest::{self, Verb};
use crate::api::ImportPageData;
use crate::components::form::{around_link, Feedback, Tone, LINK};
use crate::components::layout::{tint, Badge, EmptyBox, ProgressBar, BUTTON};

/// The account's cards (in the `Household` island): each import runs in place with its progress.
#[component]
pub(crate) fn ImportView(page: ImportPageData) -> impl IntoView {
    if page.accounts.is_empty() {
        return view! {
            <EmptyBox heading=tr!("player-no-account-heading")
                body=tr!("player-import-empty-body")
                next=Some(("/accounts", tr!("player-link-account")))/>
        }
        .into_any();
    }
    let current = page.account_id.clone().unwrap_or_default();
    let account_id = current.clone();
    let destination = Destination::new(&page.collections, page.preselected.clone());
    let choose = move |ev: leptos::ev::Event| {
        crate::address::go(&format!("/import?account={}", event_target_value(&ev)));
    };
    view! {
        <div class="space-y-4">
            {(page.accounts.len() > 1).then(|| view! {
                <div class="max-w-md">
                    <label for="import-account" class="block text-sm font-medium text-slate-700">{tr!("player-import-account")}</label>
                    <select id="import-account" class="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2" on:change=choose>
                        {page.accounts.iter().map(|a| view! {
                            <option value=a.id.clone() selected=a.id == current>{a.label.clone()}</option>
                        }).collect_view()}
                    </select>
                </div>
            })}
            {match page.library {
                Err(e) => view! { <Feedback tone=Tone::Error alert=true>{e}</Feedback> }.into_any(),
                Ok(cards) if cards.is_empty() => view! {
                    <EmptyBox heading=tr!("player-import-nothing-heading") body=tr!("player-import-nothing-body") next=None/>
                }.into_any(),
                Ok(cards) => view! {
                    <DestinationPicker destination/>
                    <ul class="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label=tr!("player-import-cards-list")>
                        {cards.into_iter().map(|card| view! { <LibraryTile card account_id=account_id.clone() destination/> }).collect_view()}
                    </ul>
                }.into_any(),
            }}
        </div>
    }
    .into_any()
}

#[component]
fn LibraryTile(
    card: PlayerLibraryCardOut,
    account_id: String,
    destination: Destination,
) -> impl IntoView {
    let progress = RwSignal::new(None::<f64>);
    // Set once an import from this page succeeds, so the badge follows without a reload.
    let imported = RwSignal::new(card.already_imported && card.made_here.is_none());
    let outcome = RwSignal::new(None::<Result<String, String>>);
    let busy = RwSignal::new(false);
    let (account_id, player_card_id) = (account_id, card.player_card_id.clone());
    let start = move |_| {
        let (account_id, player_card_id) = (account_id.clone(), player_card_id.clone());
        busy.set(true);
        outcome.set(None);
        spawn_local(async move {
            let result = async {
                let collection_id = destination.resolve().await?;
                let input = ImportFromPlayerInput {
                    account_id,
                    player_card_id,
                    collection_id,
                };
                let started: ImportFromPlayerOutputBody =
                    rest::send(Verb::Post, "/api/cards/import-from-player", &input).await?;
                rest::wait_for_job(&started.job_id, progress).await?;
                Ok::<_, String>(started.card_slug)
            }
            .await;
            if result.is_ok() {
                imported.set(true);
            }
            outcome.set(Some(result));
            busy.set(false);
        });
    };
    let cover = match card.cover_url.clone() {
        Some(url) => view! { <img src=url alt=tr!("player-import-cover", title = &card.title) loading="lazy" class="h-full w-full object-cover"/> }.into_any(),
        None => view! {
            <span aria-hidden="true" class=format!("flex h-full w-full items-center justify-center bg-linear-to-br {} text-3xl font-bold text-white/90", tint(&card.player_card_id))>
                {card.title.chars().next().map(|c| c.to_uppercase().to_string()).unwrap_or_default()}
            </span>
        }.into_any(),
    };
    let chapters = tr!("count-chapters", count = card.chapter_count);
    let title = card.title.clone();
    let progress_label = tr!("player-import-progress", title = &title);
    let again = card.already_imported;
    let action = match card.made_here.clone() {
        Some(made) => view! { <MadeHere made/> }.into_any(),
        None => view! {
            {move || progress.get().filter(|_| busy.get()).map(|p| view! {
                <ProgressBar fraction=p label=progress_label.clone()/>
            })}
            {move || match outcome.get() {
                Some(Ok(slug)) => {
                    let (before, after) = around_link(tr!("player-import-imported", link = LINK));
                    view! {
                        <Feedback tone=Tone::Success inline=true>{before}
                            <a href=format!("/cards/{slug}") class="font-medium text-indigo-700 underline">{tr!("player-import-open-card")}</a>{after}</Feedback>
                    }.into_any()
                }
                Some(Err(e)) => view! { <Feedback tone=Tone::Error alert=true inline=true>{e}</Feedback> }.into_any(),
                None => view! {
                    <button type="button" class=format!("{BUTTON} min-h-11") disabled=move || busy.get() || destination.making.get()
                        on:click=start.clone()>
                        {move || if busy.get() { tr!("player-import-importing") } else if again { tr!("player-import-again") } else { tr!("player-import-start") }}
                    </button>
                }.into_any(),
            }}
        }.into_any(),
    };
    view! {
        <li class="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" aria-label=title.clone()>
            <div class="aspect-[54/85.6] max-h-56 w-full overflow-hidden bg-slate-100 sm:max-h-none">{cover}</div>
            <div class="flex flex-1 flex-col gap-2 p-3">
                <p class="line-clamp-2 font-medium">{title.clone()}</p>
                <p class="text-xs text-slate-600">{chapters}</p>
                <div class="flex flex-wrap gap-1">
                    <Show when=move || imported.get()>
                        <Badge text=tr!("player-import-already") tone="bg-indigo-50 text-indigo-700"/>
                    </Show>
                    {card.locally_edited.then(|| {
                        let text = if card.made_here.is_some() {
                            tr!("player-import-changed-since-published")
                        } else {
                            tr!("player-import-edited-since-import")
                        };
                        view! { <Badge text tone="bg-amber-50 text-amber-800"/> }
                    })}
                </div>
                <div class="mt-auto space-y-2">{action}</div>
            </div>
        </li>
    }
}

/// A card Cardsmith published: where it already is, and the way to it.
#[component]
fn MadeHere(made: MadeHereOut) -> impl IntoView {
    let (before, after) = around_link(tr!("player-import-made-here", collection = LINK));
    view! {
        <p class="text-sm text-slate-700" data-testid="made-here">
            {before}
            <a href=format!("/collections/{}", made.collection_slug) class="font-medium text-indigo-700 underline">{made.collection_name}</a>
            {after}
        </p>
        <a href=format!("/cards/{}", made.card_slug) class=format!("{BUTTON} min-h-11 w-full")
            aria-label=tr!("player-import-open-card-named", title = &made.card_title)>{tr!("player-import-open-card-button")}</a>
    }
}
