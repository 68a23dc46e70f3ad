//! The empty library's starts: record a story, upload audio, try the example cards, and link
//! the player when no account is. Each leads somewhere at once: recording and uploading make
//! a card (in the default collection) and open it where the recorder or the drop zone is.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::api::{seed_examples, start_card, FirstRun};
use crate::components::form::{around_link, ErrorAlert, LINK};

const START: &str = "flex min-h-28 w-full flex-col items-start justify-center gap-1 rounded-2xl border-2 border-slate-200 bg-white p-5 text-left shadow-sm hover:border-indigo-300 hover:bg-indigo-50 focus:outline-none focus:ring-2 focus:ring-indigo-400 disabled:opacity-60";

#[island(lazy)]
pub fn FirstRunStarts(starts: FirstRun) -> impl IntoView {
    let busy = RwSignal::new(None::<&'static str>);
    let error = RwSignal::new(None::<String>);
    // A new card, opened at `place` on its page.
    let open_new_card = move |place: &'static str| {
        busy.set(Some(place));
        spawn_local(async move {
            match start_card().await {
                Ok(slug) => go(&format!("/cards/{slug}#{place}")),
                Err(e) => {
                    error.set(Some(e.to_string()));
                    busy.set(None);
                }
            }
        });
    };
    let try_examples = move |_| {
        busy.set(Some("examples"));
        spawn_local(async move {
            match seed_examples().await {
                Ok(_) => go("/collections"),
                Err(e) => {
                    error.set(Some(e.to_string()));
                    busy.set(None);
                }
            }
        });
    };
    let waiting = move |what: &'static str| busy.get() == Some(what);
    view! {
        <section aria-labelledby="first-run-heading" class="mb-8 space-y-4">
            <h2 id="first-run-heading" class="text-xl font-semibold">{tr!("library-first-run-heading")}</h2>
            <ErrorAlert message=error/>
            <div class="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                <button type="button" class=START disabled=move || busy.get().is_some()
                    on:click=move |_| open_new_card("add-record")>
                    <span class="text-lg font-semibold text-indigo-700">
                        {move || if waiting("add-record") { tr!("library-opening-recorder") } else { tr!("library-start-record") }}
                    </span>
                    <span class="text-sm text-slate-600">{tr!("library-start-record-text")}</span>
                </button>
                <button type="button" class=START disabled=move || busy.get().is_some()
                    on:click=move |_| open_new_card("add-upload")>
                    <span class="text-lg font-semibold text-indigo-700">
                        {move || if waiting("add-upload") { tr!("library-opening") } else { tr!("library-start-upload") }}
                    </span>
                    <span class="text-sm text-slate-600">{tr!("library-start-upload-text")}</span>
                </button>
                {starts.examples.then(|| view! {
                    <button type="button" class=START disabled=move || busy.get().is_some() on:click=try_examples>
                        <span class="text-lg font-semibold text-indigo-700">
                            {move || if waiting("examples") { tr!("library-making-examples") } else { tr!("library-start-examples") }}
                        </span>
                        <span class="text-sm text-slate-600">{tr!("library-start-examples-text")}</span>
                    </button>
                })}
            </div>
            {starts.link_player.then(|| {
                let (before, after) = around_link(tr!("library-first-run-link-player", link = LINK));
                view! {
                    <p class="text-sm text-slate-600">
                        {before}
                        <a href="/accounts" class="font-medium text-indigo-700 hover:underline">{tr!("library-first-run-link-player-link")}</a>
                        {after}
                    </p>
                }
            })}
        </section>
    }
}

fn go(href: &str) {
    let _ = window().location().set_href(href);
}
