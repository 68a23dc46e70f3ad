//! Account deletion in the UI: the user's "Delete my account" section (Settings), the
//! admin's "Delete user" action (Users page), and the reassignment picker both the action and
//! the deletion requests page use.

use std::collections::BTreeMap;

use cardsmith_model::deletion::{
    DeleteRequestInput, DeletionRequestItem, OwnedCollection, ReassignmentsInput, STATUS_PENDING,
};
use cardsmith_model::user::UserOut;
use leptos::prelude::*;

use crate::api::{
    admin_owned_collections, list_users, my_deletion_request, AdminDeleteUser, RequestDeletion,
};
use crate::components::confirm::ConfirmButton;
use crate::components::form::{
    field_error, general_error, ErrorAlert, Feedback, StatusNote, TextArea, Tone,
};
use crate::components::layout::CurrentUser;
use crate::components::layout::{BUTTON, PANEL};

/// The day of a stored timestamp, as people of the page's language write it ("29 Nov 2026",
/// "29. Nov. 2026").
pub fn day(timestamp: &str) -> String {
    cardsmith_i18n::date(crate::i18n::locale(), timestamp)
}

/// Settings: ask for the account to be deleted (with an optional reason, confirmed once
/// more), or, while a request is pending, say so and until when.
#[component]
pub fn DeleteAccountSection() -> impl IntoView {
    let current = Resource::new(|| (), |_| my_deletion_request());
    let reason = RwSignal::new(String::new());
    let local = RwSignal::new(Vec::new());
    let ask = ServerAction::<RequestDeletion>::new();
    Effect::new(move |_| {
        if let Some(Ok(_)) = ask.value().get() {
            current.refetch();
        }
    });
    let sent = Signal::derive(move || ask.value().get().and_then(Result::ok).map(|m| m.message));
    let on_confirm = Callback::new(move |()| {
        let text = reason.get_untracked();
        let input = DeleteRequestInput {
            reason: (!text.trim().is_empty()).then_some(text),
        };
        match input.validate() {
            Ok(()) => {
                local.set(Vec::new());
                ask.dispatch(RequestDeletion { input });
            }
            Err(errors) => local.set(errors),
        }
    });
    view! {
        <section class=PANEL aria-labelledby="delete-account-heading">
            <h2 id="delete-account-heading" class="text-lg font-semibold">{tr!("account-delete-heading")}</h2>
            <p class="text-sm text-slate-600">{tr!("account-delete-intro")}</p>
            <Transition fallback=|| view! { <p class="text-slate-500">{tr!("loading")}</p> }>
                {move || Suspend::new(async move {
                    let latest = current.await.ok().flatten();
                    let pending = latest.as_ref().is_some_and(|r| r.status == STATUS_PENDING);
                    view! {
                        {latest.map(|r| view! { <RequestStatus request=r/> })}
                        <Show when=move || !pending>
                            <div class="space-y-3">
                                <ErrorAlert message=general_error(move || ask.value().get())/>
                                <TextArea id="deletion_reason" label=tr!("account-delete-reason") value=reason
                                    error=field_error(local, move || ask.value().get(), "reason")
                                    hint=tr!("account-delete-reason-hint")/>
                                <ConfirmButton label=tr!("account-delete-request")
                                    question=tr!("account-delete-request-question")
                                    confirm_label=tr!("account-delete-request-confirm") busy=ask.pending() on_confirm/>
                            </div>
                        </Show>
                    }
                })}
            </Transition>
            <StatusNote message=sent/>
        </section>
    }
}

/// Where the caller's latest request stands.
#[component]
fn RequestStatus(request: DeletionRequestItem) -> impl IntoView {
    let (tone, text) = match request.status.as_str() {
        STATUS_PENDING => (
            Tone::Warning,
            tr!(
                "account-delete-status-pending",
                requested = day(&request.created_at),
                until = day(&request.expires_at)
            ),
        ),
        "rejected" => (
            Tone::Success,
            tr!(
                "account-delete-status-rejected",
                requested = day(&request.created_at)
            ),
        ),
        _ => (
            Tone::Success,
            tr!(
                "account-delete-status-expired",
                requested = day(&request.created_at)
            ),
        ),
    };
    view! { <Feedback tone inline=true><span data-testid="deletion-status">{text}</span></Feedback> }
}

