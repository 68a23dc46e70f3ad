//! The add/edit dialog of a provider: kind, model, API key (write-only: an edit leaves the
//! field empty and keeps the stored key unless a new one is typed), the server's address for
//! local kinds, the lifetime budget and the optional monthly cap (both typed in dollars; the
//! cap is sent in cents), and whether it is on. Admins can test a typed key before saving.

use cardsmith_model::llm::{
    kind_is_keyless, CreateProviderInput, TestProviderInput, TestProviderOutputBody,
    UpdateProviderInput,
};
use cardsmith_model::FieldError;
use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use super::state::{
    has_base_url, kind_name, kind_uses, kinds, model_hint, test_outcome, Editing, Owner, Providers,
};
use crate::components::form::{
    described_by, invalid, CheckField, ErrorAlert, Feedback, Field, SelectField, Tone, INPUT,
};
use crate::components::layout::BUTTON;
use crate::components::modal::{Modal, PRIMARY};

const FORM_ID: &str = "provider-form";

/// Dollars typed by a person ("5", "2.50", "$3") as a number; `None` when it is none.
pub fn dollars(text: &str) -> Option<f64> {
    let text = text.trim().trim_start_matches('$').trim().replace(',', ".");
    text.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// The form's values as typed.
#[derive(Clone, Copy)]
struct Values {
    kind: RwSignal<String>,
    model: RwSignal<String>,
    key: RwSignal<String>,
    base_url: RwSignal<String>,
    budget: RwSignal<String>,
    monthly: RwSignal<String>,
    enabled: RwSignal<bool>,
}

/// What the typed values make: the numbers read, or the fields that are not numbers.
struct Parsed {
    budget_usd: f64,
    monthly_budget_cents: Option<i64>,
    base_url: Option<String>,
    errors: Vec<FieldError>,
}

impl Values {
    fn parse(self) -> Parsed {
        let mut errors = Vec::new();
        let budget_usd = dollars(&self.budget.get_untracked()).unwrap_or_else(|| {
            errors.push(FieldError::new(
                "budget_usd",
                tr!("account-ai-budget-not-dollars"),
            ));
            0.0
        });
        let monthly = self.monthly.get_untracked();
        let monthly_budget_cents = if monthly.trim().is_empty() {
            None
        } else {
            match dollars(&monthly) {
                Some(d) => Some((d * 100.0).round() as i64),
                None => {
                    errors.push(FieldError::new(
                        "monthly_budget_cents",
                        tr!("account-ai-monthly-not-dollars"),
                    ));
                    None
                }
            }
        };
        let url = self.base_url.get_untracked().trim().to_owned();
        let base_url = (has_base_url(&self.kind.get_untracked()) && !url.is_empty()).then_some(url);
        Parsed {
            budget_usd,
            monthly_budget_cents,
            base_url,
            errors,
        }
    }

    fn model(self) -> String {
        self.model.get_untracked().trim().to_owned()
    }
}

/// The dialog, shown while `p.editing` is set.
#[component]
pub fn ProviderDialog(p: Providers, editing: Editing, on_close: Callback<()>) -> impl IntoView {
    let existing = match &editing {
        Editing::Existing(r) => Some((**r).clone()),
        Editing::New => None,
    };
    let values = Values {
        kind: RwSignal::new(
            existing
                .as_ref()
                .map_or_else(|| "openai".to_owned(), |r| r.provider.clone()),
        ),
        model: RwSignal::new(
            existing
                .as_ref()
                .map(|r| r.model.clone())
                .unwrap_or_default(),
        ),
        key: RwSignal::new(String::new()),
        base_url: RwSignal::new(
            existing
                .as_ref()
                .and_then(|r| r.base_url.clone())
                .unwrap_or_default(),
        ),
        budget: RwSignal::new(
            existing
                .as_ref()
                .map_or_else(|| "5.00".to_owned(), |r| format!("{:.2}", r.budget_usd)),
        ),
        monthly: RwSignal::new(
            existing
                .as_ref()
                .and_then(|r| r.monthly_budget_cents)
                .map(|c| format!("{:.2}", c as f64 / 100.0))
                .unwrap_or_default(),
        ),
        enabled: RwSignal::new(existing.as_ref().is_none_or(|r| r.enabled)),
    };
    let local = RwSignal::new(Vec::<FieldError>::new());
    let failed = RwSignal::new(None::<String>);
    let busy = RwSignal::new(false);
    let tested = RwSignal::new(None::<TestProviderOutputBody>);
    let error = move |field: &'static str| {
        Signal::derive(move || {
            local.with(|errors| {
                errors
                    .iter()
                    .find(|e| e.field() == field)
                    .map(|e| e.detail.clone())
            })
        })
    };
    let has_key = existing.as_ref().is_some_and(|r| r.has_key);
    let id = existing.as_ref().map(|r| r.id.clone());
    let priority = existing.as_ref().map(|r| r.priority);
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let parsed = values.parse();
        let key = values.key.get_untracked().trim().to_owned();
        let (provider, model, enabled) = (
            values.kind.get_untracked(),
            values.model(),
            values.enabled.get_untracked(),
        );
        let (body, checked) = match (&id, priority) {
            (Some(id), Some(priority)) => {
                let input = UpdateProviderInput {
                    provider,
                    model,
                    api_key: (!key.is_empty()).then_some(key),
                    budget_usd: parsed.budget_usd,
                    enabled,
                    priority,
                    monthly_budget_cents: parsed.monthly_budget_cents,
                    base_url: parsed.base_url,
                };
                let checked = input.validate(has_key);
                (Body::Update(id.clone(), input), checked)
            }
            _ => {
                let input = CreateProviderInput {
                    provider,
                    model,
                    api_key: key,
                    budget_usd: parsed.budget_usd,
                    enabled,
                    priority: p.next_priority(),
                    monthly_budget_cents: parsed.monthly_budget_cents,
                    base_url: parsed.base_url,
                };
                let checked = input.validate();
                (Body::Create(input), checked)
            }
        };
        let mut errors = parsed.errors;
        if let Err(more) = checked {
            // a number that did not parse is reported once, as typed
            let typed: Vec<String> = errors.iter().map(|e| e.field().to_owned()).collect();
            errors.extend(
                more.into_iter()
                    .filter(|e| !typed.iter().any(|f| f == e.field())),
            );
        }
        if !errors.is_empty() {
            local.set(errors);
            return;
        }
        local.set(Vec::new());
        failed.set(None);
        busy.set(true);
        p.spawn(async move {
            let (done, name) = match body {
                Body::Create(input) => {
                    let name = format!("{} ({})", kind_name(&input.provider), input.model);
                    (p.create(input).await.map(drop), name)
                }
                Body::Update(id, input) => {
                    let name = format!("{} ({})", kind_name(&input.provider), input.model);
                    (p.update(&id, input).await, name)
                }
            };
            busy.set(false);
            match done {
                Ok(()) => {
                    p.notice.set(Some(tr!("account-ai-saved", name = name)));
                    on_close.run(());
                }
                Err(e) => failed.set(Some(e)),
            }
        });
    };
    let on_test = move |_| {
        let parsed = values.parse();
        let model = values.model();
        let input = TestProviderInput {
            provider: values.kind.get_untracked(),
            api_key: values.key.get_untracked().trim().to_owned(),
            model: (!model.is_empty()).then_some(model),
            base_url: parsed.base_url,
        };
        if let Err(errors) = input.validate() {
            local.set(errors);
            return;
        }
        local.set(Vec::new());
        tested.set(None);
        busy.set(true);
        p.spawn(async move {
            let outcome = p.test_unsaved(input).await;
            busy.set(false);
            tested.set(Some(outcome));
        });
    };
    let title = if existing.is_some() {
        tr!("account-ai-edit-title")
    } else {
        tr!("account-ai-add-title")
    };
    let subtitle = existing
        .as_ref()
        .map(|r| format!("{} ({})", kind_name(&r.provider), r.model))
        .unwrap_or_else(|| match p.owner {
            Owner::User => tr!("account-ai-add-subtitle"),
            Owner::System => tr!("account-ai-system-add-subtitle"),
        });
    let can_test = p.owner == Owner::System;
    let needs_key = move || !kind_is_keyless(&values.kind.get());
    let footer = move || {
        view! {
            <button type="submit" form=FORM_ID class=PRIMARY disabled=move || busy.get()>
                {move || if busy.get() { tr!("saving") } else { tr!("account-ai-save") }}
            </button>
            {can_test.then(|| view! {
                <button type="button" class=BUTTON disabled=move || busy.get() || (needs_key() && values.key.get().trim().is_empty())
                    title=tr!("account-ai-test-key-title") on:click=on_test>{tr!("account-ai-test-key")}</button>
            })}
            <button type="button" class=BUTTON on:click=move |_| on_close.run(())>{tr!("account-cancel")}</button>
        }
    };
    let key_hint = if has_key {
        tr!("account-ai-key-hint-stored")
    } else {
        tr!("account-ai-key-hint-new")
    };
    view! {
        <Modal id="provider-dialog-heading" title subtitle on_close footer>
            <form id=FORM_ID class="space-y-4" novalidate on:submit=on_submit>
                <ErrorAlert message=failed/>
                <SelectField id="provider_kind" label=tr!("account-ai-provider") value=values.kind
                    options=kinds().into_iter().map(|(k, n)| (k.to_owned(), n)).collect()/>
                <p class="-mt-2 text-xs text-slate-500">{move || kind_uses(&values.kind.get())}</p>
                <Field id="provider_model" label=tr!("account-ai-model") error=error("model")>
                    <input id="provider_model" name="model" type="text" class=INPUT autocomplete="off" spellcheck="false"
                        bind:value=values.model placeholder=move || model_hint(&values.kind.get())
                        aria-invalid=invalid(error("model")) aria-describedby=described_by("provider_model", false, error("model"))/>
                </Field>
                <Field id="provider_key" label=tr!("account-ai-key") hint=key_hint error=error("api_key")>
                    <input id="provider_key" name="api_key" type="password" class=INPUT autocomplete="new-password" spellcheck="false"
                        bind:value=values.key placeholder=if has_key { tr!("account-ai-key-stored-placeholder") } else { String::new() }
                        aria-invalid=invalid(error("api_key")) aria-describedby=described_by("provider_key", true, error("api_key"))/>
                </Field>
                <Show when=move || has_base_url(&values.kind.get())>
                    <Field id="provider_base_url" label=tr!("account-ai-base-url") hint=tr!("account-ai-base-url-hint") error=error("base_url")>
                        <input id="provider_base_url" name="base_url" type="url" class=INPUT autocomplete="off" spellcheck="false" inputmode="url"
                            bind:value=values.base_url placeholder="http://localhost:11434"
                            aria-invalid=invalid(error("base_url")) aria-describedby=described_by("provider_base_url", true, error("base_url"))/>
                    </Field>
                </Show>
                <div class="grid gap-4 sm:grid-cols-2">
                    <Field id="provider_budget" label=tr!("account-ai-budget-dollars") hint=tr!("account-ai-budget-hint") error=error("budget_usd")>
                        <input id="provider_budget" name="budget_usd" type="text" inputmode="decimal" class=INPUT autocomplete="off"
                            bind:value=values.budget
                            aria-invalid=invalid(error("budget_usd")) aria-describedby=described_by("provider_budget", true, error("budget_usd"))/>
                    </Field>
                    <Field id="provider_monthly" label=tr!("account-ai-monthly-dollars") hint=tr!("account-ai-monthly-hint") error=error("monthly_budget_cents")>
                        <input id="provider_monthly" name="monthly_budget" type="text" inputmode="decimal" class=INPUT autocomplete="off"
                            bind:value=values.monthly
                            aria-invalid=invalid(error("monthly_budget_cents")) aria-describedby=described_by("provider_monthly", true, error("monthly_budget_cents"))/>
                    </Field>
                </div>
                <CheckField id="provider_enabled" label=tr!("account-ai-enabled") checked=values.enabled
                    hint=tr!("account-ai-enabled-hint")/>
                {move || tested.get().map(|t| {
                    let tone = if t.ok { Tone::Success } else { Tone::Error };
                    let words = test_outcome(t);
                    view! {
                        <Feedback tone>
                            <span data-testid="provider-test">{words}</span>
                        </Feedback>
                    }
                })}
                // priority errors cannot be typed here; shown rather than lost
                {move || error("priority").get().map(|e| view! { <p class="text-sm text-rose-700">{tr!("account-ai-order-problem", problem = e)}</p> })}
            </form>
        </Modal>
    }
}

/// What the form sends.
enum Body {
    Create(CreateProviderInput),
    Update(String, UpdateProviderInput),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dollars_read_as_people_type_them() {
        assert_eq!(dollars("5"), Some(5.0));
        assert_eq!(dollars(" $2.50 "), Some(2.5));
        assert_eq!(dollars("2,5"), Some(2.5));
        assert_eq!(dollars("five"), None);
        assert_eq!(dollars(""), None);
        assert_eq!(dollars("inf"), None);
    }
}
