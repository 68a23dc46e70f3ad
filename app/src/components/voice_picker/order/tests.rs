//! The order, labels and first choice of a voice list shaped like a real server's.

use super::*;

fn voice(id: &str, name: &str, description: &str) -> VoiceOut {
    VoiceOut {
        id: id.into(),
        name: name.into(),
        provider: id.split(':').next().unwrap_or_default().into(),
        description: description.into(),
    }
}

fn espeak(tag: &str, language: &str, variant: Option<&str>) -> VoiceOut {
    let character = match variant {
        Some(v) if v.starts_with('f') => format!("female {}", &v[1..]),
        Some(v) => format!("male {}", &v[1..]),
        None => "default voice".to_owned(),
    };
    let id = match variant {
        Some(v) => format!("espeak:{tag}+{v}"),
        None => format!("espeak:{tag}"),
    };
    let name = format!("{language}, {character} (espeak-ng)");
    voice(
        &id,
        &name,
        &format!("{language} [{tag}], {character}, robotic"),
    )
}

/// The server's order: flite as it lists them, then espeak-ng by tag, variants after.
fn server_list() -> Vec<VoiceOut> {
    vec![
        voice("flite:kal", "Kal (flite)", "English (US), male, robotic"),
        voice(
            "flite:awb_time",
            "AWB time (flite)",
            "English (Scottish), male, speaks clock times only",
        ),
        voice(
            "flite:kal16",
            "Kal 16 kHz (flite)",
            "English (US), male, robotic",
        ),
        voice("flite:awb", "AWB (flite)", "English (Scottish), male"),
        voice("flite:rms", "RMS (flite)", "English (US), male"),
        voice(
            "flite:slt",
            "SLT (flite)",
            "English (US), female, clear (the default)",
        ),
        espeak("cmn", "Chinese (Mandarin, latin as English)", None),
        espeak("de", "German", None),
        espeak("en-gb", "English (Great Britain)", None),
        espeak("en-gb", "English (Great Britain)", Some("f3")),
        espeak("en-gb-scotland", "English (Scotland)", None),
        espeak("en-us", "English (America)", None),
        espeak("en-us", "English (America)", Some("f3")),
        espeak("en-us", "English (America)", Some("m1")),
        espeak("fr-be", "French (Belgium)", None),
        espeak("fr-fr", "French (France)", None),
        espeak("hyw", "Armenian (West Armenia)", None),
        espeak("it", "Italian", None),
    ]
}

fn labels(groups: &[VoiceGroup]) -> Vec<&str> {
    groups.iter().map(|g| g.label.as_str()).collect()
}

fn ids(group: &VoiceGroup) -> Vec<&str> {
    group.choices.iter().map(|c| c.id.as_str()).collect()
}

#[test]
fn the_collections_language_comes_first_then_the_browsers_then_the_rest_by_name() {
    let prefs = preferences("espeak:fr-fr", &["en-US".into(), "en".into()]);
    assert_eq!(prefs, ["fr-fr", "en-us", "en"]);
    let groups = groups(&server_list(), &prefs);
    assert_eq!(
        labels(&groups),
        [
            "Français (France)",
            "Français (Belgique)",
            "English (US)",
            "English (UK)",
            "Armenian (West Armenia)",
            "Deutsch",
            "Italiano",
            "中文 (Chinese, Mandarin)",
        ]
    );
    assert_eq!(first_choice(&groups, &[]), "espeak:fr-fr");
}

#[test]
fn without_a_collection_language_the_browsers_leads() {
    let groups = groups(&server_list(), &preferences("", &["de-DE".into()]));
    assert_eq!(labels(&groups)[0], "Deutsch");
    assert_eq!(labels(&groups)[1], "Armenian (West Armenia)");
    assert_eq!(first_choice(&groups, &[]), "espeak:de");
}

