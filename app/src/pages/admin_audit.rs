//! The admin's audit log: who did what to whom, newest first, filtered by user and action,
//! a page at a time. A table on wide screens; on phones each entry is a stacked block.

use std::collections::HashMap;

use cardsmith_model::audit::{AuditLogEntryOut, AuditLogFilter};
use cardsmith_model::user::UserOut;
use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use crate::api::{admin_audit_log, list_users};
use crate::components::form::{Feedback, SelectField, TextField, Tone};
use crate::components::layout::{BUTTON, PANEL};

/// Entries a page shows: a screenful on a laptop, well under the server's maximum.
const PAGE: i64 = 50;

/// The filters and the entries they pick (in the `Admin` island).
#[component]
pub(crate) fn AuditLog() -> impl IntoView {
    // what the form holds, and what the table shows (applied on submit, so typing is quiet)
    let user = RwSignal::new(String::new());
    let action = RwSignal::new(String::new());
    let applied = RwSignal::new(AuditLogFilter {
        limit: Some(PAGE),
        ..AuditLogFilter::default()
    });
    let users = Resource::new(|| (), |_| list_users());
    let entries = Resource::new(move || applied.get(), admin_audit_log);
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let blank = |s: String| (!s.trim().is_empty()).then(|| s.trim().to_owned());
        applied.set(AuditLogFilter {
            user_id: blank(user.get_untracked()),
            action: blank(action.get_untracked()),
            limit: Some(PAGE),
            offset: Some(0),
        });
    };
    let offset = move || applied.with(|f| f.offset.unwrap_or(0));
    let turn = move |by: i64| {
        applied.update(|f| f.offset = Some((f.offset.unwrap_or(0) + by).max(0)));
    };
    view! {
        <div class=format!("{PANEL} mt-6")>
            <form class="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]" role="search"
                aria-label=tr!("adm-audit-filter-label") on:submit=on_submit>
                <Transition fallback=|| view! { <p class="text-slate-500">{tr!("adm-users-loading")}</p> }>
                    {move || Suspend::new(async move {
                        let options = user_options(&users.await.unwrap_or_default());
                        view! { <SelectField id="audit_user" label=tr!("adm-audit-user") value=user options/> }
                    })}
                </Transition>
                <TextField id="audit_action" label=tr!("adm-audit-action") value=action
                    hint=tr!("adm-audit-action-hint")/>
                <button type="submit" class=format!("{BUTTON} sm:mt-5")>{tr!("adm-audit-apply")}</button>
            </form>
            <Transition fallback=|| view! { <p class="text-slate-500">{tr!("adm-audit-loading")}</p> }>
                {move || Suspend::new(async move {
                    let names = names(&users.await.unwrap_or_default());
                    match entries.await {
                        Ok(list) => {
                            let full = i64::try_from(list.len()).unwrap_or(i64::MAX) >= PAGE;
                            view! {
                                <EntryTable list names first=offset() + 1/>
                                <nav class="flex items-center justify-between gap-3" aria-label=tr!("adm-audit-pages")>
                                    <button type="button" class=BUTTON disabled=move || offset() == 0
                                        on:click=move |_| turn(-PAGE)>{tr!("adm-newer")}</button>
                                    <button type="button" class=BUTTON disabled=!full
                                        on:click=move |_| turn(PAGE)>{tr!("adm-older")}</button>
                                </nav>
                            }.into_any()
                        }
                        Err(e) => view! { <Feedback tone=Tone::Error alert=true inline=true>{e.to_string()}</Feedback> }.into_any(),
                    }
                })}
            </Transition>
        </div>
    }
}

/// The user filter's choices: everybody, or one account by name and email.
fn user_options(users: &[UserOut]) -> Vec<(String, String)> {
    std::iter::once((String::new(), tr!("adm-audit-everyone")))
        .chain(
            users
                .iter()
                .map(|u| (u.id.clone(), format!("{} ({})", u.display_name, u.email))),
        )
        .collect()
}

