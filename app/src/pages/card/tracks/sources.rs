//! Kept sources: the audio an edit replaced. Restoring one undoes that edit (the tracks made
//! from it become sources in turn); purging frees its space for good.
//!
//! Not part of the page bundle: the list is fetched in the browser after hydration and again
//! whenever `Tracks::sources_stamp` moves (after edits, restores, deletions).

use cardsmith_model::track::{SourceTrackOut, TrackTitleOutputBody};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::{Notice, Tracks};
use crate::api::rest::{self, Verb};
use crate::components::confirm::ConfirmButton;
use crate::components::form::{Feedback, Tone};
use crate::components::layout::{clock, human_bytes, Panel, BUTTON};

async fn load(card: &str) -> Result<Vec<SourceTrackOut>, String> {
    rest::get(&format!("/api/cards/{card}/sources")).await
}

/// Restores source `slug` and refreshes the list; the outcome goes to the panel's notice.
pub async fn restore(tracks: Tracks, slug: &str) {
    let url = format!("/api/cards/{}/sources/{slug}/restore", tracks.card_slug());
    match rest::call::<TrackTitleOutputBody>(Verb::Post, &url).await {
        Ok(restored) => {
            tracks.notice.set(Some(Notice {
                text: tr!("card-restored", title = &restored.title),
                undo: None,
                quiet: false,
            }));
            tracks.reload();
        }
        Err(e) => tracks
            .error
            .set(Some(tr!("card-restore-failed", error = e))),
    }
}

/// Undo of an edit: restores the source with id `id` (an edit's job names it by id).
pub async fn restore_by_id(tracks: Tracks, id: &str) {
    match load(&tracks.card_slug()).await {
        Ok(sources) => match sources.into_iter().find(|s| s.id == id) {
            Some(source) => restore(tracks, &source.slug).await,
            None => tracks.error.set(Some(tr!("card-undo-gone"))),
        },
        Err(e) => tracks.error.set(Some(e)),
    }
}

/// Editors' list of kept sources with a player, Restore and Purge.
#[component]
pub fn SourcesPanel() -> impl IntoView {
    let tracks = expect_context::<Tracks>();
    let sources = RwSignal::new(None::<Result<Vec<SourceTrackOut>, String>>);
    // Effects run only in the browser, after hydration: the first paint matches the server's.
    Effect::new(move |_| {
        tracks.sources_stamp.track();
        spawn_local(async move { sources.set(Some(load(&tracks.card_slug()).await)) });
    });
    view! {
        <Panel id="sources" title=tr!("card-originals-title") intro=tr!("card-originals-intro")>
            {move || match sources.get() {
                None => view! { <p class="text-sm text-slate-500">{tr!("card-originals-loading")}</p> }.into_any(),
                Some(Err(e)) => view! { <Feedback tone=Tone::Error alert=true inline=true>{e}</Feedback> }.into_any(),
                Some(Ok(list)) if list.is_empty() => view! { <p class="text-sm text-slate-500">{tr!("card-originals-none")}</p> }.into_any(),
                Some(Ok(list)) => view! {
                    <ul class="divide-y divide-slate-100" aria-label=tr!("card-originals-title")>
                        {list.into_iter().map(|source| view! { <SourceLine source/> }).collect_view()}
                    </ul>
                }.into_any(),
            }}
        </Panel>
    }
}

#[component]
fn SourceLine(source: SourceTrackOut) -> impl IntoView {
    let tracks = expect_context::<Tracks>();
    let busy = RwSignal::new(false);
    let slug = StoredValue::new(source.slug.clone());
    let title = source.title.clone();
    let on_restore = move |_| {
        busy.set(true);
        spawn_local(async move {
            restore(tracks, &slug.get_value()).await;
            busy.set(false);
        });
    };
    let on_purge = Callback::new(move |()| {
        busy.set(true);
        spawn_local(async move {
            let url = format!(
                "/api/cards/{}/sources/{}",
                tracks.card_slug(),
                slug.get_value()
            );
            if let Err(e) = rest::call_empty(Verb::Delete, &url).await {
                tracks.error.set(Some(tr!("card-purge-failed", error = e)));
            }
            tracks.sources_stamp.update(|n| *n += 1);
            busy.set(false);
        });
    });
    let question = tr!("card-purge-question", title = &title);
    let heading = tr!("card-original", title = &title);
    view! {
        <li class="space-y-2 py-3" aria-label=heading>
            <p class="font-medium">{title.clone()}</p>
            <p class="text-xs text-slate-500">
                {clock(source.duration.map(|d| d as f64))} " · " {human_bytes(source.file_size_bytes)}
            </p>
            {source.audio_path.map(|src| {
                // no player until asked: an idle one in a list that reloads after every
                // restore fetched audio that was no longer there
                let playing = RwSignal::new(false);
                let label = tr!("card-original-play-label", title = &title);
                let player = tr!("card-original-player", title = &title);
                view! {
                    <Show when=move || playing.get() fallback=move || view! {
                        <button type="button" class=BUTTON aria-label=label.clone() on:click=move |_| playing.set(true)>{tr!("card-original-play")}</button>
                    }>
                        <audio controls autoplay class="h-10 w-full" src=src.clone() aria-label=player.clone()></audio>
                    </Show>
                }
            })}
            <div class="flex flex-wrap gap-2">
                <button type="button" class=BUTTON disabled=move || busy.get() on:click=on_restore>{tr!("card-restore")}</button>
                <ConfirmButton label=tr!("card-purge") question=Signal::derive(move || question.clone())
                    confirm_label=tr!("card-purge-confirm") busy on_confirm=on_purge/>
            </div>
        </li>
    }
}
