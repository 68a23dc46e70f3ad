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
            <h2 id="example-content" class="text-lg font-semibold">{tr!("library-examples-heading")}</h2>
            <p class="text-sm text-slate-600">{tr!("library-examples-text")}</p>
            {move || error.get().map(|e| view! { <Feedback tone=Tone::Error alert=true>{e}</Feedback> })}
            {move || seed.value().get().and_then(Result::ok).map(|counts| view! { <Created counts/> })}
            {move || match status.get() {
                None => view! { <p class="text-sm text-slate-500">{tr!("library-looking")}</p> }.into_any(),
                Some(s) if s.seeded => view! { <Seeded status=s/> }.into_any(),
                Some(_) => view! {
                    <ActionForm action=seed>
                        <SubmitButton label=tr!("library-add-examples") busy_label=tr!("library-making-examples") busy=seed.pending()/>
                    </ActionForm>
                    <Show when=move || seed.pending().get()>
                        <div role="status" class="space-y-2">
                            <p class="text-sm text-slate-600">{tr!("library-examples-progress")}</p>
                            <progress class="h-2 w-full" aria-label=tr!("library-examples-progress-label")></progress>
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
        tr!("library-examples-already")
    } else {
        tr!(
            "library-examples-made",
            cards = counts.cards_created,
            tracks = counts.tracks_created
        )
    };
    view! { <Feedback tone=Tone::Success><span data-testid="example-counts">{text}</span></Feedback> }
}

#[component]
fn Seeded(status: SeedStatusOutputBody) -> impl IntoView {
    let (ready, total) = (status.tracks_ready, status.tracks_total);
    view! {
        <div class="space-y-3" data-testid="examples-seeded">
            <p class="text-sm text-slate-700">{tr!("library-examples-there")}</p>
            {(ready < total).then(|| view! {
                <div role="status" class="space-y-1">
                    <p class="text-sm text-slate-600">{tr!("library-examples-converting", ready = ready, total = total)}</p>
                    <progress class="h-2 w-full" max=total value=ready aria-label=tr!("library-examples-converted")></progress>
                </div>
            })}
            {(total > 0 && ready == total).then(|| view! {
                <p class="text-sm text-slate-600">{tr!("library-examples-ready", total = total)}</p>
            })}
            {match status.collection_slug {
                Some(slug) => view! {
                    <a class="inline-block font-medium text-indigo-700 underline" href=format!("/collections/{slug}")>
                        {tr!("library-examples-open")}
                    </a>
                }.into_any(),
                None => view! {
                    <p class="text-sm text-slate-500">{tr!("library-examples-deleted")}</p>
                }.into_any(),
            }}
        </div>
    }
}