#[test]
fn english_prefers_flite_clear_first_and_espeak_variants_last() {
    let groups = groups(&server_list(), &preferences("flite:slt", &[]));
    let us = &groups[0];
    assert_eq!(us.label, "English (US)");
    assert_eq!(
        ids(us),
        [
            "flite:slt",
            "flite:rms",
            "flite:kal",
            "flite:kal16",
            "espeak:en-us",
            "espeak:en-us+f3",
            "espeak:en-us+m1",
        ]
    );
    let words: Vec<&str> = us.choices.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(
        words,
        [
            "Female, clear — flite",
            "Male — flite",
            "Male, robotic (Kal) — flite",
            "Male, robotic (Kal 16 kHz) — flite",
            "Default voice — espeak-ng, robotic",
            "Female 3 — espeak-ng, robotic",
            "Male 1 — espeak-ng, robotic",
        ]
    );
    assert_eq!(first_choice(&groups, &[]), "flite:slt");
    assert_eq!(
        us.choices[4].about,
        "English (America), default voice, robotic"
    );
    // the UK: flite's Scottish voice, its clock-only voice last, places named
    let uk = &groups[1];
    assert_eq!(uk.label, "English (UK)");
    let words: Vec<&str> = uk.choices.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(
        words,
        [
            "Scottish, male — flite",
            "Scottish, male, speaks clock times only — flite",
            "Default voice — espeak-ng, robotic",
            "Scotland, default voice — espeak-ng, robotic",
            "Female 3 — espeak-ng, robotic",
        ]
    );
}

#[test]
fn natural_voices_lead_the_wanted_language_but_are_not_chosen_unasked() {
    let mut list = server_list();
    list.push(voice(
        "openai:coral",
        "Coral",
        "OpenAI voice, warm and friendly",
    ));
    let groups = groups(&list, &preferences("espeak:it", &[]));
    assert_eq!(groups[0].label, "Italiano");
    assert_eq!(ids(&groups[0]), ["openai:coral", "espeak:it"]);
    assert_eq!(groups[0].choices[0].label, "Coral, natural — OpenAI");
    assert_eq!(first_choice(&groups, &[]), "espeak:it");
    // a collection that chose the natural voice keeps it
    assert_eq!(first_choice(&groups, &["", "openai:coral"]), "openai:coral");
    // no wanted language at all: they get a group of their own, first
    let groups = groups_without_prefs(&list);
    assert_eq!(groups[0].label, any_language());
}

fn groups_without_prefs(list: &[VoiceOut]) -> Vec<VoiceGroup> {
    groups(list, &[])
}

#[test]
fn a_listed_wanted_voice_wins_an_unlisted_one_does_not() {
    let groups = groups(&server_list(), &preferences("espeak:en-gb+f3", &[]));
    assert_eq!(groups[0].label, "English (UK)");
    assert_eq!(
        first_choice(&groups, &["espeak:en-gb+f3"]),
        "espeak:en-gb+f3"
    );
    assert_eq!(first_choice(&groups, &["espeak:xx"]), "flite:awb");
    assert_eq!(first_choice(&[], &["espeak:xx"]), "");
}

#[test]
fn the_language_of_a_collection_is_named_from_its_voice() {
    let list = server_list();
    assert_eq!(
        language_name("espeak:fr-be", &list).as_deref(),
        Some("Français (Belgique)")
    );
    assert_eq!(
        language_name("flite:slt", &list).as_deref(),
        Some("English (US)")
    );
    assert_eq!(language_name("openai:coral", &list), None);
    assert_eq!(language_name("", &list), None);
}

#[test]
fn a_voice_is_named_in_words_for_a_line_of_text() {
    let list = server_list();
    assert_eq!(
        voice_words(&list, "espeak:de").as_deref(),
        Some("Deutsch, default voice — espeak-ng, robotic")
    );
    assert_eq!(
        voice_words(&list, "flite:awb").as_deref(),
        Some("English (UK), Scottish, male — flite")
    );
    assert_eq!(voice_words(&list, "espeak:xx"), None);
}

#[test]
fn the_filter_matches_words_anywhere_and_keeps_the_choice() {
    let all = groups(&server_list(), &preferences("flite:slt", &[]));
    let found = filtered(&all, "francais", "flite:slt");
    assert_eq!(
        labels(&found),
        ["English (US)", "Français (Belgique)", "Français (France)"]
    );
    assert_eq!(ids(&found[0]), ["flite:slt"]);
    let found = filtered(&all, "female ESPEAK", "");
    let found_ids: Vec<&str> = found.iter().flat_map(ids).collect();
    assert_eq!(found_ids, ["espeak:en-us+f3", "espeak:en-gb+f3"]);
    assert_eq!(filtered(&all, "  ", ""), all);
    assert!(filtered(&all, "klingon", "").is_empty());
}
