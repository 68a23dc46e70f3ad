//! The admin's "Example content" section: one button that makes the example cards (spoken
//! stories, drawn covers and icons; see `cardsmith_core::examples`), then the counts and a
//! progress bar while their tracks are converted, and a link to the collection.

use cardsmith_model::examples::{SeedExampleOutputBody, SeedStatusOutputBody};
use leptos::prelude::*;

use crate::api::{rest, seed_status, SeedExamples};
use crate::components::form::{Feedback, SubmitButton, Tone};
use crate::components::layout::PANEL;

/// How often the section asks how far the conversions are.
const POLL_MS: i32 = 1500;

/// Interactive (in the `Admin` island): adding the examples runs as a job with its progress.
#[component]
pub(crate) fn ExampleContent() -> impl IntoView {
    let status = RwSignal::new(None::<SeedStatusOutputBody>);
    let error = RwSignal::new(None::<String>);
    let seed = ServerAction::<SeedExamples>::new();
    let polling = StoredValue::new(false);
    let load = move || {
        leptos::task::spawn_local(async move {
            match seed_status().await {
                Ok(s) => status.set(Some(s)),
                Err(e) => error.set(Some(e.to_string())),
            }
        })
    };
    // the first look happens in the browser, so the health page renders without waiting
    Effect::new(move |_| load());
    // a finished seed: show its counts, then follow the conversions
    Effect::new(move |_| match seed.value().get() {
        Some(Ok(_)) => load(),
        Some(Err(e)) => error.set(Some(e.to_string())),
        None => {}
    });
    Effect::new(move |_| {
        let converting = status.with(|s| s.as_ref().is_some_and(is_converting));
        if converting && !polling.get_value() {
            polling.set_value(true);
            leptos::task::spawn_local(async move {
                loop {
                    rest::sleep(POLL_MS).await;
                    match seed_status().await {
                        Ok(s) => {
                            let more = is_converting(&s);
                            status.set(Some(s));
                            if !more {
                                break;
                            }
                        }
                        Err(_) => break,
                    }
                }
                polling.set_value(false);
            });
        }
    });
    view! {
        <section class=format!("{PANEL} mt-6") aria-labelledby="example-content" data-testid="example-content">
            <h2 id="example-content" class="text-lg font-semibold">"Example content"</h2>
            <p class="text-sm text-slate-600">
                "Three example cards made on this server, without the internet: short stories read by an
                 offline voice, with drawn covers and chapter icons. They go into a collection called
                 Examples that you own, ready to look at, publish and print. They are made once per instance."
            </p>
            {move || error.get().map(|e| view! { <Feedback tone=Tone::Error alert=true>{e}</Feedback> })}
            {move || seed.value().get().and_then(Result::ok).map(|counts| view! { <Created counts/> })}
            {move || match status.get() {
                None => view! { <p class="text-sm text-slate-500">"Looking…"</p> }.into_any(),
                Some(s) if s.seeded => view! { <Seeded status=s/> }.into_any(),
                Some(_) => view! {
                    <ActionForm action=seed>
                        <SubmitButton label="Add example cards" busy_label="Making the examples…" busy=seed.pending()/>
                    </ActionForm>
                    <Show when=move || seed.pending().get()>
                        <div role="status" class="space-y-2">
                            <p class="text-sm text-slate-600">"Reading the stories aloud and drawing the covers…"</p>
                            <progress class="h-2 w-full" aria-label="Making the examples"></progress>
                        </div>
                    </Show>
                }.into_any(),
            }}
        </section>
    }
}

fn is_converting(s: &SeedStatusOutputBody) -> bool {
    s.seeded && s.tracks_ready < s.tracks_total
}

#[component]
fn Created(counts: SeedExampleOutputBody) -> impl IntoView {
    let text = if counts.cards_created == 0 {
        "The examples were already there; nothing new was made.".to_owned()
    } else {
        format!(
            "Made {} cards with {} tracks.",
            counts.cards_created, counts.tracks_created
        )
    };
    view! { <Feedback tone=Tone::Success><span data-testid="example-counts">{text}</span></Feedback> }
}

#[component]
fn Seeded(status: SeedStatusOutputBody) -> impl IntoView {
    let (ready, total) = (status.tracks_ready, status.tracks_total);
    view! {
        <div class="space-y-3" data-testid="examples-seeded">
            <p class="text-sm text-slate-700">"This instance has its example cards."</p>
            {(ready < total).then(|| view! {
                <div role="status" class="space-y-1">
                    <p class="text-sm text-slate-600">{format!("Converting the audio: {ready} of {total} tracks ready.")}</p>
                    <progress class="h-2 w-full" max=total value=ready aria-label="Converted tracks"></progress>
                </div>
            })}
            {(total > 0 && ready == total).then(|| view! {
                <p class="text-sm text-slate-600">{format!("All {total} tracks are ready to play.")}</p>
            })}
            {match status.collection_slug {
                Some(slug) => view! {
                    <a class="inline-block font-medium text-indigo-700 underline" href=format!("/collections/{slug}")>
                        "Open the Examples collection"
                    </a>
                }.into_any(),
                None => view! {
                    <p class="text-sm text-slate-500">"The Examples collection was deleted; seeding again adds nothing."</p>
                }.into_any(),
            }}
        </div>
    }
}
