use super::super::test_graphs::{choice, goto, passage};
use super::super::{Ending, StoryGraph};

/// start → (cave | home); cave → start by itself; home stops.
fn story() -> StoryGraph {
    StoryGraph {
        start: "start".into(),
        passages: vec![
            passage(
                "start",
                choice("The cave", "cave"),
                choice("Go home", "home"),
                Ending::Repeat,
            ),
            passage("cave", None, None, goto("start")),
            passage("home", None, None, Ending::Stop),
        ],
    }
}

fn ids(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| (*s).to_owned()).collect()
}

#[test]
fn a_linear_card_goes_on_track_by_track_and_stops_at_the_last() {
    let graph = StoryGraph::linear(["a", "b", "c"]);
    assert_eq!(graph.start, "a");
    assert_eq!(graph.passages[0].ending, goto("b"));
    assert_eq!(graph.passages[1].ending, goto("c"));
    assert_eq!(graph.passages[2].ending, Ending::Stop);
    assert!(graph
        .passages
        .iter()
        .all(|p| p.left.is_none() && p.right.is_none()));
    assert_eq!(StoryGraph::linear([]).start, "");
}

#[test]
fn a_trim_keeps_the_passage_on_the_new_track() {
    let mut graph = story();
    graph.track_replaced("start", &ids(&["start2"]));
    assert_eq!(graph.start, "start2");
    let p = graph.passage("start2").expect("the trimmed passage");
    assert_eq!(p.left, choice("The cave", "cave"));
    assert_eq!(p.ending, Ending::Repeat, "one piece still repeats itself");
    assert_eq!(graph.passage("cave").unwrap().ending, goto("start2"));
    assert_eq!(graph.passages.len(), 3);
}

#[test]
fn a_split_leads_in_at_the_first_piece_and_chooses_at_the_last() {
    let mut graph = story();
    graph.track_replaced("start", &ids(&["s1", "s2", "s3"]));
    assert_eq!(graph.start, "s1");
    let order: Vec<&str> = graph.passages.iter().map(|p| p.track_id.as_str()).collect();
    assert_eq!(order, ["s1", "s2", "s3", "cave", "home"]);
    assert_eq!(graph.passage("s1").unwrap().ending, goto("s2"));
    assert_eq!(graph.passage("s2").unwrap().ending, goto("s3"));
    assert!(graph.passage("s1").unwrap().left.is_none());
    let last = graph.passage("s3").unwrap();
    assert_eq!(last.left, choice("The cave", "cave"));
    assert_eq!(last.right, choice("Go home", "home"));
    assert_eq!(
        last.ending,
        goto("s1"),
        "repeating replays the whole passage"
    );
    assert_eq!(graph.passage("cave").unwrap().ending, goto("s1"));
}

#[test]
fn a_merge_keeps_the_last_parts_choices_where_the_first_part_was() {
    let mut graph = story();
    // cave goes back to start by itself; merge them: the merged passage plays cave then start
    graph.tracks_merged(&ids(&["cave", "start"]), "both");
    assert_eq!(graph.start, "both");
    let order: Vec<&str> = graph.passages.iter().map(|p| p.track_id.as_str()).collect();
    assert_eq!(order, ["both", "home"]);
    let merged = graph.passage("both").unwrap();
    assert_eq!(merged.left, choice("The cave", "both"));
    assert_eq!(merged.right, choice("Go home", "home"));
    assert_eq!(merged.ending, Ending::Repeat);
}

#[test]
fn a_merge_of_a_passage_that_went_on_to_another_keeps_where_it_went() {
    let mut graph = StoryGraph::linear(["a", "b", "c"]);
    graph.tracks_merged(&ids(&["a", "b"]), "ab");
    assert_eq!(graph.start, "ab");
    assert_eq!(graph.passage("ab").unwrap().ending, goto("c"));
    assert_eq!(graph.passages.len(), 2);
}

#[test]
fn deleting_a_passage_reports_the_ways_that_led_to_it() {
    let mut graph = story();
    let dangling = graph.track_deleted("cave");
    assert_eq!(dangling, ["start"]);
    assert!(graph.passage("cave").is_none());
    // the choice is kept, pointing nowhere, for the check to report until it is changed
    assert_eq!(
        graph.passage("start").unwrap().left,
        choice("The cave", "cave")
    );
    let problems = super::super::check::check(
        &graph,
        &[
            super::super::check::TrackFacts {
                id: "start",
                title: "Start",
                seconds: Some(30.0),
            },
            super::super::check::TrackFacts {
                id: "home",
                title: "Home",
                seconds: Some(30.0),
            },
        ],
    );
    assert!(problems
        .iter()
        .any(|p| p.code == "unknown_target" && p.passage.as_deref() == Some("start")));
}

#[test]
fn the_ways_to_a_passage_are_listed_before_it_is_deleted() {
    let graph = story();
    let to_start: Vec<&str> = graph
        .leading_to("start")
        .iter()
        .map(|p| p.track_id.as_str())
        .collect();
    assert_eq!(to_start, ["cave"], "its own repeat does not count");
}

#[test]
fn chapter_keys_are_the_titles_made_unique() {
    use super::super::chapter_keys;
    assert_eq!(
        chapter_keys(&["Start", "The cave", "Home"]),
        ["Start", "The cave", "Home"]
    );
    assert_eq!(
        chapter_keys(&["Home", " Home ", ""]),
        ["Home", "Home (2)", "Passage"]
    );
    assert_eq!(
        chapter_keys(&["Home", "Home", "Home (2)"]),
        ["Home", "Home (3)", "Home (2)"],
        "a made-up key never takes another passage's title"
    );
}

#[test]
fn an_ending_takes_no_other_members() {
    let parse = |v: serde_json::Value| serde_json::from_value::<Ending>(v);
    assert_eq!(
        parse(serde_json::json!({"kind": "stop"})).unwrap(),
        Ending::Stop
    );
    assert_eq!(
        parse(serde_json::json!({"kind": "goto", "target": "a"})).unwrap(),
        goto("a")
    );
    assert!(parse(serde_json::json!({"kind": "stop", "colour": "red"})).is_err());
    assert!(parse(serde_json::json!({"kind": "goto", "target": "a", "x": 1})).is_err());
    assert!(parse(serde_json::json!({"kind": "goto"})).is_err());
}
