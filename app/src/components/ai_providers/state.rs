//! What the AI providers section knows and does, for one owner: the caller's own providers
//! (Settings) or the instance's (the admin page). Both speak the same REST shapes under
//! different paths, so one state serves both.
//!
//! Everything is asked for from the browser after the page is on screen (an effect starts the
//! first load), so nothing here is part of the server render or of hydration. Tasks run under
//! the section's owner and are cancelled with it.

use std::collections::HashMap;
use std::future::Future;

use cardsmith_model::llm::{
    CreateProviderInput, LLMProviderOut, TestProviderInput, TestProviderOutputBody,
    UpdateProviderInput,
};
use leptos::prelude::*;
use leptos::task::spawn_local_scoped_with_cancellation;

use crate::api::rest::{self, Verb};

/// Whose providers a section shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    /// The signed-in user's own (`/settings/llm-providers`).
    User,
    /// The instance's, for every user (`/admin/llm-providers`, admins only).
    System,
}

impl Owner {
    fn base(self) -> &'static str {
        match self {
            Owner::User => "/api/settings/llm-providers",
            Owner::System => "/api/admin/llm-providers",
        }
    }
}

/// A list the server has not answered yet (`None`), or its answer.
pub type Loaded<T> = Option<Result<T, String>>;

/// What the add/edit dialog works on.
#[derive(Debug, Clone, PartialEq)]
pub enum Editing {
    New,
    Existing(Box<LLMProviderOut>),
}

#[derive(Clone, Copy)]
pub struct Providers {
    pub owner: Owner,
    scope: StoredValue<leptos::prelude::Owner>,
    /// The records in cascade order (priority, lowest first).
    pub list: RwSignal<Loaded<Vec<LLMProviderOut>>>,
    /// The caller's resolved cascade (users only).
    pub cascade: RwSignal<Loaded<Vec<LLMProviderOut>>>,
    /// The last failure of a change made from the list (toggle, reorder, delete).
    pub error: RwSignal<Option<String>>,
    /// The last success, in words.
    pub notice: RwSignal<Option<String>>,
    /// The outcome of the last test of each saved provider, by id.
    pub tests: RwSignal<HashMap<String, TestProviderOutputBody>>,
    /// Ids with a change or test on the way (their buttons wait).
    pub busy: RwSignal<Vec<String>>,
    /// The dialog: closed, adding, or editing one record.
    pub editing: RwSignal<Option<Editing>>,
    /// A row being dragged by its handle: its id and the place it would drop at.
    pub dragging: RwSignal<Option<(String, usize)>>,
}

impl Providers {
    pub fn new(owner: Owner) -> Self {
        Self {
            owner,
            scope: StoredValue::new(leptos::prelude::Owner::current().unwrap_or_default()),
            list: RwSignal::new(None),
            cascade: RwSignal::new(None),
            error: RwSignal::new(None),
            notice: RwSignal::new(None),
            tests: RwSignal::new(HashMap::new()),
            busy: RwSignal::new(Vec::new()),
            editing: RwSignal::new(None),
            dragging: RwSignal::new(None),
        }
    }

    /// Runs `task` under the section's owner (event handlers run without one).
    pub fn spawn(self, task: impl Future<Output = ()> + 'static) {
        self.scope
            .with_value(|owner| owner.with(|| spawn_local_scoped_with_cancellation(task)));
    }

    fn item_url(self, id: &str) -> String {
        format!("{}/{id}", self.owner.base())
    }

    /// Asks for the list (and, for a user, the cascade) afresh.
    pub fn load(self) {
        self.spawn(async move {
            let list = rest::get::<Vec<LLMProviderOut>>(self.owner.base())
                .await
                .map(|mut list| {
                    list.sort_by_key(|p| p.priority);
                    list
                });
            self.list.set(Some(list));
            if self.owner == Owner::User {
                let url = format!("{}/cascade", self.owner.base());
                self.cascade.set(Some(rest::get(&url).await));
            }
        });
    }

    /// The records as shown (empty while loading or after a failure).
    pub fn records(self) -> Vec<LLMProviderOut> {
        self.list
            .with(|l| l.as_ref().and_then(|r| r.as_ref().ok()).cloned())
            .unwrap_or_default()
    }

    pub fn is_busy(self, id: &str) -> bool {
        self.busy.with(|b| b.iter().any(|x| x == id))
    }

    fn mark(self, id: &str, on: bool) {
        self.busy.update(|b| {
            b.retain(|x| x != id);
            if on {
                b.push(id.to_owned());
            }
        });
    }

