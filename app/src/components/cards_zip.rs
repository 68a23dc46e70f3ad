//! Cards as a ZIP in the browser: "Download" (a collection, or every card the parent can see:
//! an export job followed with its progress bar, then the link to the file) and "Import" (a
//! ZIP such a download made, into a collection).

use cardsmith_model::export::{ExportInput, ImportZipOut};
use cardsmith_model::job::JobIDOutputBody;
use leptos::ev::SubmitEvent;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::api::rest::{self, Verb};
use crate::components::form::ErrorAlert;
use crate::components::layout::{ProgressBar, BUTTON};

/// Runs the export `input` asks for, following its job on `progress`; answers where to
/// download the ZIP.
pub async fn export(
    input: &ExportInput,
    progress: RwSignal<Option<f64>>,
) -> Result<String, String> {
    let job: JobIDOutputBody = rest::send(Verb::Post, "/api/exports", input).await?;
    rest::wait_for_job(&job.job_id, progress).await?;
    Ok(format!("/api/exports/{}/download", job.job_id))
}

/// The Download button of one collection (`Some`) or of every card the caller sees.
#[component]
pub fn DownloadCards(collection_id: Option<String>) -> impl IntoView {
    let busy = RwSignal::new(false);
    let progress = RwSignal::new(None::<f64>);
    let error = RwSignal::new(None::<String>);
    let ready = RwSignal::new(None::<String>);
    let start = move |_| {
        busy.set(true);
        error.set(None);
        ready.set(None);
        progress.set(Some(0.0));
        let input = ExportInput {
            collection_id: collection_id.clone(),
            card_slugs: None,
        };
        spawn_local(async move {
            let done = export(&input, progress).await;
            busy.set(false);
            progress.set(None);
            match done {
                Ok(link) => ready.set(Some(link)),
                Err(e) => error.set(Some(e)),
            }
        });
    };
    view! {
        <div class="space-y-3" data-testid="download-cards">
            <button type="button" class=BUTTON disabled=move || busy.get() on:click=start>
                {move || if busy.get() { tr!("zip-preparing") } else { tr!("zip-download") }}
            </button>
            {move || progress.get().map(|p| view! { <ProgressBar fraction=p label=tr!("zip-preparing")/> })}
            <ErrorAlert message=Signal::derive(move || error.get())/>
            {move || ready.get().map(|link| view! {
                <p role="status" class="rounded-lg bg-green-50 p-3 text-sm">
                    <a href=link download="cardsmith-cards.zip" class="inline-flex min-h-11 items-center font-medium text-indigo-700 underline">
                        {tr!("zip-ready")}
                    </a>
                    " "{tr!("zip-kept")}
                </p>
            })}
        </div>
    }
}

/// The Import form of a collection (editors): a ZIP Download made, here or elsewhere.
#[component]
pub fn ImportCards(collection_id: String) -> impl IntoView {
    let busy = RwSignal::new(false);
    let error = RwSignal::new(None::<String>);
    let made = RwSignal::new(None::<ImportZipOut>);
    let file_input = NodeRef::<leptos::html::Input>::new();
    let submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        error.set(None);
        made.set(None);
        let url = format!("/api/collections/{collection_id}/import-zip");
        #[cfg(feature = "hydrate")]
        {
            let Some(file) = rest::chosen_file(file_input) else {
                return error.set(Some(tr!("zip-choose-file")));
            };
            busy.set(true);
            spawn_local(async move {
                let sent = async {
                    let form = rest::file_form(&file)?;
                    let (status, text) = rest::post_form(&url, form).await?;
                    if (200..300).contains(&status) {
                        serde_json::from_str::<ImportZipOut>(&text).map_err(|e| e.to_string())
                    } else {
                        Err(rest::problem_text(status, &text))
                    }
                }
                .await;
                busy.set(false);
                match sent {
                    Ok(out) => made.set(Some(out)),
                    Err(e) => error.set(Some(e)),
                }
            });
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = (url, file_input);
    };
    view! {
        <form class="space-y-3 border-t border-slate-100 pt-4" aria-labelledby="zip-import-heading" novalidate on:submit=submit>
            <h3 id="zip-import-heading" class="font-semibold">{tr!("zip-import-heading")}</h3>
            <p class="text-sm text-slate-600">{tr!("zip-import-intro")}</p>
            <label for="zip_file" class="flex min-h-11 items-center text-sm font-medium text-slate-700">{tr!("zip-file")}</label>
            <input id="zip_file" type="file" accept=".zip,application/zip" node_ref=file_input
                class="block min-h-11 w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:font-medium file:text-indigo-700"/>
            <button type="submit" class=BUTTON disabled=move || busy.get()>
                {move || if busy.get() { tr!("zip-importing") } else { tr!("zip-import") }}
            </button>
            <ErrorAlert message=Signal::derive(move || error.get())/>
            {move || made.get().map(|out| view! {
                <p role="status" class="rounded-lg bg-green-50 p-3 text-sm">
                    {tr!("zip-imported", cards = out.created.len(), tracks = out.tracks)}
                    {(!out.already_there.is_empty()).then(|| view! {
                        " "{tr!("zip-already-there", cards = out.already_there.len())}
                    })}
                </p>
                <ul class="space-y-1 text-sm" aria-label=tr!("zip-made-cards")>
                    {out.created.iter().map(|slug| view! {
                        <li><a href=format!("/cards/{slug}") class="inline-flex min-h-11 items-center font-medium text-indigo-700 underline">
                            {tr!("zip-open-card", card = slug.clone())}
                        </a></li>
                    }).collect_view()}
                </ul>
            })}
        </form>
    }
}
