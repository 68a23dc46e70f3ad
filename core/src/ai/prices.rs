//! The price list: what one call costs on each provider kind and model, in integer
//! micro-dollars (1 USD = 1,000,000), so estimates and charges add up exactly.
//!
//! This is the one file to edit when a provider changes its prices. Figures are the
//! providers' public list prices (standard tier, no batch or cache discounts) as of late
//! 2025, and the per-image figures of components.md §4 where they agree. A model the table
//! does not know is priced at its kind's `*` row, which is deliberately one of the dearer
//! models of that kind, so an unknown model never runs on an underestimated budget.
//! `ollama` and `openai-compatible` (local servers) and `offline` cost nothing.

use super::{wire, Capability};

/// What one unit of work costs on a model. Token prices are per million tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Price {
    pub input_per_mtok: i64,
    pub output_per_mtok: i64,
    pub per_image: i64,
    pub per_kchar: i64,
}

/// Micro-dollars from dollars, for the table's readability.
const fn usd(dollars: f64) -> i64 {
    (dollars * 1_000_000.0 + 0.5) as i64
}

const fn text(input: f64, output: f64) -> Price {
    Price {
        input_per_mtok: usd(input),
        output_per_mtok: usd(output),
        per_image: 0,
        per_kchar: 0,
    }
}

const fn image(each: f64) -> Price {
    Price {
        input_per_mtok: 0,
        output_per_mtok: 0,
        per_image: usd(each),
        per_kchar: 0,
    }
}

const fn speech(per_1000_chars: f64) -> Price {
    Price {
        input_per_mtok: 0,
        output_per_mtok: 0,
        per_image: 0,
        per_kchar: usd(per_1000_chars),
    }
}

const FREE: Price = Price {
    input_per_mtok: 0,
    output_per_mtok: 0,
    per_image: 0,
    per_kchar: 0,
};

