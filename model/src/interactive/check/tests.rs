use super::*;
use crate::interactive::test_graphs::{choice, goto, passage};

fn tracks<'a>(ids: &[&'a str]) -> Vec<TrackFacts<'a>> {
    ids.iter()
        .map(|id| TrackFacts {
            id,
            title: id,
            seconds: Some(30.0),
        })
        .collect()
}

fn codes(problems: &[StoryProblem]) -> Vec<(&str, Option<&str>)> {
    problems
        .iter()
        .map(|p| (p.code.as_str(), p.passage.as_deref()))
        .collect()
}

/// The forest: a choice between the cave and home; the cave goes on to the dragon; the
/// dragon and home are endings.
fn forest() -> StoryGraph {
    StoryGraph {
        start: "forest".into(),
        passages: vec![
            passage(
                "forest",
                choice("The cave", "cave"),
                choice("Go home", "home"),
                Ending::Repeat,
            ),
            passage("cave", None, None, goto("dragon")),
            passage("dragon", None, None, Ending::Stop),
            passage("home", None, None, Ending::Stop),
        ],
    }
}

#[test]
fn a_story_every_passage_of_which_is_heard_and_can_end_has_no_problem() {
    let ids = ["forest", "cave", "dragon", "home"];
    assert_eq!(check(&forest(), &tracks(&ids)), []);
}

#[test]
fn what_the_player_cannot_follow_is_an_error() {
    let mut graph = forest();
    graph.start = "nowhere".into();
    graph.passages[1].ending = goto("lost");
    graph.passages[0].left = choice("  ", "cave");
    graph
        .passages
        .push(passage("ghost", None, None, Ending::Stop));
    let problems = check(&graph, &tracks(&["forest", "cave", "dragon", "home"]));
    let errors: Vec<_> = problems.iter().filter(|p| p.is_error()).collect();
    assert_eq!(
        codes(&problems)[..errors.len()],
        [
            ("not_a_track", Some("ghost")),
            ("no_start", None),
            ("empty_label", Some("forest")),
            ("unknown_target", Some("cave")),
        ]
    );
    // errors come before warnings
    assert!(problems[errors.len()..].iter().all(|p| !p.is_error()));
}

#[test]
fn a_passage_twice_and_too_many_passages_are_errors() {
    let mut graph = forest();
    graph.passages.push(graph.passages[3].clone());
    let problems = check(&graph, &tracks(&["forest", "cave", "dragon", "home"]));
    assert_eq!(codes(&problems), [("duplicate_passage", Some("home"))]);
    let many: Vec<String> = (0..=MAX_PASSAGES).map(|n| format!("p{n}")).collect();
    let graph = StoryGraph {
        start: "p0".into(),
        passages: many
            .iter()
            .map(|id| passage(id, None, None, Ending::Stop))
            .collect(),
    };
    let ids: Vec<&str> = many.iter().map(String::as_str).collect();
    let problems = check(&graph, &tracks(&ids));
    assert_eq!(problems[0].code, "too_many_passages");
}

#[test]
fn a_passage_nobody_reaches_and_a_track_left_out_are_warnings() {
    let mut graph = forest();
    graph.passages[0].right = None;
    let problems = check(
        &graph,
        &tracks(&["forest", "cave", "dragon", "home", "extra"]),
    );
    assert_eq!(
        codes(&problems),
        [
            ("unreachable", Some("home")),
            ("not_in_story", Some("extra"))
        ]
    );
    assert!(problems.iter().all(|p| !p.is_error()));
}

#[test]
fn a_loop_with_no_choice_in_it_keeps_the_child_stuck() {
    let graph = StoryGraph {
        start: "a".into(),
        passages: vec![
            passage("a", choice("Left", "b"), choice("Right", "end"), goto("a")),
            passage("b", None, None, goto("c")),
            passage("c", None, None, goto("b")),
            passage("end", None, None, Ending::Stop),
        ],
    };
    let problems = check(&graph, &tracks(&["a", "b", "c", "end"]));
    assert_eq!(
        codes(&problems),
        [("stuck_loop", Some("b")), ("stuck_loop", Some("c"))]
    );
    // a passage that repeats with nothing to choose is stuck too; one with choices is not
    let graph = StoryGraph {
        start: "lullaby".into(),
        passages: vec![passage("lullaby", None, None, Ending::Repeat)],
    };
    assert_eq!(
        codes(&check(&graph, &tracks(&["lullaby"]))),
        [("stuck_loop", Some("lullaby"))]
    );
}

#[test]
fn a_story_that_can_never_end_from_a_passage_says_so() {
    let graph = StoryGraph {
        start: "a".into(),
        passages: vec![
            passage("a", choice("On", "b"), choice("Out", "end"), Ending::Repeat),
            passage(
                "b",
                choice("Back", "c"),
                choice("Again", "b"),
                Ending::Repeat,
            ),
            passage("c", choice("Round", "b"), None, Ending::Repeat),
            passage("end", None, None, Ending::Stop),
        ],
    };
    let problems = check(&graph, &tracks(&["a", "b", "c", "end"]));
    assert_eq!(
        codes(&problems),
        [("no_way_to_end", Some("b")), ("no_way_to_end", Some("c"))]
    );
}

#[test]
fn choices_need_audio_long_enough_to_speak_them() {
    let mut facts = tracks(&["forest", "cave", "dragon", "home"]);
    facts[0].seconds = Some(2.5);
    facts[1].seconds = Some(1.0); // no choices: short is fine
    let problems = check(&forest(), &facts);
    assert_eq!(codes(&problems), [("choices_not_spoken", Some("forest"))]);
    // audio not measured yet: nothing to say
    facts[0].seconds = None;
    assert_eq!(check(&forest(), &facts), []);
}

#[test]
fn a_label_longer_than_a_title_is_refused() {
    let mut graph = forest();
    graph.passages[0].left = choice(&"a".repeat(MAX_LABEL_CHARS + 1), "cave");
    let problems = check(&graph, &tracks(&["forest", "cave", "dragon", "home"]));
    assert_eq!(codes(&problems), [("label_too_long", Some("forest"))]);
}

#[test]
fn a_graph_reads_and_writes_the_documented_json() {
    let text = r#"{"start":"a","passages":[
        {"track_id":"a","left":{"label":"Cave","target":"b"},"ending":{"kind":"repeat"}},
        {"track_id":"b","ending":{"kind":"goto","target":"a"}},
        {"track_id":"c","right":null,"ending":{"kind":"stop"}}]}"#;
    let graph: StoryGraph = serde_json::from_str(text).unwrap();
    assert_eq!(graph.passages[0].ending, Ending::Repeat);
    assert_eq!(graph.passages[1].ending, goto("a"));
    assert_eq!(graph.passages[2].right, None);
    let again: StoryGraph = serde_json::from_value(serde_json::to_value(&graph).unwrap()).unwrap();
    assert_eq!(again, graph);
}
