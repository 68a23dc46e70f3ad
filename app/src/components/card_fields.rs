//! The title, description and author of a card: the same three fields when creating a card in
//! a collection and when editing it on its own page. A title longer than players take is
//! allowed here, with a warning under the field.

use cardsmith_model::card::PLAYER_TITLE_MAX;
use cardsmith_model::FieldError;
use leptos::prelude::*;

use super::form::{field_error, TextArea, TextField};
use crate::api::UiError;

#[component]
pub fn CardFields(
    title: RwSignal<String>,
    description: RwSignal<String>,
    author: RwSignal<String>,
    /// Errors found in the browser.
    local: RwSignal<Vec<FieldError>>,
    /// The server's answer, reduced to success or the error (the create and update actions
    /// return different values).
    #[prop(into)]
    outcome: Signal<Option<Result<(), UiError>>>,
) -> impl IntoView {
    // Cardsmith keeps longer titles than players take: say so while typing, not at publish
    let player_limit = move || {
        let length = title.with(|t| t.trim().chars().count());
        (length > PLAYER_TITLE_MAX).then(|| {
            tr!(
                "library-player-title-limit",
                max = PLAYER_TITLE_MAX,
                length = length
            )
        })
    };
    view! {
        <div>
            <TextField id="card_title" label=tr!("library-title") value=title
                error=field_error(local, move || outcome.get(), "title")/>
            {move || player_limit().map(|warning| view! {
                <p id="card_title-player-limit" role="status" data-testid="player-title-limit"
                    class="mt-1 text-sm text-amber-800">{warning}</p>
            })}
        </div>
        <TextArea id="card_description" label=tr!("library-description") value=description
            error=field_error(local, move || outcome.get(), "description")
            hint=tr!("library-card-description-hint")/>
        <TextField id="card_author" label=tr!("library-author") value=author
            error=field_error(local, move || outcome.get(), "author")
            hint=tr!("library-card-author-hint")/>
    }
}