/// `(kind, model, capability, price)`; `*` prices the kind's models not listed.
const TABLE: &[(&str, &str, Capability, Price)] = &[
    // OpenAI
    ("openai", "gpt-4o-mini", Capability::Text, text(0.15, 0.60)),
    ("openai", "gpt-4o", Capability::Text, text(2.50, 10.00)),
    ("openai", "gpt-4.1", Capability::Text, text(2.00, 8.00)),
    ("openai", "gpt-4.1-mini", Capability::Text, text(0.40, 1.60)),
    ("openai", "gpt-4.1-nano", Capability::Text, text(0.10, 0.40)),
    ("openai", "gpt-5", Capability::Text, text(1.25, 10.00)),
    ("openai", "gpt-5-mini", Capability::Text, text(0.25, 2.00)),
    ("openai", "gpt-5-nano", Capability::Text, text(0.05, 0.40)),
    ("openai", "*", Capability::Text, text(2.50, 10.00)),
    // components.md §4: openai_generate 0.05 a picture (gpt-image-1, medium, 1024²: 0.042)
    ("openai", "gpt-image-1", Capability::Image, image(0.05)),
    ("openai", "dall-e-3", Capability::Image, image(0.04)),
    ("openai", "dall-e-2", Capability::Image, image(0.02)),
    ("openai", "*", Capability::Image, image(0.08)),
    // speech: tts-1 $15 / 1M characters, tts-1-hd $30; gpt-4o-mini-tts about $0.015 a minute
    (
        "openai",
        "gpt-4o-mini-tts",
        Capability::Speech,
        speech(0.015),
    ),
    ("openai", "tts-1", Capability::Speech, speech(0.015)),
    ("openai", "tts-1-hd", Capability::Speech, speech(0.030)),
    ("openai", "*", Capability::Speech, speech(0.030)),
    // Anthropic (components.md §4: claude_haiku 0.001, claude_sonnet 0.005 per short call)
    (
        "anthropic",
        "claude-haiku-4-5",
        Capability::Text,
        text(1.00, 5.00),
    ),
    (
        "anthropic",
        "claude-3-5-haiku-latest",
        Capability::Text,
        text(0.80, 4.00),
    ),
    (
        "anthropic",
        "claude-sonnet-4-5",
        Capability::Text,
        text(3.00, 15.00),
    ),
    (
        "anthropic",
        "claude-sonnet-4-0",
        Capability::Text,
        text(3.00, 15.00),
    ),
    (
        "anthropic",
        "claude-opus-4-5",
        Capability::Text,
        text(5.00, 25.00),
    ),
    (
        "anthropic",
        "claude-opus-4-1",
        Capability::Text,
        text(15.00, 75.00),
    ),
    ("anthropic", "*", Capability::Text, text(15.00, 75.00)),
    // Google Gemini
    (
        "gemini",
        "gemini-2.5-flash",
        Capability::Text,
        text(0.30, 2.50),
    ),
    (
        "gemini",
        "gemini-2.5-flash-lite",
        Capability::Text,
        text(0.10, 0.40),
    ),
    (
        "gemini",
        "gemini-2.0-flash",
        Capability::Text,
        text(0.10, 0.40),
    ),
    (
        "gemini",
        "gemini-2.5-pro",
        Capability::Text,
        text(1.25, 10.00),
    ),
    ("gemini", "*", Capability::Text, text(2.50, 15.00)),
    // components.md §4: gemini_flash_image 0.07; Google lists $0.039 an image
    (
        "gemini",
        "gemini-2.5-flash-image",
        Capability::Image,
        image(0.07),
    ),
    ("gemini", "*", Capability::Image, image(0.07)),
    // Ideogram 3.0: turbo 0.03, default 0.06, quality 0.09
    ("ideogram", "V_3", Capability::Image, image(0.06)),
    ("ideogram", "V_3_TURBO", Capability::Image, image(0.03)),
    ("ideogram", "V_2", Capability::Image, image(0.08)),
    ("ideogram", "*", Capability::Image, image(0.09)),
    // ElevenLabs: API characters, multilingual v2 about $0.10 / 1k, flash and turbo half
    (
        "elevenlabs",
        "eleven_multilingual_v2",
        Capability::Speech,
        speech(0.10),
    ),
    (
        "elevenlabs",
        "eleven_flash_v2_5",
        Capability::Speech,
        speech(0.05),
    ),
    (
        "elevenlabs",
        "eleven_turbo_v2_5",
        Capability::Speech,
        speech(0.05),
    ),
    ("elevenlabs", "*", Capability::Speech, speech(0.30)),
];

/// Kinds whose calls cost nothing (local servers and the built-in provider): budgets do not
/// hold them back.
pub fn is_free(kind: &str) -> bool {
    matches!(kind, "ollama" | "openai-compatible" | "offline")
}

/// The price of `capability` on `model` of `kind`; `None` when the kind cannot do it.
/// Free kinds answer a zero price for whatever they are asked (the wire decides what the
/// server can do).
pub fn price(kind: &str, model: &str, capability: Capability) -> Option<Price> {
    if is_free(kind) {
        return Some(FREE);
    }
    let rows = || {
        TABLE
            .iter()
            .filter(move |(k, _, c, _)| *k == kind && *c == capability)
    };
    rows()
        .find(|(_, m, _, _)| *m == model)
        .or_else(|| rows().find(|(_, m, _, _)| *m == "*"))
        .map(|(_, _, _, p)| *p)
}

/// The price of `capability` on a record of `kind` configured with `model`: of the model
/// the call really runs on ([`wire::model_for`]: an OpenAI chat model draws with the kind's
/// image model).
pub fn price_for(kind: &str, model: &str, capability: Capability) -> Option<Price> {
    let runs_on = wire::Kind::parse(kind).map_or_else(
        || model.to_owned(),
        |k| wire::model_for(k, capability, model),
    );
    price(kind, &runs_on, capability)
}

