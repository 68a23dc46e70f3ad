//! AI providers: the services Cardsmith may pay for text, pictures and speech, with budgets.
//! Settings shows the caller's own ("AI providers"); the admin page the instance's, which
//! every user's cascade reaches after their own. Both are this one section, given an owner.

mod browser;
mod dialog;
mod rows;
mod state;

pub use rows::usd;
pub use state::{name_of, Owner};

use leptos::html::Button;
use leptos::prelude::*;

use crate::components::form::{ErrorAlert, StatusNote};
use crate::components::modal::{return_focus, PRIMARY};
use dialog::ProviderDialog;
use rows::{CascadeWords, ProviderList};
use state::{Editing, Providers};

/// The providers of `owner`: the list, Add, and the cascade in words.
#[component]
pub fn AiProvidersSection(owner: Owner) -> impl IntoView {
    let p = Providers::new(owner);
    // the first load runs in the browser, once the section is on screen
    Effect::new(move |_| p.load());
    let opener = NodeRef::<Button>::new();
    let on_close = Callback::new(move |()| {
        p.editing.set(None);
        return_focus(opener);
    });
    let (heading, intro) = match owner {
        Owner::User => (tr!("account-ai-heading"), tr!("account-ai-intro")),
        Owner::System => (
            tr!("account-ai-system-heading"),
            tr!("account-ai-system-intro"),
        ),
    };
    view! {
        <section aria-labelledby="ai-providers-heading" class="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 lg:col-span-2">
            <div class="flex flex-wrap items-start justify-between gap-3">
                <div class="min-w-0 flex-1 basis-64">
                    <h2 id="ai-providers-heading" class="text-lg font-semibold">
                        {heading}
                    </h2>
                    <p class="mt-1 text-sm text-slate-600">{intro}</p>
                </div>
                <button type="button" class=PRIMARY node_ref=opener aria-haspopup="dialog"
                    on:click=move |_| { p.notice.set(None); p.editing.set(Some(Editing::New)); }>
                    {tr!("account-ai-add")}
                </button>
            </div>
            <StatusNote message=p.notice/>
            <ErrorAlert message=p.error/>
            <ProviderList p/>
            <CascadeWords p/>
            {move || p.editing.get().map(|editing| view! { <ProviderDialog p editing on_close/> }.into_any())}
        </section>
    }
    .into_any()
}
