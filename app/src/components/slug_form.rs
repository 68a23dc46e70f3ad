//! Changing an address (slug) of a collection or card, with a live availability check.

use cardsmith_model::collection::SlugInput;
use cardsmith_model::validate::{slug_problem, SLUG_MAX_CHARS};
use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use super::form::{field_error, general_error, ErrorAlert, SubmitButton, TextField};
use crate::api::{SlugAvailable, UiError};

/// A slug field that says whether the typed slug is free before anything is saved.
///
/// The parent owns the save action (collections and cards change slugs through different
/// server functions) and navigates to the new address when it succeeds.
#[component]
pub fn SlugForm(
    /// `collections` or `cards`: the slug space to check.
    space: &'static str,
    /// The slug now.
    current: String,
    /// The address before the slug, e.g. `/cards/`.
    prefix: &'static str,
    /// Dispatches the change with the new slug.
    save: Callback<String>,
    #[prop(into)] busy: Signal<bool>,
    /// The save action's latest result.
    #[prop(into)]
    outcome: Signal<Option<Result<(), UiError>>>,
) -> impl IntoView {
    let slug = RwSignal::new(current.clone());
    let current = StoredValue::new(current);
    let local = RwSignal::new(Vec::new());
    let check = ServerAction::<SlugAvailable>::new();
    // Effects run only in the browser, so the server never checks the unchanged slug.
    Effect::new(move |_| {
        let wanted = slug.get();
        if wanted != current.get_value() && slug_problem(&wanted).is_none() {
            check.dispatch(SlugAvailable {
                space: space.to_owned(),
                slug: wanted,
            });
        }
    });
    let availability = move || {
        let wanted = slug.get();
        if wanted == current.get_value() {
            return None;
        }
        let address = format!("{prefix}{wanted}");
        if let Some(problem) = slug_problem(&wanted) {
            return Some(("text-rose-600", problem_sentence(&address, problem)));
        }
        Some(match check.value().get() {
            // Answers name the slug they checked; older answers are ignored.
            Some(Ok((checked, true))) if checked == wanted => (
                "text-emerald-700",
                tr!("library-slug-available", address = address),
            ),
            Some(Ok((checked, false))) if checked == wanted => (
                "text-rose-600",
                tr!("library-slug-taken", address = address),
            ),
            Some(Err(_)) if !check.pending().get() => {
                ("text-slate-500", tr!("library-slug-unchecked"))
            }
            _ => ("text-slate-500", tr!("library-slug-checking")),
        })
    };
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let input = SlugInput {
            slug: slug.get_untracked().trim().to_owned(),
        };
        match input.validate() {
            Ok(()) => {
                local.set(Vec::new());
                save.run(input.slug);
            }
            Err(errors) => local.set(errors),
        }
    };
    view! {
        <form class="space-y-3" novalidate on:submit=on_submit>
            <ErrorAlert message=general_error(move || outcome.get())/>
            <TextField id=if space == "cards" { "card_slug" } else { "collection_slug" } label=tr!("library-slug") value=slug
                error=field_error(local, move || outcome.get(), "slug")
                hint=tr!("library-slug-hint")/>
            <p aria-live="polite" class="min-h-5 text-sm">
                {move || availability().map(|(tone, text)| view! { <span class=tone>{text}</span> })}
            </p>
            <SubmitButton label=tr!("library-change-slug") busy_label=tr!("library-slug-changing") busy/>
        </form>
    }
}

/// A problem `slug_problem` found, as a sentence about `address` in the page's language. The
/// model says its problems in English; one it says in other words is shown after the address
/// as it comes.
fn problem_sentence(address: &str, problem: &str) -> String {
    match problem {
        "is required" => tr!("library-slug-required", address = address),
        _ if problem == format!("must be at most {SLUG_MAX_CHARS} characters") => tr!(
            "library-slug-too-long",
            address = address,
            max = SLUG_MAX_CHARS
        ),
        _ if problem.starts_with("may contain only lowercase letters") => {
            tr!("library-slug-malformed", address = address)
        }
        _ => tr!("library-slug-problem", address = address, problem = problem),
    }
}