/// One choice per owned collection: who takes it over. Collections owned alone default to
/// "leave orphaned" (an admin assigns it later); shared ownership defaults to "keep with its
/// other owners". `chosen` holds collection id → new owner id for the non-default choices.
#[component]
pub fn ReassignmentPicker(
    owned: Vec<OwnedCollection>,
    users: Vec<UserOut>,
    /// The user being deleted: not offered as a new owner.
    leaving: String,
    chosen: RwSignal<BTreeMap<String, String>>,
    /// Prefix of the select ids; unique on the page.
    prefix: String,
) -> impl IntoView {
    if owned.is_empty() {
        return view! { <p class="text-sm text-slate-600">{tr!("account-delete-owns-nothing")}</p> }
            .into_any();
    }
    let candidates: Vec<(String, String)> = users
        .into_iter()
        .filter(|u| u.id != leaving && u.status != "deactivated")
        .map(|u| (u.id, format!("{} ({})", u.display_name, u.email)))
        .collect();
    view! {
        <fieldset class="space-y-3">
            <legend class="text-sm font-medium text-slate-700">{tr!("account-delete-takeover")}</legend>
            {owned.into_iter().map(|c| {
                let select_id = format!("{prefix}-{}", c.id);
                let keep = if c.sole_owner { tr!("account-delete-leave-orphaned") } else { tr!("account-delete-keep-shared") };
                let hint = tr!("account-delete-other-members", count = c.other_members);
                let collection = c.id.clone();
                let on_change = move |ev| {
                    let value = event_target_value(&ev);
                    chosen.update(|m| {
                        if value.is_empty() { m.remove(&collection); } else { m.insert(collection.clone(), value); }
                    });
                };
                view! {
                    <div>
                        <label for=select_id.clone() class="block text-sm font-medium text-slate-700">{c.name.clone()}</label>
                        <select id=select_id class="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
                            on:change=on_change>
                            <option value="">{keep}</option>
                            {candidates.iter().map(|(id, label)| view! { <option value=id.clone()>{label.clone()}</option> }).collect_view()}
                        </select>
                        <p class="mt-1 text-xs text-slate-500">{hint}</p>
                    </div>
                }
            }).collect_view()}
        </fieldset>
    }
    .into_any()
}

/// The reassignments a picker holds, as the services take them.
pub fn reassignments(chosen: RwSignal<BTreeMap<String, String>>) -> ReassignmentsInput {
    let map = chosen.get_untracked();
    ReassignmentsInput {
        reassignments: (!map.is_empty()).then_some(map),
    }
}

/// Users page: "Delete user…" opens the collections they own with a picker, then asks once
/// more. Not on the admin's own row (the server refuses it anyway).
#[component]
pub fn DeleteUserAction(user: UserOut, reload: Callback<()>) -> impl IntoView {
    let me = expect_context::<CurrentUser>();
    if me.0.get_untracked().is_some_and(|m| m.id == user.id) {
        return ().into_any();
    }
    let open = RwSignal::new(false);
    let label = tr!("account-delete-user-label", email = &user.email);
    let user = StoredValue::new(user);
    view! {
        <div class="mt-2">
            <Show when=move || !open.get()>
                <button type="button" class=BUTTON aria-label=label.clone()
                    on:click=move |_| open.set(true)>{tr!("account-delete-user-open")}</button>
            </Show>
            <Show when=move || open.get()>
                <DeleteUserPanel user=user.get_value() reload close=Callback::new(move |()| open.set(false))/>
            </Show>
        </div>
    }
    .into_any()
}

#[component]
fn DeleteUserPanel(user: UserOut, reload: Callback<()>, close: Callback<()>) -> impl IntoView {
    let id = user.id.clone();
    let owned = Resource::new(move || id.clone(), admin_owned_collections);
    let users = Resource::new(|| (), |_| list_users());
    let chosen = RwSignal::new(BTreeMap::new());
    let delete = ServerAction::<AdminDeleteUser>::new();
    Effect::new(move |_| {
        if let Some(Ok(())) = delete.value().get() {
            reload.run(());
        }
    });
    let leaving = user.id.clone();
    let delete_id = user.id.clone();
    let on_confirm = Callback::new(move |()| {
        delete.dispatch(AdminDeleteUser {
            id: delete_id.clone(),
            input: reassignments(chosen),
        });
    });
    let question = tr!("account-delete-user-question", email = &user.email);
    view! {
        <div class="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4" role="group"
            aria-label=tr!("account-delete-user-group", email = &user.email) on:keydown=crate::components::keys::escape_cancels(move || close.run(()))>
            <Transition fallback=|| view! { <p class="text-slate-500">{tr!("account-delete-loading-collections")}</p> }>
                {move || {
                    let leaving = leaving.clone();
                    Suspend::new(async move {
                        match (owned.await, users.await) {
                            (Ok(owned), Ok(users)) => view! {
                                <ReassignmentPicker owned users leaving chosen prefix="delete-owner".to_owned()/>
                            }.into_any(),
                            (Err(e), _) | (_, Err(e)) => view! {
                                <Feedback tone=Tone::Error alert=true inline=true>{e.to_string()}</Feedback>
                            }.into_any(),
                        }
                    })
                }}
            </Transition>
            <ErrorAlert message=general_error(move || delete.value().get())/>
            <ErrorAlert message=Signal::derive(move || match delete.value().get() {
                Some(Err(e)) if !e.0.errors.is_empty() => Some(e.to_string() + ": " + &e.0.errors.iter().map(|f| f.detail.clone()).collect::<Vec<_>>().join("; ")),
                _ => None,
            })/>
            <div class="flex flex-wrap items-start gap-2">
                <ConfirmButton label=tr!("account-delete-user") question
                    confirm_label=tr!("account-delete-user-confirm")
                    busy=delete.pending() on_confirm/>
                <button type="button" class=BUTTON on:click=move |_| close.run(())>{tr!("account-cancel")}</button>
            </div>
        </div>
    }
}
