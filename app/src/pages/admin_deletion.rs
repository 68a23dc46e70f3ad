//! The admin's side of account deletion: pending deletion requests (approve with a
//! reassignment per owned collection, or reject; both confirmed), and the collections left
//! without an owner (assign one). Two pages with one tab row between them.

use std::collections::BTreeMap;

use cardsmith_model::deletion::{
    AssignCollectionInput, DeletionRequestItem, OrphanedCollectionOut,
};
use cardsmith_model::user::UserOut;
use leptos::prelude::*;
use leptos_router::components::A;

use crate::api::{
    admin_deletion_requests, list_users, orphaned_collections, ApproveDeletionRequest,
    AssignOrphanedCollection, RejectDeletionRequest,
};
use crate::components::confirm::ConfirmButton;
use crate::components::deletion::{day, reassignments, ReassignmentPicker};
use crate::components::form::{general_error, ErrorAlert, Feedback, Tone};
use crate::components::layout::{EmptyBox, BUTTON, PANEL};

/// The tab row between the two pages.
#[component]
pub(crate) fn Tabs() -> impl IntoView {
    view! {
        <nav aria-label=tr!("adm-deletion-tabs") class="mt-4 flex flex-wrap gap-2 text-sm">
            <Tab href="/admin/deletion-requests" label=tr!("admin-deletion-requests-title")/>
            <Tab href="/admin/orphaned-collections" label=tr!("admin-orphaned-title")/>
        </nav>
    }
}

#[component]
fn Tab(href: &'static str, #[prop(into)] label: String) -> impl IntoView {
    view! {
        <A href=href attr:class="inline-flex min-h-11 items-center rounded-lg px-3 py-1.5 font-medium text-slate-600 hover:bg-slate-100 aria-[current=page]:bg-indigo-50 aria-[current=page]:text-indigo-700">
            {label}
        </A>
    }
}

fn user_label(users: &[UserOut], id: &str) -> String {
    users
        .iter()
        .find(|u| u.id == id)
        .map(|u| format!("{} ({})", u.display_name, u.email))
        .unwrap_or_else(|| id.to_owned())
}

/// The requests (in the `Admin` island): each is decided in place.
#[component]
pub(crate) fn DeletionRequests() -> impl IntoView {
    let requests = Resource::new(|| (), |_| admin_deletion_requests());
    let users = Resource::new(|| (), |_| list_users());
    let reload = Callback::new(move |()| requests.refetch());
    view! {
        <div class="mt-6 space-y-4">
            <Transition fallback=|| view! { <p class="text-slate-500">{tr!("adm-deletion-loading")}</p> }>
                {move || Suspend::new(async move {
                    match (requests.await, users.await) {
                        (Ok(list), Ok(users)) if list.is_empty() => {
                            let _ = users;
                            view! {
                                <EmptyBox heading=tr!("adm-deletion-empty-heading")
                                    body=tr!("adm-deletion-empty-body")/>
                            }.into_any()
                        }
                        (Ok(list), Ok(users)) => view! {
                            <ul class="space-y-4" aria-label=tr!("adm-deletion-pending")>
                                {list.into_iter().map(|r| view! { <RequestCard request=r users=users.clone() reload/> }).collect_view()}
                            </ul>
                        }.into_any(),
                        (Err(e), _) | (_, Err(e)) => view! {
                            <Feedback tone=Tone::Error alert=true>{e.to_string()}</Feedback>
                        }.into_any(),
                    }
                })}
            </Transition>
        </div>
    }
}

#[component]
fn RequestCard(
    request: DeletionRequestItem,
    users: Vec<UserOut>,
    reload: Callback<()>,
) -> impl IntoView {
    let who = user_label(&users, &request.user_id);
    let chosen = RwSignal::new(BTreeMap::new());
    let approve = ServerAction::<ApproveDeletionRequest>::new();
    let reject = ServerAction::<RejectDeletionRequest>::new();
    Effect::new(move |_| {
        let done = [approve.value().get(), reject.value().get()];
        if done.iter().any(|o| matches!(o, Some(Ok(())))) {
            reload.run(());
        }
    });
    let error = Signal::derive(move || {
        [approve.value().get(), reject.value().get()]
            .into_iter()
            .flatten()
            .find_map(Result::err)
            .map(|e| {
                let details: Vec<String> = e.0.errors.iter().map(|f| f.detail.clone()).collect();
                if details.is_empty() {
                    e.to_string()
                } else {
                    format!("{e}: {}", details.join("; "))
                }
            })
    });
    let approve_id = request.id.clone();
    let on_approve = Callback::new(move |()| {
        approve.dispatch(ApproveDeletionRequest {
            id: approve_id.clone(),
            input: reassignments(chosen),
        });
    });
    let reject_id = request.id.clone();
    let on_reject = Callback::new(move |()| {
        reject.dispatch(RejectDeletionRequest {
            id: reject_id.clone(),
        });
    });
    let approve_question = tr!("adm-deletion-approve-question", who = &who);
    let reject_question = tr!("adm-deletion-reject-question", who = &who);
    let owned = request.owned_collections.clone().unwrap_or_default();
    let reason = if request.reason.is_empty() {
        tr!("adm-deletion-no-reason")
    } else {
        request.reason.clone()
    };
    view! {
        <li class=format!("{PANEL} space-y-3")>
            <div class="flex flex-wrap items-baseline justify-between gap-2">
                <h2 class="font-semibold">{who.clone()}</h2>
                <p class="text-sm text-slate-600">
                    {tr!("adm-deletion-dates", asked = day(&request.created_at), expires = day(&request.expires_at))}
                </p>
            </div>
            <blockquote class="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">{reason}</blockquote>
            <ReassignmentPicker owned users leaving=request.user_id.clone() chosen prefix=format!("owner-{}", request.id)/>
            <ErrorAlert message=error/>
            <div class="flex flex-wrap items-start gap-2">
                <ConfirmButton label=tr!("adm-deletion-approve") question=approve_question confirm_label=tr!("adm-deletion-approve-yes")
                    busy=approve.pending() on_confirm=on_approve/>
                <ConfirmButton label=tr!("adm-deletion-reject") question=reject_question confirm_label=tr!("adm-deletion-reject-yes")
                    busy=reject.pending() on_confirm=on_reject/>
            </div>
        </li>
    }
}

