//! The admin's mail outbox: every message the instance queued, newest first, with a status
//! badge, and one message at a time with its text (its own links clickable, nothing else), so an admin of an
//! instance without SMTP can hand a reset or verification link to its recipient. Failed
//! messages (and ones left in the outbox) can be sent again.

use cardsmith_model::mail::{
    MailDelivery, MailFilter, MailMessageDetailOut, MailMessageOut, MailStatus,
};
use leptos::prelude::*;

use crate::api::{admin_mail_get, admin_mail_list, AdminMailResend, MailMessageView};
use crate::components::form::{ErrorAlert, Feedback, SelectField, Tone};
use crate::components::layout::{BUTTON, PANEL};

/// Messages a page shows.
const PAGE: i64 = 50;

/// The outbox (in the `Admin` island): filtered and paged in place.
#[component]
pub(crate) fn Outbox() -> impl IntoView {
    let status = RwSignal::new(String::new());
    let offset = RwSignal::new(0_i64);
    // a new filter starts at the first page
    Effect::watch(move || status.get(), move |_, _, _| offset.set(0), false);
    let page = Resource::new(
        move || (status.get(), offset.get()),
        |(status, offset)| {
            admin_mail_list(MailFilter {
                status: MailStatus::parse(&status),
                limit: Some(PAGE),
                offset: Some(offset),
            })
        },
    );
    let options: Vec<(String, String)> = vec![
        (String::new(), tr!("adm-mail-all")),
        ("queued".to_owned(), tr!("adm-mail-queued")),
        ("sent".to_owned(), tr!("adm-mail-sent")),
        ("outbox".to_owned(), tr!("adm-mail-in-outbox")),
        ("failed".to_owned(), tr!("adm-mail-failed")),
    ];
    view! {
        <Transition fallback=|| view! { <p class="mt-6 text-slate-500">{tr!("adm-mail-loading")}</p> }>
            {move || {
                let options = options.clone();
                Suspend::new(async move {
                match page.await {
                    Ok(page) => {
                        let delivery = page.delivery;
                        let total = page.total;
                        let first = offset.get_untracked() + 1;
                        let more = offset.get_untracked() + PAGE < total;
                        view! {
                            <DeliveryNote delivery/>
                            <div class=format!("{PANEL} mt-6")>
                                <div class="flex flex-wrap items-end justify-between gap-3">
                                    <div class="w-full sm:w-56">
                                        <SelectField id="mail_status" label=tr!("adm-mail-status") value=status options/>
                                    </div>
                                    <p class="text-sm text-slate-600" data-testid="mail-total">
                                        {tr!("adm-mail-total", count = total)}
                                    </p>
                                </div>
                                <MessageTable list=page.messages first/>
                                <nav class="flex items-center justify-between gap-3" aria-label=tr!("adm-mail-pages")>
                                    <button type="button" class=BUTTON disabled=move || offset.get() == 0
                                        on:click=move |_| offset.update(|o| *o = (*o - PAGE).max(0))>{tr!("adm-newer")}</button>
                                    <button type="button" class=BUTTON disabled=!more
                                        on:click=move |_| offset.update(|o| *o += PAGE)>{tr!("adm-older")}</button>
                                </nav>
                            </div>
                        }.into_any()
                    }
                    Err(e) => view! { <Feedback tone=Tone::Error alert=true class="mt-6">{e.to_string()}</Feedback> }.into_any(),
                }
            })}}
        </Transition>
    }
}

/// How mail leaves this instance, and what that means for the admin.
#[component]
fn DeliveryNote(delivery: MailDelivery) -> impl IntoView {
    match delivery {
        MailDelivery::Smtp => view! {
            <Feedback tone=Tone::Success class="mt-6">{tr!("adm-mail-delivery-smtp")}</Feedback>
        }
        .into_any(),
        MailDelivery::Outbox => view! {
            <Feedback tone=Tone::Warning class="mt-6">{tr!("adm-mail-delivery-outbox")}</Feedback>
        }
        .into_any(),
    }
}

/// The badge of a status: its word on a colour that says how it went.
#[component]
fn StatusBadge(status: MailStatus) -> impl IntoView {
    let (label, tone) = match status {
        MailStatus::Queued => (
            tr!("adm-mail-queued"),
            "bg-amber-50 text-amber-800 ring-amber-200",
        ),
        MailStatus::Sent => (
            tr!("adm-mail-sent"),
            "bg-emerald-50 text-emerald-700 ring-emerald-200",
        ),
        MailStatus::Outbox => (
            tr!("adm-mail-in-outbox"),
            "bg-indigo-50 text-indigo-700 ring-indigo-200",
        ),
        MailStatus::Failed => (
            tr!("adm-mail-failed"),
            "bg-rose-50 text-rose-700 ring-rose-200",
        ),
    };
    view! {
        <span class=format!("inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 {tone}")
            data-testid="mail-status">{label}</span>
    }
}

