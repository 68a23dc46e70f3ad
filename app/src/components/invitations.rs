//! Invitations: a collection's pending ones, shown to owners under its members as "invited",
//! each revocable; and the caller's own, each to accept or decline.

use cardsmith_model::deletion::MyInvitationOut;
use leptos::prelude::*;

use crate::api::{collection_invitations, my_invitations, AnswerInvitation, RevokeInvitation};
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
        <ul aria-label=tr!("coll-invited-list") class="divide-y divide-slate-100">
            {move || invited.get().into_iter().map(|inv| {
                            let email = inv.email.clone();
                            let invitation = inv.id.clone();
                            view! {
                                <li class="flex flex-wrap items-center gap-x-3 gap-y-1 py-3">
                                    <div class="min-w-0 flex-1">
                                        <p class="truncate font-medium">{inv.email.clone()}</p>
                                        <p class="text-sm text-slate-600">{tr!("coll-invited-as", role = &inv.role)}</p>
                                    </div>
                                    <span class="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800">{tr!("coll-invited-badge")}</span>
                                    <button type="button" class="text-sm font-medium text-rose-700 hover:underline"
                                        aria-label=tr!("coll-invitation-revoke-named", email = &email)
                                        on:click=move |_| { revoke.dispatch(RevokeInvitation { id: id.get_value(), invitation: invitation.clone() }); }>
                                        {tr!("coll-invitation-revoke")}
                                    </button>
                                </li>
                            }
            }).collect_view()}
        </ul>
    }
}

/// The invitations addressed to the caller, each with Accept and Decline; `on_accepted` runs
/// after an acceptance (the caller's collections changed). Nothing shows when there are none.
/// Loaded in the browser after hydration, like [`InvitedList`].
#[component]
pub fn MyInvitations(on_accepted: Callback<()>) -> impl IntoView {
    let pending = RwSignal::new(Vec::<MyInvitationOut>::new());
    Effect::new(move |_| refresh(pending, my_invitations()));
    let answer = ServerAction::<AnswerInvitation>::new();
    // what is being answered (the action's own input is gone once it resolves)
    let answering = RwSignal::new(None::<(String, bool)>);
    Effect::new(move |_| {
        if let Some(Ok(())) = answer.value().get() {
            let Some((invitation, accepted)) = answering.get_untracked() else {
                return;
            };
            pending.update(|all| all.retain(|i| i.id != invitation));
            if accepted {
                on_accepted.run(());
            }
        }
    });
    let dispatch = move |invitation: String, accept: bool| {
        answering.set(Some((invitation.clone(), accept)));
        answer.dispatch(AnswerInvitation { invitation, accept });
    };
    let row = move |inv: MyInvitationOut| {
        let from = match &inv.invited_by_name {
            Some(from) => tr!("coll-invitation-from", from = from, role = &inv.role),
            None => tr!("coll-invitation-from-somebody", role = &inv.role),
        };
        let name = inv.collection_name.clone();
        let (accept_id, decline_id) = (inv.id.clone(), inv.id.clone());
        view! {
            <li class="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
                <div class="min-w-0 flex-1">
                    <p class="font-medium">{inv.collection_name.clone()}</p>
                    <p class="text-sm text-slate-600">{from}</p>
                </div>
                <button type="button" disabled=move || answer.pending().get()
                    class="rounded-lg bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
                    aria-label=tr!("coll-invitation-accept-named", name = &name)
                    on:click=move |_| dispatch(accept_id.clone(), true)>
                    {tr!("coll-invitation-accept")}
                </button>
                <button type="button" disabled=move || answer.pending().get()
                    class="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-50"
                    aria-label=tr!("coll-invitation-decline-named", name = &inv.collection_name)
                    on:click=move |_| dispatch(decline_id.clone(), false)>
                    {tr!("coll-invitation-decline")}
                </button>
            </li>
        }
    };
    view! {
        <Show when=move || pending.with(|p| !p.is_empty())>
            <section class="mb-6 rounded-2xl border border-amber-200 bg-amber-50 p-4" aria-labelledby="my-invitations">
                <h2 id="my-invitations" class="font-semibold">{tr!("coll-invitations-for-you")}</h2>
                <p class="text-sm text-slate-600">{tr!("coll-invitations-explain")}</p>
                <ErrorAlert message=general_error(move || answer.value().get())/>
                <ul aria-label=tr!("coll-invitations-for-you") class="divide-y divide-amber-200">
                    {move || pending.get().into_iter().map(row).collect_view()}
                </ul>
            </section>
        </Show>
    }
}
