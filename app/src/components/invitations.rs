//! A collection's pending invitations (addresses without an account yet), shown to owners
//! under its members as "invited", each revocable.

use leptos::prelude::*;

use crate::api::{collection_invitations, RevokeInvitation};
use crate::components::form::{general_error, ErrorAlert};
use crate::components::layout::refresh;

/// The pending invitations of `collection_id`, reloaded whenever `version` changes (the
/// members panel bumps it after adding somebody).
#[component]
pub fn InvitedList(collection_id: String, version: RwSignal<u32>) -> impl IntoView {
    let id = StoredValue::new(collection_id);
    // loaded in the browser after hydration (effects do not run on the server), so the page
    // renders the same list on both sides and the server's page holds no second resource
    let invited = RwSignal::new(Vec::new());
    Effect::new(move |_| {
        version.track();
        refresh(invited, collection_invitations(id.get_value()));
    });
    let revoke = ServerAction::<RevokeInvitation>::new();
    Effect::new(move |_| {
        if let Some(Ok(())) = revoke.value().get() {
            version.update(|v| *v += 1);
        }
    });
    view! {
        <ErrorAlert message=general_error(move || revoke.value().get())/>
        <ul aria-label="Invited" class="divide-y divide-slate-100">
            {move || invited.get().into_iter().map(|inv| {
                            let email = inv.email.clone();
                            let invitation = inv.id.clone();
                            view! {
                                <li class="flex flex-wrap items-center gap-x-3 gap-y-1 py-3">
                                    <div class="min-w-0 flex-1">
                                        <p class="truncate font-medium">{inv.email.clone()}</p>
                                        <p class="text-sm text-slate-600">{format!("Invited as {}; joins when their account is created", inv.role)}</p>
                                    </div>
                                    <span class="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800">"invited"</span>
                                    <button type="button" class="text-sm font-medium text-rose-700 hover:underline"
                                        aria-label=format!("Revoke the invitation of {email}")
                                        on:click=move |_| { revoke.dispatch(RevokeInvitation { id: id.get_value(), invitation: invitation.clone() }); }>
                                        "Revoke"
                                    </button>
                                </li>
                            }
            }).collect_view()}
        </ul>
    }
}
