//! What the publish dialog knows and does. It belongs to the button that opens the dialog, not
//! to the dialog: closing the dialog while jobs run does not lose them, and opening it again
//! shows how they are doing.
//!
//! Everything here talks to the REST API from the browser (`/api/player-accounts`,
//! `/api/publish`, `/api/publish/verify`, `/api/jobs/{id}`): each call follows a click, so
//! nothing is rendered on the server and no resource is added to a hydrated page. Tasks run
//! under the button's owner and are cancelled with it, so a task never touches the signals of
//! a page that is gone (the jobs themselves carry on on the server).

use std::future::Future;

use cardsmith_model::player::{account_status, ListPlayerAccountsOutputBody, PlayerAccountOut};
use cardsmith_model::publish::{
    PublishBadge, PublishInput, PublishOutputBody, PublishPlanItem, VerifyPublishInput,
    VerifyPublishOutputBody, VerifyResult,
};
use leptos::prelude::*;
use leptos::task::spawn_local_scoped_with_cancellation;

use super::runs::Run;
use crate::api::rest::{self, Verb};

/// A card the dialog can publish.
#[derive(Debug, Clone, PartialEq)]
pub struct Pick {
    pub slug: String,
    pub title: String,
    /// The card's home collection: a dialog over cards of several collections publishes
    /// each group through its own.
    pub collection_id: String,
    pub track_count: i64,
    /// Where it stands now, shown beside its checkbox.
    pub badge: Option<PublishBadge>,
}

impl Pick {
    /// Only a card with tracks can be published (the job refuses an empty one).
    pub fn publishable(&self) -> bool {
        self.track_count > 0
    }
}

/// Where the dialog is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Choose,
    Plan,
    Publishing,
}

/// The caller's accounts: not asked yet, or the answer.
pub type Accounts = Option<Result<Vec<PlayerAccountOut>, String>>;

#[derive(Clone, Copy)]
pub struct Publisher {
    owner: StoredValue<Owner>,
    /// The collection the cards are published through; `None`: each card's own home.
    collection_id: StoredValue<Option<String>>,
    pub cards: Signal<Vec<Pick>>,
    pub accounts: RwSignal<Accounts>,
    pub chosen_accounts: RwSignal<Vec<String>>,
    pub chosen_cards: RwSignal<Vec<String>>,
    pub step: RwSignal<Step>,
    pub runs: RwSignal<Vec<Run>>,
    pub verified: RwSignal<Option<Vec<VerifyResult>>>,
    pub busy: RwSignal<bool>,
    pub error: RwSignal<Option<String>>,
    /// Whether the outcome of the last publish was on screen when the dialog closed; until
    /// it was, opening the dialog shows it again.
    seen: StoredValue<bool>,
    /// Bumped whenever publish records change (jobs queued, jobs ended), so the page can
    /// refresh its badges.
    pub changed: RwSignal<u32>,
}

impl Publisher {
    pub fn new(collection_id: Option<String>, cards: Signal<Vec<Pick>>) -> Self {
        Self {
            owner: StoredValue::new(Owner::current().unwrap_or_default()),
            collection_id: StoredValue::new(collection_id),
            cards,
            accounts: RwSignal::new(None),
            chosen_accounts: RwSignal::new(Vec::new()),
            chosen_cards: RwSignal::new(Vec::new()),
            step: RwSignal::new(Step::Choose),
            runs: RwSignal::new(Vec::new()),
            verified: RwSignal::new(None),
            busy: RwSignal::new(false),
            error: RwSignal::new(None),
            seen: StoredValue::new(true),
            changed: RwSignal::new(0),
        }
    }

    /// Runs `task` under the button's owner, cancelled when the button leaves the page.
    /// (Event handlers run without an owner, so it is restored here.)
    fn spawn(self, task: impl Future<Output = ()> + 'static) {
        self.owner
            .with_value(|owner| owner.with(|| spawn_local_scoped_with_cancellation(task)));
    }

    /// Whether jobs are still being followed.
    pub fn running(self) -> bool {
        self.step.get() == Step::Publishing
            && self
                .runs
                .with(|runs| runs.iter().any(|r| r.outcome.with(Option::is_none)))
    }

    /// The dialog closes; a finished publish counts as seen.
    pub fn closed(self) {
        if self.step.get_untracked() == Step::Publishing && !self.running() {
            self.seen.set_value(true);
        }
    }

    /// The dialog opens: on the first step with every publishable card chosen, unless a
    /// publish is running or ended while the dialog was closed (then it shows that).
    /// Accounts are asked for afresh each time, as one may have been linked or lost since.
    pub fn start(self) {
        if self.step.get_untracked() == Step::Publishing && !self.seen.get_value() {
            return;
        }
        self.step.set(Step::Choose);
        self.runs.set(Vec::new());
        self.verified.set(None);
        self.error.set(None);
        self.chosen_cards.set(self.cards.with_untracked(|cards| {
            cards
                .iter()
                .filter(|c| c.publishable())
                .map(|c| c.slug.clone())
                .collect()
        }));
        self.spawn(async move {
            let listed = rest::get::<ListPlayerAccountsOutputBody>("/api/player-accounts")
                .await
                .map(|body| body.accounts.unwrap_or_default());
            if let Ok(list) = &listed {
                let linked: Vec<String> = list
                    .iter()
                    .filter(|a| a.status == account_status::LINKED)
                    .map(|a| a.id.clone())
                    .collect();
                // keep an earlier choice of usable accounts; else every usable one
                self.chosen_accounts.update(|chosen| {
                    chosen.retain(|id| linked.contains(id));
                    if chosen.is_empty() {
                        *chosen = linked;
                    }
                });
            }
            self.accounts.set(Some(listed));
        });
    }