    /// The priority a new record gets: after every one there is, so it runs last.
    pub fn next_priority(self) -> i64 {
        self.list.with_untracked(|l| {
            l.as_ref()
                .and_then(|r| r.as_ref().ok())
                .and_then(|list| list.iter().map(|p| p.priority).max())
                .map_or(0, |p| (p + 1).min(cardsmith_model::llm::PRIORITY_MAX))
        })
    }

    /// Creates a record; answers why not, in words.
    pub async fn create(self, input: CreateProviderInput) -> Result<LLMProviderOut, String> {
        let created = rest::send(Verb::Post, self.owner.base(), &input).await?;
        self.load();
        Ok(created)
    }

    /// Changes a record; answers why not, in words.
    pub async fn update(self, id: &str, input: UpdateProviderInput) -> Result<(), String> {
        rest::send_empty(Verb::Put, &self.item_url(id), &input).await?;
        self.tests.update(|t| drop(t.remove(id)));
        self.load();
        Ok(())
    }

    /// Turns a record on or off, keeping everything else (the key too).
    pub fn set_enabled(self, record: LLMProviderOut, enabled: bool) {
        let input = UpdateProviderInput {
            enabled,
            ..kept(&record)
        };
        self.mark(&record.id, true);
        self.error.set(None);
        self.spawn(async move {
            let done = rest::send_empty(Verb::Put, &self.item_url(&record.id), &input).await;
            self.mark(&record.id, false);
            match done {
                Ok(()) => {
                    let name = name_of(&record);
                    self.notice.set(Some(if enabled {
                        tr!("account-ai-turned-on", name = name)
                    } else {
                        tr!("account-ai-turned-off", name = name)
                    }));
                }
                Err(e) => self.error.set(Some(e)),
            }
            self.load();
        });
    }

    /// Moves record `id` by `step` places and saves the new priorities (0, 1, 2, … in the
    /// order on screen, so records that had the same priority get an order of their own).
    /// The list moves at once; on a failure the server's order comes back.
    pub fn shift(self, id: &str, step: isize) {
        let mut list = self.records();
        let Some(from) = list.iter().position(|p| p.id == id) else {
            return;
        };
        let Some(to) = from.checked_add_signed(step).filter(|to| *to < list.len()) else {
            return;
        };
        let moved = list.remove(from);
        list.insert(to, moved);
        let changes: Vec<(String, UpdateProviderInput)> = list
            .iter()
            .enumerate()
            .filter_map(|(index, p)| {
                let priority = i64::try_from(index).ok()?;
                (p.priority != priority).then(|| {
                    (
                        p.id.clone(),
                        UpdateProviderInput {
                            priority,
                            ..kept(p)
                        },
                    )
                })
            })
            .collect();
        for (index, p) in list.iter_mut().enumerate() {
            p.priority = i64::try_from(index).unwrap_or_default();
        }
        let name = list.get(to).map(name_of).unwrap_or_default();
        self.list.set(Some(Ok(list)));
        self.error.set(None);
        self.mark(id, true);
        let id = id.to_owned();
        self.spawn(async move {
            let mut failed = None;
            for (other, input) in changes {
                if let Err(e) = rest::send_empty(Verb::Put, &self.item_url(&other), &input).await {
                    failed = Some(e);
                    break;
                }
            }
            self.mark(&id, false);
            match failed {
                None => {
                    self.notice
                        .set(Some(tr!("account-ai-moved", name = &name, place = to + 1)))
                }
                Some(e) => self
                    .error
                    .set(Some(tr!("account-ai-order-not-saved", error = e))),
            }
            self.load();
        });
    }

    /// The pointer of a drag is over the row at place `to` (if over a row at all).
    pub fn drag_over(self, to: Option<usize>) {
        if let Some(to) = to {
            self.dragging.update(|d| {
                if let Some((_, at)) = d {
                    *at = to;
                }
            });
        }
    }

    /// Ends a drag: the dragged record moves to the place it was let go at.
    pub fn drop_dragged(self) {
        let Some((id, to)) = self.dragging.get_untracked() else {
            return;
        };
        self.dragging.set(None);
        let from = self.records().iter().position(|p| p.id == id);
        if let Some(from) = from {
            let step = to as isize - from as isize;
            if step != 0 {
                self.shift(&id, step);
            }
        }
    }

    /// Deletes record `id`.
    pub fn delete(self, record: LLMProviderOut) {
        self.mark(&record.id, true);
        self.error.set(None);
        self.spawn(async move {
            let done = rest::call_empty(Verb::Delete, &self.item_url(&record.id)).await;
            self.mark(&record.id, false);
            match done {
                Ok(()) => self
                    .notice
                    .set(Some(tr!("account-ai-deleted", name = name_of(&record)))),
                Err(e) => self.error.set(Some(e)),
            }
            self.load();
        });
    }