/// Emails by user id, to show people rather than ids (the log itself carries ids only).
fn names(users: &[UserOut]) -> HashMap<String, String> {
    users
        .iter()
        .map(|u| (u.id.clone(), u.email.clone()))
        .collect()
}

/// How an id is shown: the account's email, "system" for none, else the id (a deleted user).
fn who(names: &HashMap<String, String>, id: &str) -> String {
    if id.is_empty() {
        tr!("adm-audit-system")
    } else {
        names.get(id).cloned().unwrap_or_else(|| id.to_owned())
    }
}

/// An empty value as a dash, so a stacked phone row never shows a bare label.
fn or_dash(s: String) -> String {
    if s.is_empty() {
        "—".to_owned()
    } else {
        s
    }
}

const CELL: &str = "block px-0 py-0.5 md:table-cell md:px-3 md:py-2";
const LABEL: &str = "mr-1 text-xs font-medium uppercase text-slate-500 md:hidden";

#[component]
fn EntryTable(
    list: Vec<AuditLogEntryOut>,
    names: HashMap<String, String>,
    first: i64,
) -> impl IntoView {
    if list.is_empty() {
        return view! { <p class="text-slate-600">{tr!("adm-audit-empty")}</p> }.into_any();
    }
    let last = first + i64::try_from(list.len()).unwrap_or(0) - 1;
    view! {
        <table class="block w-full text-left text-sm md:table">
            <caption class="sr-only">{tr!("adm-audit-caption", first = first, last = last)}</caption>
            <thead class="hidden border-b border-slate-200 text-xs uppercase text-slate-500 md:table-header-group">
                <tr>
                    <th scope="col" class="px-3 py-2">{tr!("adm-audit-time-utc")}</th>
                    <th scope="col" class="px-3 py-2">{tr!("adm-audit-action")}</th>
                    <th scope="col" class="px-3 py-2">{tr!("adm-audit-user")}</th>
                    <th scope="col" class="px-3 py-2">{tr!("adm-audit-by")}</th>
                    <th scope="col" class="px-3 py-2">{tr!("adm-audit-detail")}</th>
                    <th scope="col" class="px-3 py-2">{tr!("adm-audit-address")}</th>
                </tr>
            </thead>
            <tbody class="block divide-y divide-slate-100 md:table-row-group">
                {list.into_iter().map(|e| view! {
                    <tr class="block py-3 md:table-row md:py-0" data-testid="audit-entry">
                        <td class=CELL><span class=LABEL>{tr!("adm-audit-time")}</span>
                            <time datetime=e.created_at.clone()>{e.created_at.replace('T', " ").trim_end_matches('Z').to_owned()}</time></td>
                        <td class=CELL><span class=LABEL>{tr!("adm-audit-action")}</span>
                            <code class="font-medium text-indigo-700">{e.action}</code></td>
                        <td class=format!("{CELL} break-all")><span class=LABEL>{tr!("adm-audit-user")}</span>{who(&names, &e.user_id)}</td>
                        <td class=format!("{CELL} break-all")><span class=LABEL>{tr!("adm-audit-by")}</span>{who(&names, &e.actor_id)}</td>
                        <td class=format!("{CELL} break-all")><span class=LABEL>{tr!("adm-audit-detail")}</span><span translate="no">{or_dash(e.detail)}</span></td>
                        <td class=CELL><span class=LABEL>{tr!("adm-audit-address")}</span>{or_dash(e.ip)}</td>
                    </tr>
                }).collect_view()}
            </tbody>
        </table>
    }.into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_as_emails_and_no_actor_as_system() {
        let names = HashMap::from([("u1".to_owned(), "a@example.com".to_owned())]);
        assert_eq!(who(&names, "u1"), "a@example.com");
        assert_eq!(who(&names, ""), "system");
        assert_eq!(who(&names, "gone"), "gone");
    }
}