    pub fn nothing_chosen(self) -> bool {
        self.chosen_accounts.with(Vec::is_empty) || self.chosen_cards.with(Vec::is_empty)
    }

    /// The chosen cards in the page's order (the checkboxes add them in click order).
    fn chosen_slugs(self) -> Vec<String> {
        let chosen = self.chosen_cards.get_untracked();
        self.cards.with_untracked(|cards| {
            cards
                .iter()
                .filter(|c| chosen.contains(&c.slug))
                .map(|c| c.slug.clone())
                .collect()
        })
    }

    /// The dry run: what publishing would create, update or leave alone.
    pub fn check(self) {
        self.send(true);
    }

    /// Queues the jobs, then follows them one after another (the worker takes them in queue
    /// order, so polling all at once would only multiply requests).
    pub fn publish(self) {
        self.send(false);
    }

    /// The chosen cards by the collection they are published through, in the page's order:
    /// one group, or one per home collection when the cards come from several.
    fn groups(self) -> Vec<(String, Vec<String>)> {
        let chosen = self.chosen_slugs();
        if let Some(id) = self.collection_id.get_value() {
            return vec![(id, chosen)];
        }
        let mut groups: Vec<(String, Vec<String>)> = Vec::new();
        self.cards.with_untracked(|cards| {
            for pick in cards.iter().filter(|c| chosen.contains(&c.slug)) {
                match groups.iter_mut().find(|(id, _)| *id == pick.collection_id) {
                    Some((_, slugs)) => slugs.push(pick.slug.clone()),
                    None => groups.push((pick.collection_id.clone(), vec![pick.slug.clone()])),
                }
            }
        });
        groups
    }

    fn send(self, dry_run: bool) {
        let accounts = self.chosen_accounts.get_untracked();
        let inputs: Vec<PublishInput> = self
            .groups()
            .into_iter()
            .map(|(collection_id, card_slugs)| PublishInput {
                account_ids: accounts.clone(),
                card_slugs,
                collection_id,
                dry_run,
            })
            .collect();
        self.busy.set(true);
        self.error.set(None);
        self.verified.set(None);
        self.spawn(async move {
            // one plan for every card, whichever collection each is published through
            let mut plan = Vec::new();
            for input in &inputs {
                let answer: Result<PublishOutputBody, _> =
                    rest::send(Verb::Post, "/api/publish", input).await;
                match answer {
                    Ok(out) => plan.extend(out.plan),
                    Err(e) => {
                        self.busy.set(false);
                        return self.error.set(Some(e));
                    }
                }
            }
            self.busy.set(false);
            let runs = self.runs_of(plan);
            self.runs.set(runs.clone());
            if dry_run {
                self.step.set(Step::Plan);
                return;
            }
            self.step.set(Step::Publishing);
            self.seen.set_value(false);
            self.changed.update(|n| *n += 1);
            for run in runs {
                run.follow().await;
            }
            self.changed.update(|n| *n += 1);
        });
    }

    /// Compares what the chosen accounts hold with the chosen cards.
    pub fn verify(self) {
        let input = VerifyPublishInput {
            account_ids: self.chosen_accounts.get_untracked(),
            card_slugs: self.chosen_slugs(),
        };
        self.busy.set(true);
        self.error.set(None);
        self.spawn(async move {
            let answer: Result<VerifyPublishOutputBody, _> =
                rest::send(Verb::Post, "/api/publish/verify", &input).await;
            self.busy.set(false);
            match answer {
                Ok(out) => self.verified.set(Some(out.results.unwrap_or_default())),
                Err(e) => self.error.set(Some(e)),
            }
        });
    }

    fn runs_of(self, plan: Vec<PublishPlanItem>) -> Vec<Run> {
        plan.into_iter()
            .map(|item| {
                let (card, account) = (self.title(&item.card_slug), self.label(&item.account_id));
                Run::new(item, card, account)
            })
            .collect()
    }

    /// The card's title (its slug if the page no longer lists it).
    pub fn title(self, slug: &str) -> String {
        self.cards.with_untracked(|cards| {
            cards
                .iter()
                .find(|c| c.slug == slug)
                .map_or_else(|| slug.to_owned(), |c| c.title.clone())
        })
    }

    /// The account's label (its id if it is no longer listed).
    pub fn label(self, id: &str) -> String {
        self.accounts.with_untracked(|a| {
            a.iter()
                .flatten()
                .flatten()
                .find(|a| a.id == id)
                .map_or_else(|| id.to_owned(), |a| a.label.clone())
        })
    }
}
