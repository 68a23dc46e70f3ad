//! The admin's user list: create accounts, rename, change roles, sign users out, deactivate,
//! reactivate and unlock them, and their email links (verification, password reset).

use cardsmith_model::user::{CreateUserInput, UpdateUserInput, UserOut};
use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use crate::api::{
    list_users, CreateUser, DeactivateUser, ReactivateUser, RevokeUserSessions, UnlockUser,
    UpdateUser,
};
use crate::components::confirm::ConfirmButton;
use crate::components::email_links::{EmailBadge, EmailLinkActions};
use crate::components::form::{
    field_error, general_error, ErrorAlert, Feedback, SelectField, StatusNote, SubmitButton,
    TextField, Tone,
};
use crate::components::layout::CurrentUser;
use crate::components::layout::{BUTTON, PANEL};

/// The roles an admin gives, with their names.
fn role_options() -> Vec<(String, String)> {
    vec![
        ("user".to_owned(), tr!("adm-users-role-user")),
        ("admin".to_owned(), tr!("adm-users-role-admin")),
    ]
}

/// A role on a user's badge, as its word.
fn role_word(role: &str) -> String {
    match role {
        "admin" => tr!("adm-users-badge-admin"),
        "user" => tr!("adm-users-badge-user"),
        other => other.to_owned(),
    }
}

/// An account's state on its badge, as its word.
fn status_word(status: &str) -> String {
    match status {
        "active" => tr!("adm-users-status-active"),
        "locked" => tr!("adm-users-status-locked"),
        "deactivated" => tr!("adm-users-status-deactivated"),
        other => other.to_owned(),
    }
}

/// The users and the new-user form (in the `Admin` island; `me`: the admin, who cannot demote or
/// deactivate themselves).
#[component]
pub(crate) fn UserAdmin(me: UserOut) -> impl IntoView {
    CurrentUser::in_island(me);
    let users = Resource::new(|| (), |_| list_users());
    let reload = Callback::new(move |()| users.refetch());
    view! {
        <div class="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
            <section class=format!("{PANEL} self-start")>
                <Transition fallback=|| view! { <p class="text-slate-500">{tr!("adm-users-loading")}</p> }>
                    {move || Suspend::new(async move {
                        match users.await {
                            Ok(list) => view! {
                                <ul class="divide-y divide-slate-100" aria-label=tr!("adm-users-list")>
                                    {list.into_iter().map(|u| view! { <UserRow user=u reload/> }).collect_view()}
                                </ul>
                            }.into_any(),
                            Err(e) => view! { <Feedback tone=Tone::Error alert=true inline=true>{e.to_string()}</Feedback> }.into_any(),
                        }
                    })}
                </Transition>
            </section>
            <NewUserForm reload/>
        </div>
    }
}

#[component]
fn UserRow(user: UserOut, reload: Callback<()>) -> impl IntoView {
    let editing = RwSignal::new(false);
    let name = RwSignal::new(user.display_name.clone());
    let role = RwSignal::new(user.role.clone());
    let local = RwSignal::new(Vec::new());
    let save = ServerAction::<UpdateUser>::new();
    let revoke = ServerAction::<RevokeUserSessions>::new();
    Effect::new(move |_| {
        if let Some(Ok(_)) = save.value().get() {
            editing.set(false);
            reload.run(());
        }
    });
    let revoked = Signal::derive(move || match revoke.value().get() {
        Some(Ok(n)) => Some(tr!("adm-users-signed-out", count = n)),
        _ => None,
    });
    let id = user.id.clone();
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let input = UpdateUserInput {
            display_name: name.get_untracked(),
            role: role.get_untracked(),
        };
        match input.validate() {
            Ok(()) => {
                local.set(Vec::new());
                save.dispatch(UpdateUser {
                    id: id.clone(),
                    input,
                });
            }
            Err(errors) => local.set(errors),
        }
    };
    let revoke_id = user.id.clone();
    let badge = match user.status.as_str() {
        "active" => "bg-emerald-50 text-emerald-700",
        "locked" => "bg-amber-50 text-amber-800",
        _ => "bg-slate-100 text-slate-600",
    };
    view! {
        <li class="py-4 first:pt-0 last:pb-0">
            <div class="flex flex-wrap items-center gap-x-4 gap-y-1">
                <div class="min-w-0 grow basis-full sm:basis-0">
                    <p class="font-medium">{user.display_name.clone()}</p>
                    <p class="truncate text-sm text-slate-600">{user.email.clone()}</p>
                </div>
                <span class="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">{role_word(&user.role)}</span>
                <span class=format!("rounded-full px-2 py-0.5 text-xs font-medium {badge}")>{status_word(&user.status)}</span>
                <EmailBadge verified=user.email_confirmed/>
                <button type="button" class="min-h-11 text-sm font-medium text-indigo-700 hover:underline"
                    aria-label=tr!("adm-users-edit-label", email = &user.email)
                    on:click=move |_| editing.update(|e| *e = !*e)>
                    {tr!("adm-users-edit")}
                </button>
                <button type="button" class="min-h-11 text-sm font-medium text-rose-700 hover:underline"
                    aria-label=tr!("adm-users-sign-out-label", email = &user.email)
                    on:click=move |_| { revoke.dispatch(RevokeUserSessions { id: revoke_id.clone() }); }>
                    {tr!("adm-users-sign-out")}
                </button>
            </div>
            <StatusNote message=revoked/>
            <LifecycleActions user=user.clone() reload/>
            <EmailLinkActions user=user.clone() reload/>
            <crate::components::deletion::DeleteUserAction user=user.clone() reload/>
            <crate::components::oidc::OidcAssociation user=user.clone() reload/>
            <Show when=move || editing.get()>
                <form class="mt-3 grid gap-3 rounded-xl bg-slate-50 p-4 sm:grid-cols-2" novalidate on:submit=on_submit.clone()
                    on:keydown=crate::components::keys::escape_cancels(move || editing.set(false))>
                    <div class="sm:col-span-2"><ErrorAlert message=general_error(move || save.value().get())/></div>
                    <TextField id="edit_display_name" label=tr!("adm-users-display-name") value=name error=field_error(local, move || save.value().get(), "display_name")/>
                    <SelectField id="edit_role" label=tr!("adm-users-role") value=role options=role_options()/>
                    <div class="flex gap-3 sm:col-span-2">
                        <SubmitButton label=tr!("adm-users-save") busy_label=tr!("saving") busy=save.pending()/>
                        <button type="button" class="text-sm text-slate-600" on:click=move |_| editing.set(false)>{tr!("adm-users-cancel")}</button>
                    </div>
                </form>
            </Show>
        </li>
    }
}