    /// Tests a saved record with its stored key (users: `POST …/{id}/test`).
    pub fn test_saved(self, id: String) {
        self.mark(&id, true);
        self.spawn(async move {
            let url = format!("{}/test", self.item_url(&id));
            let outcome = rest::call::<TestProviderOutputBody>(Verb::Post, &url)
                .await
                .unwrap_or_else(|message| TestProviderOutputBody { ok: false, message });
            self.mark(&id, false);
            self.tests.update(|t| drop(t.insert(id.clone(), outcome)));
            // a failed test is recorded as the provider's last error
            self.load();
        });
    }

    /// Tests a key before it is saved (admins: `POST /admin/llm-providers/test`).
    pub async fn test_unsaved(self, input: TestProviderInput) -> TestProviderOutputBody {
        let url = format!("{}/test", self.owner.base());
        rest::send::<_, TestProviderOutputBody>(Verb::Post, &url, &input)
            .await
            .unwrap_or_else(|message| TestProviderOutputBody { ok: false, message })
    }
}

/// The update body that changes nothing of `p` (the stored key is kept).
pub fn kept(p: &LLMProviderOut) -> UpdateProviderInput {
    UpdateProviderInput {
        provider: p.provider.clone(),
        model: p.model.clone(),
        api_key: None,
        budget_usd: p.budget_usd,
        enabled: p.enabled,
        priority: p.priority,
        monthly_budget_cents: p.monthly_budget_cents,
        base_url: p.base_url.clone(),
    }
}

/// The kinds a form offers, with the names people know them by (brand names stay as they
/// are; only a kind described in words is translated).
pub fn kinds() -> [(&'static str, String); 7] {
    [
        ("openai", "OpenAI".to_owned()),
        (
            "openai-compatible",
            tr!("account-ai-kind-openai-compatible"),
        ),
        ("ollama", "Ollama".to_owned()),
        ("anthropic", "Anthropic".to_owned()),
        ("gemini", "Google Gemini".to_owned()),
        ("ideogram", "Ideogram".to_owned()),
        ("elevenlabs", "ElevenLabs".to_owned()),
    ]
}

/// The name of a provider kind ("OpenAI"); the id itself when unknown.
pub fn kind_name(kind: &str) -> String {
    kinds()
        .into_iter()
        .find(|(k, _)| *k == kind)
        .map_or_else(|| kind.to_owned(), |(_, name)| name)
}

/// "OpenAI (gpt-4o-mini)".
pub fn name_of(p: &LLMProviderOut) -> String {
    format!("{} ({})", kind_name(&p.provider), p.model)
}

/// A usual model for each kind, offered as the placeholder of the model field.
pub fn model_hint(kind: &str) -> String {
    match kind {
        "openai" => "gpt-4o-mini".to_owned(),
        "anthropic" => "claude-haiku-4-5".to_owned(),
        "gemini" => "gemini-2.5-flash".to_owned(),
        "ideogram" => "V_3".to_owned(),
        "elevenlabs" => "eleven_multilingual_v2".to_owned(),
        "ollama" => "llama3.2".to_owned(),
        _ => tr!("account-ai-model-placeholder"),
    }
}

/// What a kind is good for, in a few words.
pub fn kind_uses(kind: &str) -> String {
    match kind {
        "openai" => tr!("account-ai-uses-openai"),
        "openai-compatible" => tr!("account-ai-uses-openai-compatible"),
        "ollama" => tr!("account-ai-uses-ollama"),
        "anthropic" | "gemini" => tr!("account-ai-uses-text"),
        "ideogram" => tr!("account-ai-uses-ideogram"),
        "elevenlabs" => tr!("account-ai-uses-elevenlabs"),
        _ => String::new(),
    }
}

/// A test's outcome in words: "Test passed: …" or "Test failed: …" and what the provider
/// said.
pub fn test_outcome(test: TestProviderOutputBody) -> String {
    if test.ok {
        tr!("account-ai-test-passed", message = test.message)
    } else {
        tr!("account-ai-test-failed", message = test.message)
    }
}

/// Whether the form asks where the server answers.
pub fn has_base_url(kind: &str) -> bool {
    matches!(kind, "openai-compatible" | "ollama")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_the_model_accepts_has_a_name() {
        for kind in cardsmith_model::llm::PROVIDER_KINDS {
            assert_ne!(kind_name(kind), kind, "{kind}");
        }
        assert_eq!(kinds().len(), cardsmith_model::llm::PROVIDER_KINDS.len());
        assert_eq!(kind_name("something"), "something");
    }
}