/// A stored time as people of the page's language read it (UTC, to the minute).
fn when(t: &str) -> String {
    cardsmith_i18n::date_time(crate::i18n::locale(), t)
}

const CELL: &str = "block px-0 py-0.5 md:table-cell md:px-3 md:py-2";
const LABEL: &str = "mr-1 text-xs font-medium uppercase text-slate-500 md:hidden";

#[component]
fn MessageTable(list: Vec<MailMessageOut>, first: i64) -> impl IntoView {
    if list.is_empty() {
        return view! { <p class="text-slate-600">{tr!("adm-mail-empty")}</p> }.into_any();
    }
    let last = first + i64::try_from(list.len()).unwrap_or(0) - 1;
    view! {
        <table class="block w-full text-left text-sm md:table">
            <caption class="sr-only">{tr!("adm-mail-caption", first = first, last = last)}</caption>
            <thead class="hidden border-b border-slate-200 text-xs uppercase text-slate-500 md:table-header-group">
                <tr>
                    <th scope="col" class="px-3 py-2">{tr!("adm-mail-queued-utc")}</th>
                    <th scope="col" class="px-3 py-2">{tr!("adm-mail-to")}</th>
                    <th scope="col" class="px-3 py-2">{tr!("adm-mail-subject")}</th>
                    <th scope="col" class="px-3 py-2">{tr!("adm-mail-status")}</th>
                    <th scope="col" class="px-3 py-2">{tr!("adm-mail-attempts")}</th>
                </tr>
            </thead>
            <tbody class="block divide-y divide-slate-100 md:table-row-group">
                {list.into_iter().map(|m| view! {
                    <tr class="block py-3 md:table-row md:py-0" data-testid="mail-row">
                        <td class=CELL><span class=LABEL>{tr!("adm-mail-queued-at")}</span>
                            <time datetime=m.created_at.clone()>{when(&m.created_at)}</time></td>
                        <td class=format!("{CELL} break-all")><span class=LABEL>{tr!("adm-mail-to")}</span>{m.recipient}</td>
                        <td class=format!("{CELL} break-words")><span class=LABEL>{tr!("adm-mail-subject")}</span>
                            <a href=format!("/admin/mail/{}", m.id) class="font-medium text-indigo-700 hover:underline" translate="no">{m.subject}</a></td>
                        <td class=CELL><span class=LABEL>{tr!("adm-mail-status")}</span><StatusBadge status=m.status/></td>
                        <td class=CELL><span class=LABEL>{tr!("adm-mail-attempts")}</span>{m.attempts}</td>
                    </tr>
                }).collect_view()}
            </tbody>
        </table>
    }
    .into_any()
}

/// One message (in the `Admin` island): sending it again answers in place.
#[component]
pub(crate) fn MessageView(id: String) -> impl IntoView {
    let message = Resource::new(move || id.clone(), admin_mail_get);
    let resend = ServerAction::<AdminMailResend>::new();
    Effect::new(move |_| {
        if let Some(Ok(_)) = resend.value().get() {
            message.refetch();
        }
    });
    let failed = Signal::derive(move || match resend.value().get() {
        Some(Err(e)) => Some(e.to_string()),
        _ => None,
    });
    view! {
        <Transition fallback=|| view! { <p class="mt-6 text-slate-500">{tr!("adm-mail-loading-message")}</p> }>
            {move || Suspend::new(async move {
                match message.await {
                    Ok(MailMessageView { message: m, own_origin }) => view! { <Message m own_origin resend failed/> }.into_any(),
                    Err(e) => view! { <Feedback tone=Tone::Error alert=true class="mt-6">{e.to_string()}</Feedback> }.into_any(),
                }
            })}
        </Transition>
    }
}

