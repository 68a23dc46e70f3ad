//! Who generated content is for: the child a collection's profile describes, refined by a
//! preset. Every prompt made for a child says the same safety rules, and every text a
//! provider returns is checked against the themes the parent asked to avoid before it is
//! used: a model that ignores the instruction does not get its text onto a child's player.

use cardsmith_model::collection::{CollectionProfileOut, PresetOut};

/// The child and the parent's wishes, as prompts need them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Audience {
    pub child_name: String,
    pub child_age: Option<i64>,
    pub interests: String,
    pub pets: String,
    pub friends: String,
    pub notes: String,
    /// Lower-cased words and phrases that must not appear (split on commas, semicolons and
    /// line breaks).
    pub avoid: Vec<String>,
    pub vocab_level: String,
    /// Minutes of listening the story should last (0: unspecified).
    pub duration_min: i64,
    pub voice_id: String,
}

impl Audience {
    /// The profile, with a preset's vocabulary, voice and length where the preset sets them.
    pub fn new(profile: &CollectionProfileOut, preset: Option<&PresetOut>) -> Self {
        let pick = |preset_value: Option<&String>, profile_value: &str| {
            preset_value
                .filter(|v| !v.trim().is_empty())
                .map_or_else(|| profile_value.trim().to_owned(), |v| v.trim().to_owned())
        };
        Self {
            child_name: profile.child_name.trim().to_owned(),
            child_age: profile.child_age,
            interests: profile.interests.trim().to_owned(),
            pets: profile.pets.trim().to_owned(),
            friends: profile.friends.trim().to_owned(),
            notes: profile.notes.trim().to_owned(),
            avoid: split_list(&profile.avoid_themes),
            vocab_level: pick(preset.map(|p| &p.vocab_level), &profile.vocab_level),
            duration_min: preset
                .map(|p| p.duration_min)
                .filter(|m| *m > 0)
                .unwrap_or(profile.duration_min),
            voice_id: pick(preset.map(|p| &p.voice_id), &profile.voice_id),
        }
    }

    /// The rules every prompt for a child starts with.
    pub fn system_rules(&self) -> String {
        let mut rules = String::from(
            "You write for young children. Everything you produce must be gentle, kind and safe \
             for a child: no violence, no fear beyond a mild, quickly resolved suspense, no \
             romance, no brands, no real people, nothing a parent would not read aloud at \
             bedtime.",
        );
        if !self.avoid.is_empty() {
            rules.push_str(" Never mention or allude to: ");
            rules.push_str(&self.avoid.join(", "));
            rules.push('.');
        }
        rules
    }

    /// The child, in a sentence or two a prompt can include ("" when nothing is known).
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        match (self.child_name.is_empty(), self.child_age) {
            (false, Some(age)) => {
                parts.push(format!("The listener is {}, aged {age}.", self.child_name))
            }
            (false, None) => parts.push(format!("The listener is {}.", self.child_name)),
            (true, Some(age)) => parts.push(format!("The listener is {age} years old.")),
            (true, None) => {}
        }
        for (label, value) in [
            ("They love", &self.interests),
            ("Their pets", &self.pets),
            ("Their friends", &self.friends),
            ("Also", &self.notes),
        ] {
            if !value.is_empty() {
                parts.push(format!("{label}: {value}."));
            }
        }
        if !self.vocab_level.is_empty() {
            parts.push(format!("Vocabulary level: {}.", self.vocab_level));
        }
        parts.join(" ")
    }

    /// The avoided themes `text` mentions (whole words, case-insensitive); empty when it is
    /// fine to use.
    pub fn violations(&self, text: &str) -> Vec<String> {
        let words = normalise(text);
        self.avoid
            .iter()
            .filter(|theme| {
                let theme = normalise(theme);
                !theme.trim().is_empty()
                    && format!(" {words} ").contains(&format!(" {} ", theme.trim()))
            })
            .cloned()
            .collect()
    }
}

/// Lower-case words separated by single spaces, everything else dropped, so "Spiders!" and
/// "spiders" match.
fn normalise(text: &str) -> String {
    text.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

fn split_list(text: &str) -> Vec<String> {
    text.split([',', ';', '\n'])
        .map(|s| s.trim().to_lowercase())
        .filter(|s| !s.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn profile() -> CollectionProfileOut {
        CollectionProfileOut {
            child_name: "Mia".into(),
            child_age: Some(5),
            interests: "dinosaurs, the sea".into(),
            avoid_themes: "spiders; thunder storms\nthe dark".into(),
            vocab_level: "simple".into(),
            duration_min: 10,
            ..Default::default()
        }
    }

    #[test]
    fn avoided_themes_are_found_as_whole_words_in_any_case() {
        let a = Audience::new(&profile(), None);
        assert_eq!(a.violations("Mia saw SPIDERS!"), vec!["spiders"]);
        assert_eq!(
            a.violations("A thunder   storms over"),
            vec!["thunder storms"]
        );
        assert!(a.violations("Spidersilk is not a spider word").is_empty());
        assert!(a.violations("A dinosaur by the sea.").is_empty());
    }

    #[test]
    fn a_preset_refines_the_profile() {
        let preset = PresetOut {
            id: "p".into(),
            collection_id: "c".into(),
            name: "Bedtime".into(),
            emoji: String::new(),
            prompt_template: String::new(),
            vocab_level: "very simple".into(),
            voice_id: "flite:slt".into(),
            duration_min: 5,
            sort_order: 0,
            created_at: String::new(),
        };
        let a = Audience::new(&profile(), Some(&preset));
        assert_eq!((a.vocab_level.as_str(), a.duration_min), ("very simple", 5));
        assert_eq!(a.voice_id, "flite:slt");
        assert!(a.describe().contains("Mia, aged 5"));
        assert!(a
            .system_rules()
            .contains("spiders, thunder storms, the dark"));
    }
}
