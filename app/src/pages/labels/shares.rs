//! The caller's public share links, each revocable, and all at once.

use cardsmith_model::label::LabelShareOut;
use leptos::prelude::*;

use crate::api::{RevokeAllLabelShares, RevokeLabelShare, UiError};
use crate::components::confirm::ConfirmButton;
use crate::components::copy::CopyLinkButton;
use crate::components::form::{general_error, ErrorAlert, StatusNote};
use crate::components::layout::{loaded, EmptyBox, Panel};

#[component]
pub fn SharesPanel(
    shares: Resource<Result<Vec<LabelShareOut>, UiError>>,
    reload: Callback<()>,
) -> impl IntoView {
    let revoke_all = ServerAction::<RevokeAllLabelShares>::new();
    Effect::new(move |_| {
        if let Some(Ok(_)) = revoke_all.value().get() {
            reload.run(());
        }
    });
    let ended = Signal::derive(move || match revoke_all.value().get() {
        Some(Ok(n)) => Some(tr!("library-shares-revoked", count = n)),
        _ => None,
    });
    view! {
        <Panel id="shares" title=tr!("library-share-links")
            intro=tr!("library-share-links-intro")>
            <StatusNote message=ended/>
            <ErrorAlert message=general_error(move || revoke_all.value().get())/>
            {loaded(shares, tr!("loading-share-links"), move |list| {
                if list.is_empty() {
                    return view! {
                        <EmptyBox heading=tr!("library-no-share-links")
                            body=tr!("library-no-share-links-text")
                            next=None/>
                    }
                    .into_any();
                }
                view! {
                    <ul aria-label=tr!("library-share-links") class="divide-y divide-slate-100">
                        {list.into_iter().map(|share| view! { <ShareRow share reload/> }).collect_view()}
                    </ul>
                    <ConfirmButton label=tr!("library-revoke-all")
                        question=tr!("library-revoke-all-question")
                        confirm_label=tr!("library-revoke-all-confirm") busy=revoke_all.pending()
                        on_confirm=Callback::new(move |()| { revoke_all.dispatch(RevokeAllLabelShares {}); })/>
                }
                .into_any()
            })}
        </Panel>
    }
}

#[component]
fn ShareRow(share: LabelShareOut, reload: Callback<()>) -> impl IntoView {
    let revoke = ServerAction::<RevokeLabelShare>::new();
    Effect::new(move |_| {
        if let Some(Ok(())) = revoke.value().get() {
            reload.run(());
        }
    });
    // to the minute, in the page's language: enough to tell links apart
    let when = cardsmith_i18n::date_time(crate::i18n::locale(), &share.created_at);
    let id = StoredValue::new(share.id.clone());
    view! {
        <li class="space-y-2 py-3">
            <div class="flex flex-wrap items-center gap-x-4 gap-y-2">
                <div class="min-w-0 flex-1">
                    <p class="truncate font-medium">{share.filename.clone()}</p>
                    <p class="text-sm text-slate-600">{tr!("library-share-created", when = &when)}</p>
                </div>
                <a href=share.url.clone() target="_blank" rel="noopener"
                    class="text-sm font-medium text-indigo-700 hover:underline">{tr!("library-open")}</a>
                <CopyLinkButton path=share.url.clone() label=tr!("library-copy-link")/>
                <button type="button" class="text-sm font-medium text-rose-700 hover:underline"
                    aria-label=tr!("library-revoke-link", file = &share.filename, when = &when)
                    disabled=move || revoke.pending().get()
                    on:click=move |_| { revoke.dispatch(RevokeLabelShare { id: id.get_value() }); }>
                    {tr!("library-revoke")}
                </button>
            </div>
            <ErrorAlert message=general_error(move || revoke.value().get())/>
        </li>
    }
}
