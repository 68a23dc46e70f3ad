//! Linked player accounts: link one (a full-page trip to the platform and back), see each
//! account's state, link again when the platform no longer accepts it, unlink.

use cardsmith_model::player::{account_status, PlayerAccountOut};
use leptos::prelude::*;

use crate::api::{accounts_page, unlink_account, AccountsPageData};
use crate::components::confirm::ConfirmButton;
use crate::components::form::{ErrorAlert, Feedback, Tone};
use crate::components::layout::{capitalised, refresh, Badge, EmptyBox, Panel, PANEL};

/// Linking leaves the app: the platform shows its sign-in, then sends the browser back here.
const LINK_URL: &str = "/api/player-accounts/link";
const LINK_BUTTON: &str = "inline-flex min-h-11 items-center justify-center rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-300";

/// How the last trip to the platform ended (the address it sent the browser back to), until
/// an unlink makes it stale.
#[derive(Clone, Copy)]
struct LastTrip(RwSignal<Option<Result<(), String>>>);

/// Our words for the code the callback sent the browser back with (never the address's
/// own text: anyone can send a link with any words in it).
fn trip_failure(code: &str) -> String {
    match code {
        "expired" => tr!("player-accounts-trip-expired"),
        "other_session" => tr!("player-accounts-trip-other-session"),
        "denied" => tr!("player-accounts-trip-denied"),
        _ => tr!("player-accounts-trip-other"),
    }
}

/// The accounts (in the `Household` island): unlinking answers in place.
#[component]
pub(crate) fn AccountsView(page: AccountsPageData) -> impl IntoView {
    let trip = LastTrip(RwSignal::new(
        match (
            crate::address::query().get("linked"),
            crate::address::query_value("error"),
        ) {
            (_, Some(code)) => Some(Err(trip_failure(&code))),
            (Some(_), None) => Some(Ok(())),
            (None, None) => None,
        },
    ));
    provide_context(trip);
    let accounts = RwSignal::new(page.accounts);
    let can_link = page.link_unavailable.is_none();
    let link = match page.link_unavailable {
        Some(help) => view! {
            <Panel id="link" title=tr!("player-accounts-link-unavailable")>
                <p class="whitespace-pre-line text-sm text-slate-700" data-testid="link-help">{help}</p>
            </Panel>
        }
        .into_any(),
        None => view! {
            <a href=LINK_URL rel="external" class=LINK_BUTTON>{tr!("player-link-account")}</a>
        }
        .into_any(),
    };
    view! {
        <div class="space-y-3">
            {move || trip.0.get().map(|outcome| match outcome {
                Ok(()) => view! { <Feedback tone=Tone::Success>{tr!("player-accounts-linked-note")}</Feedback> }.into_any(),
                Err(e) => view! {
                    <Feedback tone=Tone::Error alert=true>{tr!("player-accounts-trip-failed", reason = e)}</Feedback>
                }.into_any(),
            })}
        </div>
        <div class="mt-6 space-y-6">
            {link}
            {move || if accounts.with(Vec::is_empty) {
                view! {
                    <EmptyBox heading=tr!("player-no-account-heading")
                        body=tr!("player-accounts-empty-body")
                        next=None/>
                }.into_any()
            } else {
                view! {
                    <ul class="grid gap-4 md:grid-cols-2" aria-label=tr!("player-accounts-list")>
                        {accounts.get().into_iter().map(|account| view! { <AccountCard account accounts can_link/> }).collect_view()}
                    </ul>
                }.into_any()
            }}
        </div>
    }
}

#[component]
fn AccountCard(
    account: PlayerAccountOut,
    accounts: RwSignal<Vec<PlayerAccountOut>>,
    /// Whether this server can link accounts at all (the help says why not, above the list).
    can_link: bool,
) -> impl IntoView {
    let linked = account.status == account_status::LINKED;
    let trip = expect_context::<LastTrip>();
    let busy = RwSignal::new(false);
    let error = RwSignal::new(None::<String>);
    let id = account.id.clone();
    let unlink = Callback::new(move |()| {
        let id = id.clone();
        busy.set(true);
        leptos::task::spawn_local(async move {
            match unlink_account(id).await {
                Ok(()) => {
                    // The "linked" or "did not finish" banner from the last trip is stale now.
                    trip.0.set(None);
                    crate::address::replace("/accounts");
                    refresh(accounts, async {
                        accounts_page().await.map(|p| p.accounts)
                    })
                }
                Err(e) => error.set(Some(e.to_string())),
            }
            busy.set(false);
        });
    });
    let since = cardsmith_i18n::date(crate::i18n::locale(), &account.linked_at);
    view! {
        <li class=PANEL aria-label=tr!("player-accounts-account", label = &account.label)>
            <div class="flex flex-wrap items-center gap-2">
                <p class="min-w-0 break-all font-semibold">{account.label.clone()}</p>
                {if linked {
                    view! { <Badge text=tr!("player-accounts-badge-linked") tone="bg-emerald-50 text-emerald-700"/> }
                } else {
                    view! { <Badge text=tr!("player-needs-relink") tone="bg-amber-100 text-amber-900"/> }
                }}
            </div>
            <p class="text-sm text-slate-600">{tr!("player-accounts-linked-since", date = since)}</p>
            {(!linked).then(|| view! {
                <Feedback tone=Tone::Warning alert=true class="space-y-2">
                    <p>{account.status_detail.as_deref().map(capitalised)
                        .unwrap_or_else(|| tr!("player-accounts-link-refused"))}</p>
                    <p>{tr!("player-accounts-relink-wait")}</p>
                    {if can_link {
                        view! { <a href=LINK_URL rel="external" class=LINK_BUTTON>{tr!("player-accounts-link-again")}</a> }.into_any()
                    } else {
                        view! { <p>{tr!("player-accounts-link-unavailable-see-above")}</p> }.into_any()
                    }}
                </Feedback>
            })}
            <ErrorAlert message=error inline=true/>
            <ConfirmButton label=tr!("player-accounts-unlink") question=tr!("player-accounts-unlink-question", label = &account.label)
                confirm_label=tr!("player-accounts-unlink-confirm") busy=busy on_confirm=unlink/>
        </li>
    }
}
