//! Templates are told about the profile's child and themed by the preset and the idea.

use cardsmith_i18n::Locale;
use cardsmith_model::collection::{CollectionProfileOut, PresetOut};
use cardsmith_model::story::MakeStoryInput;

use super::story_template;

fn profile(name: &str, interests: &str, pets: &str, avoid: &str) -> CollectionProfileOut {
    CollectionProfileOut {
        child_name: name.into(),
        interests: interests.into(),
        pets: pets.into(),
        friends: "Sam, Ada".into(),
        avoid_themes: avoid.into(),
        ..Default::default()
    }
}

fn preset(name: &str, prompt: &str) -> PresetOut {
    PresetOut {
        id: "p".into(),
        collection_id: "c".into(),
        name: name.into(),
        emoji: String::new(),
        prompt_template: prompt.into(),
        vocab_level: String::new(),
        voice_id: String::new(),
        duration_min: 5,
        sort_order: 0,
        created_at: String::new(),
    }
}

#[test]
fn the_story_is_about_the_profiles_child() {
    let child = profile("Mia", "trains and boats", "a cat called Tom", "");
    let (title, text) = story_template(&child, None, "", Locale::En);
    // boats point at the sea
    assert_eq!(title, "Mia and the Gentle Sea");
    assert!(
        text.starts_with("Chapter 1: The Little Boat\n\nOnce upon a time there was a child called Mia, who loved trains."),
        "{text}"
    );
    assert!(text.contains("climbed in with a cat called Tom"), "{text}");
    assert!(text.contains("tell Sam about the dolphins"), "{text}");
    assert!(text.ends_with("Goodnight, Mia. Sleep well."), "{text}");
    assert_eq!(text.matches("\nChapter ").count() + 1, 3);
    assert!(!text.contains('{'), "a placeholder was left: {text}");
}

#[test]
fn an_empty_profile_still_reads_well_and_makes_a_valid_card() {
    let (title, text) = story_template(&CollectionProfileOut::default(), None, "", Locale::En);
    assert_eq!(title, "Pip and the Quiet Night");
    assert!(text.contains("who loved a good story"));
    assert!(text.contains("a favourite teddy"));
    assert!(text.contains("tell everyone about the firefly"));
    let input = MakeStoryInput {
        title,
        text,
        preset_id: None,
        voice: Some("flite:slt".into()),
    };
    assert_eq!(input.validate(), Ok(()));
}

#[test]
fn the_preset_and_the_idea_choose_the_theme() {
    let child = profile("Leo", "", "", "");
    let space = preset("🚀 Space", "A trip to the stars");
    assert_eq!(
        story_template(&child, Some(&space), "", Locale::En).0,
        "Leo and the Sleepy Moon"
    );
    let (title, text) = story_template(&child, None, "A whale who sings.", Locale::En);
    assert_eq!(title, "Leo and the Gentle Sea");
    assert!(
        text.contains("This is a story about a whale who sings. Once upon a time"),
        "{text}"
    );
    assert_eq!(
        story_template(&child, None, "owls in the woods", Locale::En).0,
        "Leo and the Moonlit Wood"
    );
    assert_eq!(
        story_template(&child, None, "a dragon who bakes bread", Locale::En).0,
        "Leo and the Friendly Dragon"
    );
    // interests count too: a child who loves rockets gets space
    assert_eq!(
        story_template(&profile("Leo", "rockets", "", ""), None, "", Locale::En).0,
        "Leo and the Sleepy Moon"
    );
}

#[test]
fn an_avoided_theme_is_never_chosen() {
    let child = profile("Ada", "", "", "dragons, the dark");
    let knights = preset("Knights", "a dragon at the castle");
    assert_eq!(
        story_template(&child, Some(&knights), "", Locale::En).0,
        "Ada and the Quiet Night"
    );
}

#[test]
fn a_story_is_told_in_the_language_asked() {
    let child = profile("Mia", "rockets", "", "");
    let space = preset("🚀 Space", "A trip to the stars");
    let (title, text) = story_template(&child, Some(&space), "", Locale::De);
    assert_eq!(title, "Mia und der schläfrige Mond");
    assert!(
        text.starts_with("# Die Rakete im Garten\n\nEs war einmal ein Kind namens Mia"),
        "{text}"
    );
    let (title, _) = story_template(&child, Some(&space), "", Locale::Fr);
    assert!(!title.contains("Sleepy"), "{title}");
}
