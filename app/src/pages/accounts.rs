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
const LINK_BUTTON: &str = "inline-flex items-center justify-center rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-300";

/// How the last trip to the platform ended (the address it sent the browser back to), until
/// an unlink makes it stale.
#[derive(Clone, Copy)]
struct LastTrip(RwSignal<Option<Result<(), String>>>);

/// Our words for the code the callback sent the browser back with (never the address's
/// own text: anyone can send a link with any words in it).
fn trip_failure(code: &str) -> &'static str {
    match code {
        "expired" => "That link took too long or was already used. Start linking again.",
        "other_session" => {
            "That link was started in another browser or session. Start linking again from this one."
        }
        "denied" => "The player platform did not link the account (it was refused or cancelled).",
        _ => "Linking did not work. Start linking again.",
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
            (_, Some(code)) => Some(Err(trip_failure(&code).to_owned())),
            (Some(_), None) => Some(Ok(())),
            (None, None) => None,
        },
    ));
    provide_context(trip);
    let accounts = RwSignal::new(page.accounts);
    let can_link = page.link_unavailable.is_none();
    let link = match page.link_unavailable {
        Some(help) => view! {
            <Panel id="link" title="Linking is not set up on this server">
                <p class="whitespace-pre-line text-sm text-slate-700" data-testid="link-help">{help}</p>
            </Panel>
        }
        .into_any(),
        None => view! {
            <a href=LINK_URL rel="external" class=LINK_BUTTON>"Link a player account"</a>
        }
        .into_any(),
    };
    view! {
        <div class="space-y-3">
            {move || trip.0.get().map(|outcome| match outcome {
                Ok(()) => view! { <Feedback tone=Tone::Success>"Player account linked."</Feedback> }.into_any(),
                Err(e) => view! {
                    <Feedback tone=Tone::Error alert=true>{format!("Linking did not finish: {e}")}</Feedback>
                }.into_any(),
            })}
        </div>
        <div class="mt-6 space-y-6">
            {link}
            {move || if accounts.with(Vec::is_empty) {
                view! {
                    <EmptyBox heading="No player account linked"
                        body="Once an account is linked, its players appear on the Devices page and its cards on the Import page."
                        next=None/>
                }.into_any()
            } else {
                view! {
                    <ul class="grid gap-4 md:grid-cols-2" aria-label="Linked accounts">
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
    let since = account.linked_at.get(..10).unwrap_or_default().to_owned();
    view! {
        <li class=PANEL aria-label=format!("Account {}", account.label)>
            <div class="flex flex-wrap items-center gap-2">
                <p class="min-w-0 break-all font-semibold">{account.label.clone()}</p>
                {if linked {
                    view! { <Badge text="Linked".to_owned() tone="bg-emerald-50 text-emerald-700"/> }
                } else {
                    view! { <Badge text="Needs linking again".to_owned() tone="bg-amber-100 text-amber-900"/> }
                }}
            </div>
            <p class="text-sm text-slate-600">{format!("Linked since {since}")}</p>
            {(!linked).then(|| view! {
                <Feedback tone=Tone::Warning alert=true class="space-y-2">
                    <p>{account.status_detail.as_deref().map(capitalised)
                        .unwrap_or_else(|| "The player platform no longer accepts this link.".into())}</p>
                    <p>"Publishing to it and controlling its players wait until you link it again."</p>
                    {if can_link {
                        view! { <a href=LINK_URL rel="external" class=LINK_BUTTON>"Link again"</a> }.into_any()
                    } else {
                        view! { <p>"Linking is not set up on this server: see above."</p> }.into_any()
                    }}
                </Feedback>
            })}
            <ErrorAlert message=error inline=true/>
            <ConfirmButton label="Unlink" question=format!("Unlink {}? Its cards stay on the players; Cardsmith forgets the link and its keys.", account.label)
                confirm_label="Yes, unlink" busy=busy on_confirm=unlink/>
        </li>
    }
}
