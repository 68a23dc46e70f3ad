use super::*;

fn provider(kind: &str, model: &str, owner: &str) -> LLMProviderOut {
    LLMProviderOut {
        id: format!("{kind}-{owner}"),
        provider: kind.into(),
        model: model.into(),
        owner_type: owner.into(),
        monthly_spend_reset_at: "2026-12-01T00:00:00Z".into(),
        enabled: true,
        has_key: true,
        priority: 0,
        budget_usd: 5.0,
        budget_left: 5.0,
        spent_usd: 0.0,
        monthly_budget_cents: None,
        monthly_spend_cents: 0,
        base_url: None,
        last_error: None,
    }
}

#[test]
fn the_cascade_reads_as_a_sentence() {
    let cascade = [
        provider("openai", "gpt-4o-mini", "user"),
        provider("anthropic", "claude-haiku-4-5", "system"),
        provider("offline", "offline", "system"),
    ];
    assert_eq!(
        cascade_words(&cascade),
        "First your OpenAI (gpt-4o-mini), then the instance's Anthropic (claude-haiku-4-5), then the built-in offline generators."
    );
    assert!(cascade_words(&cascade[2..]).starts_with("Everything is made by the built-in offline"));
    assert!(cascade_words(&[]).starts_with("Everything"));
    assert!(cascade_words(&cascade[..1]).ends_with("then the built-in offline generators."));
}

#[test]
fn money_and_dates_read_naturally() {
    assert_eq!(usd(5.0), "$5.00");
    assert_eq!(usd(0.004), "< $0.01");
    assert_eq!(usd(0.0), "$0.00");
    assert_eq!(day("2026-12-01T00:00:00Z"), "1 December 2026");
    assert_eq!(day("soon"), "soon");
    assert_eq!(percent(1.0, 4.0), 25.0);
    assert_eq!(percent(1.0, 0.0), 100.0);
    assert_eq!(percent(0.0, 0.0), 0.0);
    assert_eq!(
        budget_words(0.0, 0.0, 0.0),
        "No budget: only free calls are made"
    );
}
