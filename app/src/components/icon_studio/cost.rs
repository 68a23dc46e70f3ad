//! Before a call that may cost money, the Icons panel looks at the caller's cascade: when the
//! first provider able to draw is a paid one, the call waits for the user to confirm the
//! estimated cost; when only the offline generators are left, it says so and goes ahead.

use cardsmith_model::icons::IconEstimateOut;
use cardsmith_model::llm::{LLMProviderOut, OFFLINE};
use leptos::prelude::*;

use super::state::Studio;
use crate::api::rest;
use crate::components::ai_providers::name_of;

/// A paid call waiting for the user's yes: what it does, what it may cost, and the call.
#[derive(Clone)]
pub struct Pending {
    /// The question, e.g. "Make 4 variations of “Moon” with your OpenAI (gpt-4o-mini)?"
    pub question: String,
    /// The cost in words, e.g. "Estimated cost: about $0.02, from its budget ($4.98 left)."
    pub cost: String,
    pub action: Action,
}

/// Calls that may cost money.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    Sample,
    GenerateAll,
    Variations {
        position: i64,
        count: i64,
        prompt: Option<String>,
    },
    Regenerate {
        position: i64,
    },
}

impl Action {
    /// The chapter the action is about; `None` for the whole card.
    pub fn chapter(&self) -> Option<i64> {
        match self {
            Action::Sample | Action::GenerateAll => None,
            Action::Variations { position, .. } | Action::Regenerate { position } => {
                Some(*position)
            }
        }
    }
}

/// Who would do the drawing now, as far as the cascade says.
#[derive(Debug, Clone, PartialEq)]
pub enum Drawer {
    /// Not asked yet, or the cascade could not be read.
    Unknown,
    Offline,
    /// A provider with no budget left to spend: it only makes calls that cost nothing.
    Free(Box<LLMProviderOut>),
    Paid(Box<LLMProviderOut>),
}

impl Studio {
    /// Asks for `action`: at once when the drawing is free, else after the user's yes.
    pub fn ask(self, action: Action) {
        match self.drawer.get_untracked() {
            Drawer::Paid(provider) => {
                // the price first: the question says what the call is estimated to cost
                let url = self.url(&format!("/estimate?count={}", self.icons_in(&action)));
                self.spawn(async move {
                    let estimate = rest::get::<IconEstimateOut>(&url)
                        .await
                        .ok()
                        .map(|e| e.estimated_usd);
                    self.pending
                        .set(Some(self.question(&action, &provider, estimate)));
                });
            }
            _ => self.perform(action),
        }
    }

    /// How many icons `action` draws.
    fn icons_in(self, action: &Action) -> i64 {
        match action {
            Action::Sample => 2,
            Action::GenerateAll => self.tracks.with_untracked(Vec::len).max(1) as i64,
            Action::Variations { count, .. } => *count,
            Action::Regenerate { .. } => 1,
        }
    }

    fn question(self, action: &Action, p: &LLMProviderOut, estimate: Option<f64>) -> Pending {
        // whose provider draws (`owner_type`: "user" reads "your …", else "the instance's …")
        let owner = p.owner_type.as_str();
        let name = name_of(p);
        let question = match action {
            Action::Sample => tr!("art-icons-ask-sample", owner = owner, name = &name),
            Action::GenerateAll => {
                let n = self.tracks.with_untracked(Vec::len);
                tr!("art-icons-ask-all", count = n, owner = owner, name = &name)
            }
            Action::Variations {
                position, count, ..
            } => tr!(
                "art-icons-ask-variations",
                count = *count,
                title = self.title(*position),
                owner = owner,
                name = &name
            ),
            Action::Regenerate { position } => tr!(
                "art-icons-ask-regenerate",
                title = self.title(*position),
                owner = owner,
                name = &name
            ),
        };
        let left = super::usd(p.budget_left);
        let cost = match estimate {
            Some(usd) => tr!(
                "art-icons-cost-estimated",
                cost = super::usd(usd),
                left = &left
            ),
            None => tr!("art-icons-cost-paid", left = &left),
        };
        Pending {
            question,
            cost,
            action: action.clone(),
        }
    }

    /// Whether a drawing that cost nothing was made offline ("free, offline": only the
    /// offline generators are left), rather than by a provider without budget ("free").
    pub fn offline(self) -> bool {
        matches!(self.drawer.get_untracked(), Drawer::Offline)
    }
}

/// The first provider in `cascade` able to draw (text for grids, or pictures); speech-only
/// kinds cannot. One without budget left only makes calls that cost nothing (the cascade
/// never lets a call go over a budget), so it needs no confirmation.
pub fn drawer_of(cascade: &[LLMProviderOut]) -> Drawer {
    match cascade.iter().find(|p| p.provider != "elevenlabs") {
        None => Drawer::Offline,
        Some(p) if p.provider == OFFLINE => Drawer::Offline,
        Some(p) if p.budget_left <= 0.0 => Drawer::Free(Box::new(p.clone())),
        Some(p) => Drawer::Paid(Box::new(p.clone())),
    }
}