#[component]
fn NewUserForm(reload: Callback<()>) -> impl IntoView {
    let email = RwSignal::new(String::new());
    let name = RwSignal::new(String::new());
    let password = RwSignal::new(String::new());
    let role = RwSignal::new("user".to_owned());
    let local = RwSignal::new(Vec::new());
    let create = ServerAction::<CreateUser>::new();
    let created = Signal::derive(move || match create.value().get() {
        Some(Ok(u)) => Some(tr!("adm-users-created", email = u.email)),
        _ => None,
    });
    Effect::new(move |_| {
        if let Some(Ok(_)) = create.value().get() {
            email.set(String::new());
            name.set(String::new());
            password.set(String::new());
            reload.run(());
        }
    });
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let input = CreateUserInput {
            email: email.get_untracked(),
            password: password.get_untracked(),
            role: role.get_untracked(),
            display_name: Some(name.get_untracked()),
        };
        match input.validate() {
            Ok(()) => {
                local.set(Vec::new());
                create.dispatch(CreateUser { input });
            }
            Err(errors) => local.set(errors),
        }
    };
    view! {
        <form class=format!("{PANEL} self-start") novalidate on:submit=on_submit>
            <h2 class="text-lg font-semibold">{tr!("adm-users-new")}</h2>
            <ErrorAlert message=general_error(move || create.value().get())/>
            <TextField id="new_email" label=tr!("adm-users-email") kind="email" value=email error=field_error(local, move || create.value().get(), "email")/>
            <TextField id="new_display_name" label=tr!("adm-users-display-name") value=name error=field_error(local, move || create.value().get(), "display_name")
                hint=tr!("adm-users-name-hint")/>
            <TextField id="new_password" label=tr!("adm-users-password") kind="password" autocomplete="new-password" value=password
                error=field_error(local, move || create.value().get(), "password") hint=tr!("adm-users-password-hint")/>
            <SelectField id="new_role" label=tr!("adm-users-role") value=role options=role_options()/>
            <SubmitButton label=tr!("adm-users-create") busy_label=tr!("adm-users-creating") busy=create.pending()/>
            <StatusNote message=created/>
        </form>
    }
}

/// Deactivate (asks first: it signs the user out everywhere), Reactivate for a deactivated
/// account, Unlock while failed sign-ins lock it. An admin's own row offers no Deactivate: the
/// server refuses it anyway (409), and the button would only invite the mistake.
#[component]
fn LifecycleActions(user: UserOut, reload: Callback<()>) -> impl IntoView {
    let me = expect_context::<CurrentUser>();
    let is_me = me.0.get_untracked().is_some_and(|m| m.id == user.id);
    let deactivate = ServerAction::<DeactivateUser>::new();
    let reactivate = ServerAction::<ReactivateUser>::new();
    let unlock = ServerAction::<UnlockUser>::new();
    Effect::new(move |_| {
        let done = [
            deactivate.value().get(),
            reactivate.value().get(),
            unlock.value().get(),
        ];
        if done.iter().any(|outcome| matches!(outcome, Some(Ok(())))) {
            reload.run(());
        }
    });
    let error = general_error(move || {
        [
            deactivate.value().get(),
            reactivate.value().get(),
            unlock.value().get(),
        ]
        .into_iter()
        .flatten()
        .find(Result::is_err)
    });
    let deactivated = user.status == "deactivated";
    let locked = user.status == "locked";
    let id = user.id.clone();
    let question = tr!("adm-users-deactivate-question", email = &user.email);
    let deactivate_id = id.clone();
    let on_confirm = Callback::new(move |()| {
        deactivate.dispatch(DeactivateUser {
            id: deactivate_id.clone(),
        });
    });
    let reactivate_id = id.clone();
    let unlock_id = id;
    let email = user.email;
    view! {
        <div class="mt-2 flex flex-wrap items-start gap-2">
            <ErrorAlert message=error/>
            {locked.then(|| view! {
                <button type="button" class=BUTTON aria-label=tr!("adm-users-unlock-label", email = &email)
                    disabled=move || unlock.pending().get()
                    on:click=move |_| { unlock.dispatch(UnlockUser { id: unlock_id.clone() }); }>
                    {tr!("adm-users-unlock")}
                </button>
            })}
            {deactivated.then(|| view! {
                <button type="button" class=BUTTON
                    disabled=move || reactivate.pending().get()
                    on:click=move |_| { reactivate.dispatch(ReactivateUser { id: reactivate_id.clone() }); }>
                    {tr!("adm-users-reactivate")}
                </button>
            })}
            {(!deactivated && !is_me).then(|| view! {
                <ConfirmButton label=tr!("adm-users-deactivate") question=question.clone() confirm_label=tr!("adm-users-deactivate-yes")
                    busy=deactivate.pending() on_confirm/>
            })}
        </div>
    }
}