#[component]
fn Message(
    m: MailMessageDetailOut,
    own_origin: String,
    resend: ServerAction<AdminMailResend>,
    failed: Signal<Option<String>>,
) -> impl IntoView {
    let MailMessageDetailOut {
        message,
        text,
        html,
    } = m;
    let id = message.id.clone();
    let can_resend = message.status.can_resend();
    let facts = [
        (tr!("adm-mail-to"), message.recipient.clone()),
        (tr!("adm-mail-queued-utc"), when(&message.created_at)),
        (
            tr!("adm-mail-sent-utc"),
            message
                .sent_at
                .as_deref()
                .map(when)
                .unwrap_or_else(|| "—".into()),
        ),
        (tr!("adm-mail-attempts"), message.attempts.to_string()),
    ];
    view! {
        <h1 class="mt-2 break-words text-2xl font-bold" data-testid="mail-subject" translate="no">{message.subject.clone()}</h1>
        <div class=format!("{PANEL} mt-6")>
            <div class="flex flex-wrap items-center gap-3">
                <StatusBadge status=message.status/>
                {can_resend.then(|| view! {
                    <button type="button" class=BUTTON disabled=move || resend.pending().get()
                        on:click=move |_| { resend.dispatch(AdminMailResend { id: id.clone() }); }>
                        {move || if resend.pending().get() { tr!("adm-queuing") } else { tr!("adm-mail-send-again") }}
                    </button>
                })}
            </div>
            <ErrorAlert message=failed/>
            {message.last_error.clone().map(|e| view! {
                <Feedback tone=Tone::Warning>{tr!("adm-mail-last-attempt", error = e)}</Feedback>
            })}
            <dl class="grid gap-3 text-sm sm:grid-cols-2">
                {facts.into_iter().map(|(label, value)| view! {
                    <div>
                        <dt class="text-xs font-medium uppercase text-slate-500">{label}</dt>
                        <dd class="break-all">{value}</dd>
                    </div>
                }).collect_view()}
            </dl>
        </div>
        <section class=format!("{PANEL} mt-6") aria-labelledby="mail-text-heading">
            <h2 id="mail-text-heading" class="text-lg font-semibold">{tr!("adm-mail-message")}</h2>
            <p class="whitespace-pre-wrap break-words text-sm leading-relaxed" data-testid="mail-text" translate="no">
                {linkify(&text, &own_origin).into_iter().map(|part| match part {
                    Part::Text(t) => t.into_any(),
                    Part::Link(url) => view! {
                        <a href=url.clone() class="break-all font-medium text-indigo-700 underline" rel="noreferrer">{url.clone()}</a>
                    }.into_any(),
                }).collect_view()}
            </p>
            <details class="text-sm">
                <summary class="cursor-pointer font-medium text-slate-700">{tr!("adm-mail-html")}</summary>
                <pre class="mt-2 overflow-x-auto whitespace-pre-wrap break-all rounded-lg bg-slate-50 p-3 text-xs" translate="no">{html}</pre>
            </details>
        </section>
    }
}

/// A piece of a text body: plain text, or a web address to make clickable.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Part {
    Text(String),
    Link(String),
}

/// Splits `text` into plain runs and this instance's own addresses (those starting with
/// `own_origin`, which ends in `/`; ending at white space, a quote or an angle bracket;
/// trailing punctuation stays text), so the reset and verification links a mail carries can
/// be followed from the page. Any other address stays text: a mail also carries what users
/// typed (a name, a collection), and the outbox must not turn that into links.
fn linkify(text: &str, own_origin: &str) -> Vec<Part> {
    let mut parts = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find(own_origin) {
        let tail = &rest[start..];
        let end = tail
            .find(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | '<' | '>'))
            .unwrap_or(tail.len());
        let url = tail[..end].trim_end_matches(['.', ',', ';', ':', '!', '?', ')']);
        if start > 0 {
            parts.push(Part::Text(rest[..start].to_owned()));
        }
        if url.len() > own_origin.len() {
            parts.push(Part::Link(url.to_owned()));
        } else {
            parts.push(Part::Text(url.to_owned()));
        }
        rest = &tail[url.len()..];
    }
    if !rest.is_empty() {
        parts.push(Part::Text(rest.to_owned()));
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    const OWN: &str = "https://cards.example/";

    #[test]
    fn own_addresses_become_links_and_trailing_punctuation_stays_text() {
        assert_eq!(
            linkify(
                "Open https://cards.example/reset?token=a_b. Or https://cards.example/login!",
                OWN
            ),
            vec![
                Part::Text("Open ".into()),
                Part::Link("https://cards.example/reset?token=a_b".into()),
                Part::Text(". Or ".into()),
                Part::Link("https://cards.example/login".into()),
                Part::Text("!".into()),
            ]
        );
    }

    #[test]
    fn addresses_users_typed_other_schemes_and_bare_prefixes_stay_text() {
        let invitation = "Win a prize at http://evil.example/x shared \"https://phish.example\" \
                          with you: https://cards.example/login";
        assert_eq!(
            linkify(invitation, OWN),
            vec![
                Part::Text(
                    "Win a prize at http://evil.example/x shared \"https://phish.example\" \
                     with you: "
                        .into()
                ),
                Part::Link("https://cards.example/login".into()),
            ]
        );
        assert_eq!(
            linkify("javascript:alert(1) and https://cards.example/ alone", OWN),
            vec![
                Part::Text("javascript:alert(1) and ".into()),
                Part::Text("https://cards.example/".into()),
                Part::Text(" alone".into()),
            ]
        );
        assert_eq!(linkify("", OWN), vec![]);
    }

    #[test]
    fn a_link_ends_at_a_quote_or_bracket() {
        assert_eq!(
            linkify("<https://cards.example/a>", OWN),
            vec![
                Part::Text("<".into()),
                Part::Link("https://cards.example/a".into()),
                Part::Text(">".into()),
            ]
        );
    }

    #[test]
    fn times_read_as_a_day_and_a_time() {
        assert_eq!(when("2026-11-23T17:42:08.123Z"), "23 Nov 2026, 17:42");
    }
}
