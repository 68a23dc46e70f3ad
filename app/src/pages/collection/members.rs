//! Sharing: who is in the collection and with which role. Owners change roles, remove members
//! and invite people (who join once they accept); everybody else can leave.

use cardsmith_model::collection::{AddMemberInput, MemberOut, UpdateMemberInput};
use cardsmith_model::validate::CollectionRole;
use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use super::Shown;
use crate::api::{list_members, AddMember, RemoveMember, UpdateMember};
use crate::components::confirm::ConfirmButton;
use crate::components::form::{
    field_error, general_error, ErrorAlert, SelectField, StatusNote, SubmitButton, TextField,
};
use crate::components::invitations::InvitedList;
use crate::components::layout::CurrentUser;
use crate::components::layout::{refresh, Panel, RoleBadge};

/// The roles a member can have, with their names. Editor first: it is what a parent usually
/// gives the other parent.
fn role_options() -> Vec<(String, String)> {
    vec![
        ("editor".to_owned(), tr!("role-editor")),
        ("viewer".to_owned(), tr!("role-viewer")),
        ("owner".to_owned(), tr!("role-owner")),
    ]
}

#[component]
pub fn MembersPanel(initial: Vec<MemberOut>) -> impl IntoView {
    let shown = expect_context::<Shown>();
    let owner = shown.role == CollectionRole::Owner;
    let members = RwSignal::new(initial);
    // bumped after every change, so the invitations below reload too
    let version = RwSignal::new(0u32);
    let reload = Callback::new(move |()| {
        refresh(members, list_members(shown.id()));
        version.update(|v| *v += 1);
    });
    view! {
        <Panel id="sharing" title=tr!("coll-sharing-title")
            intro=tr!("coll-sharing-intro")>
            <ul aria-label=tr!("coll-members") class="divide-y divide-slate-100">
                {move || members.get().into_iter().map(|member| view! { <MemberRow member owner reload/> }).collect_view()}
            </ul>
            {if owner {
                view! { <InvitedList collection_id=shown.id() version/><AddMemberForm reload/> }.into_any()
            } else {
                view! { <LeaveButton/> }.into_any()
            }}
        </Panel>
    }
}

#[component]
fn MemberRow(member: MemberOut, owner: bool, reload: Callback<()>) -> impl IntoView {
    let shown = expect_context::<Shown>();
    let me = expect_context::<CurrentUser>();
    let is_me =
        me.0.with_untracked(|u| u.as_ref().is_some_and(|u| u.id == member.user_id));
    let update = ServerAction::<UpdateMember>::new();
    let remove = ServerAction::<RemoveMember>::new();
    Effect::new(move |_| {
        let updated = matches!(update.value().get(), Some(Ok(())));
        if updated || matches!(remove.value().get(), Some(Ok(()))) {
            reload.run(());
        }
    });
    let user_id = StoredValue::new(member.user_id.clone());
    let email = member.email.clone();
    let current_role = member.role.clone();
    let controls = owner.then(|| {
        let on_change = move |ev| {
            update.dispatch(UpdateMember {
                id: shown.id(),
                user_id: user_id.get_value(),
                input: UpdateMemberInput {
                    role: event_target_value(&ev),
                },
            });
        };
        view! {
            <select class="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm"
                aria-label=tr!("coll-member-change-access", email = &email) on:change=on_change>
                {role_options().into_iter().map(|(v, l)| {
                    let selected = v == current_role;
                    view! { <option value=v selected=selected>{l}</option> }
                }).collect_view()}
            </select>
            {(!is_me).then(|| view! {
                <button type="button" class="text-sm font-medium text-rose-700 hover:underline"
                    aria-label=tr!("coll-member-remove-named", email = &email)
                    on:click=move |_| { remove.dispatch(RemoveMember { id: shown.id(), user_id: user_id.get_value() }); }>
                    {tr!("coll-member-remove")}
                </button>
            })}
        }
    });
    view! {
        <li class="space-y-2 py-3">
            <div class="flex flex-wrap items-center gap-x-3 gap-y-1">
                <div class="min-w-0 flex-1">
                    <p class="font-medium">{if is_me {
                        tr!("coll-member-you", name = &member.display_name)
                    } else {
                        member.display_name.clone()
                    }}</p>
                    <p class="truncate text-sm text-slate-600">{member.email.clone()}</p>
                </div>
                {match controls {
                    Some(controls) => controls.into_any(),
                    None => view! { <RoleBadge role=Some(member.role.clone())/> }.into_any(),
                }}
            </div>
            <ErrorAlert message=general_error(move || update.value().get())/>
            <ErrorAlert message=general_error(move || remove.value().get())/>
        </li>
    }
}

#[component]
fn AddMemberForm(reload: Callback<()>) -> impl IntoView {
    let shown = expect_context::<Shown>();
    let email = RwSignal::new(String::new());
    let role = RwSignal::new("editor".to_owned());
    let local = RwSignal::new(Vec::new());
    let add = ServerAction::<AddMember>::new();
    let added = RwSignal::new(None::<String>);
    Effect::new(move |_| {
        if let Some(Ok(())) = add.value().get() {
            added.set(Some(tr!(
                "coll-member-invited",
                email = email.get_untracked().trim()
            )));
            email.set(String::new());
            reload.run(());
        }
    });
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        added.set(None);
        let input = AddMemberInput {
            user_id: email.get_untracked().trim().to_owned(),
            role: role.get_untracked(),
        };
        match input.validate() {
            Ok(()) => {
                local.set(Vec::new());
                add.dispatch(AddMember {
                    id: shown.id(),
                    input,
                });
            }
            Err(errors) => local.set(errors),
        }
    };
    view! {
        <form class="space-y-3 border-t border-slate-100 pt-4" aria-labelledby="add-member-heading" novalidate on:submit=on_submit>
            <h3 id="add-member-heading" class="font-semibold">{tr!("coll-invite-heading")}</h3>
            <ErrorAlert message=general_error(move || add.value().get())/>
            <TextField id="member_email" label=tr!("coll-invite-email") kind="email" value=email
                error=field_error(local, move || add.value().get(), "user_id")
                hint=tr!("coll-invite-email-hint")/>
            <SelectField id="member_role" label=tr!("coll-invite-role") value=role options=role_options()/>
            <SubmitButton label=tr!("coll-invite") busy_label=tr!("coll-inviting") busy=add.pending()/>
            <StatusNote message=added/>
        </form>
    }
}

/// Leaving: the caller removes themselves, then goes back to their collections.
#[component]
fn LeaveButton() -> impl IntoView {
    let shown = expect_context::<Shown>();
    let me = expect_context::<CurrentUser>();
    let leave = ServerAction::<RemoveMember>::new();
    Effect::new(move |_| {
        if let Some(Ok(())) = leave.value().get() {
            crate::address::go("/collections");
        }
    });
    let on_confirm = Callback::new(move |()| {
        if let Some(user) = me.0.get_untracked() {
            leave.dispatch(RemoveMember {
                id: shown.id(),
                user_id: user.id,
            });
        }
    });
    let question = Signal::derive(move || {
        let name = shown.collection.with(|c| c.name.clone());
        tr!("coll-leave-question", name = &name)
    });
    view! {
        <div class="space-y-2 border-t border-slate-100 pt-4">
            <ErrorAlert message=general_error(move || leave.value().get())/>
            <ConfirmButton label=tr!("coll-leave") question confirm_label=tr!("coll-leave-confirm")
                busy=leave.pending() on_confirm/>
        </div>
    }
}