/// The model a record of `kind` uses when none is named (a test of an unsaved key): the
/// kind's first, cheapest-to-ask model.
pub fn default_model(kind: &str) -> String {
    match kind {
        "ollama" => "llama3.2".into(),
        "openai-compatible" => "gpt-4o-mini".into(),
        _ => TABLE
            .iter()
            .find(|(k, m, _, _)| *k == kind && *m != "*")
            .map_or_else(|| kind.to_owned(), |(_, m, _, _)| (*m).to_owned()),
    }
}

/// `a × b / per`, rounded up: a charge is never rounded in the payer's favour to zero.
fn scaled(units: u64, price: i64, per: i64) -> i64 {
    let total = i128::from(units) * i128::from(price);
    let per = i128::from(per);
    i64::try_from((total + per - 1) / per).unwrap_or(i64::MAX)
}

impl Price {
    /// What a call that consumed `usage` costs.
    pub fn cost(&self, usage: &wire::Usage) -> i64 {
        scaled(usage.input_tokens, self.input_per_mtok, 1_000_000)
            .saturating_add(scaled(usage.output_tokens, self.output_per_mtok, 1_000_000))
            .saturating_add(self.per_image.saturating_mul(i64::from(usage.images)))
            .saturating_add(scaled(usage.characters, self.per_kchar, 1000))
    }
}

/// The most a text request can consume: every byte of the instructions and prompt a token
/// (no tokenizer makes more tokens than bytes, bar a few framing tokens) and the whole
/// `max_tokens` answer. Reserving this much before the call means the real charge never
/// exceeds what was reserved.
pub fn text_ceiling(request: &super::TextRequest) -> wire::Usage {
    wire::Usage {
        input_tokens: (request.system.len() + request.prompt.len()) as u64 + 64,
        output_tokens: u64::from(request.max_tokens),
        ..Default::default()
    }
}

/// The usage of one picture.
pub fn image_usage() -> wire::Usage {
    wire::Usage {
        images: 1,
        ..Default::default()
    }
}

/// The usage of speaking `text` (and its instructions, which some models bill as input).
pub fn speech_usage(request: &super::SpeechRequest) -> wire::Usage {
    let instructions = request
        .instructions
        .as_deref()
        .map_or(0, |i| i.chars().count());
    wire::Usage {
        characters: (request.text.chars().count() + instructions) as u64,
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::wire::Usage;
    use super::*;

    #[test]
    fn text_is_charged_per_token_and_rounded_up() {
        let p = price("openai", "gpt-4o-mini", Capability::Text).unwrap();
        let usage = Usage {
            input_tokens: 1_000_000,
            output_tokens: 1,
            ..Default::default()
        };
        // $0.15 for a million input tokens, and one output token rounds up to a micro-dollar
        assert_eq!(p.cost(&usage), 150_000 + 1);
    }

    #[test]
    fn unknown_models_take_the_dear_default_and_local_kinds_are_free() {
        let unknown = price("anthropic", "claude-next", Capability::Text).unwrap();
        assert_eq!(unknown.output_per_mtok, usd(75.0));
        assert_eq!(
            price("ollama", "llama3", Capability::Image),
            Some(FREE),
            "the local server decides what it can do"
        );
        assert_eq!(
            price("anthropic", "claude-haiku-4-5", Capability::Image),
            None
        );
        assert_eq!(price("ideogram", "V_3", Capability::Text), None);
    }

    #[test]
    fn a_text_model_is_charged_as_the_image_model_it_draws_with() {
        assert_eq!(
            price_for("openai", "gpt-4o-mini", Capability::Image),
            price("openai", "gpt-image-1", Capability::Image)
        );
        assert_eq!(
            price_for("openai", "gpt-4o-mini", Capability::Text),
            price("openai", "gpt-4o-mini", Capability::Text)
        );
    }

    #[test]
    fn speech_is_charged_per_thousand_characters() {
        let p = price("elevenlabs", "eleven_flash_v2_5", Capability::Speech).unwrap();
        let usage = Usage {
            characters: 2000,
            ..Default::default()
        };
        assert_eq!(p.cost(&usage), 100_000);
    }
}