/// The orphaned collections (in the `Admin` island): each is handed over or deleted in place.
#[component]
pub(crate) fn OrphanedCollections() -> impl IntoView {
    let orphans = Resource::new(|| (), |_| orphaned_collections());
    let users = Resource::new(|| (), |_| list_users());
    let reload = Callback::new(move |()| orphans.refetch());
    view! {
        <div class="mt-6 space-y-4">
            <Transition fallback=|| view! { <p class="text-slate-500">{tr!("loading-collections")}</p> }>
                {move || Suspend::new(async move {
                    match (orphans.await, users.await) {
                        (Ok(list), Ok(_)) if list.is_empty() => view! {
                            <EmptyBox heading=tr!("adm-orphans-empty-heading")
                                body=tr!("adm-orphans-empty-body")/>
                        }.into_any(),
                        (Ok(list), Ok(users)) => view! {
                            <ul class="space-y-4" aria-label=tr!("admin-orphaned-title")>
                                {list.into_iter().map(|c| view! { <OrphanCard collection=c users=users.clone() reload/> }).collect_view()}
                            </ul>
                        }.into_any(),
                        (Err(e), _) | (_, Err(e)) => view! {
                            <Feedback tone=Tone::Error alert=true>{e.to_string()}</Feedback>
                        }.into_any(),
                    }
                })}
            </Transition>
        </div>
    }
}

#[component]
fn OrphanCard(
    collection: OrphanedCollectionOut,
    users: Vec<UserOut>,
    reload: Callback<()>,
) -> impl IntoView {
    let owner = RwSignal::new(String::new());
    let assign = ServerAction::<AssignOrphanedCollection>::new();
    Effect::new(move |_| {
        if let Some(Ok(())) = assign.value().get() {
            reload.run(());
        }
    });
    let id = collection.id.clone();
    let select_id = format!("assign-{}", collection.id);
    let name = collection.name.clone();
    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        assign.dispatch(AssignOrphanedCollection {
            id: id.clone(),
            input: AssignCollectionInput {
                user_id: owner.get_untracked(),
            },
        });
    };
    let field_error = Signal::derive(move || match assign.value().get() {
        Some(Err(e)) => e.field("user_id"),
        _ => None,
    });
    view! {
        <li class=format!("{PANEL} space-y-3")>
            <div>
                <h2 class="font-semibold">{collection.name.clone()}</h2>
                <p class="text-sm text-slate-600">{tr!("adm-orphans-slug-created", slug = &collection.slug, date = day(&collection.created_at))}</p>
                {(!collection.description.is_empty()).then(|| view! { <p class="mt-1 text-sm text-slate-700">{collection.description.clone()}</p> })}
            </div>
            <form class="flex flex-wrap items-end gap-3" novalidate on:submit=on_submit
                aria-label=tr!("adm-orphans-assign-label", name = &name)>
                <div class="min-w-0 flex-1">
                    <label for=select_id.clone() class="block text-sm font-medium text-slate-700">{tr!("adm-orphans-new-owner")}</label>
                    <select id=select_id class="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
                        on:change=move |ev| owner.set(event_target_value(&ev))>
                        <option value="">{tr!("adm-orphans-choose")}</option>
                        {users.into_iter().filter(|u| u.status != "deactivated").map(|u| view! {
                            <option value=u.id.clone()>{format!("{} ({})", u.display_name, u.email)}</option>
                        }).collect_view()}
                    </select>
                    {move || field_error.get().map(|e| view! { <p class="mt-1 text-sm text-rose-700">{e}</p> })}
                </div>
                <button type="submit" class=BUTTON disabled=move || assign.pending().get()>{tr!("adm-orphans-assign")}</button>
            </form>
            <ErrorAlert message=general_error(move || assign.value().get())/>
        </li>
    }
}
