use super::super::check::{check, TrackFacts};
use super::super::twee;
use super::*;

/// Six passages: two choices at the start, a loop back from the cave, a three-way fork at the
/// river, an unreachable passage, and a link to a passage that is not there.
const CAVE: &str = r#":: StoryTitle
The Cave

:: StoryData
{"ifid": "D674C58C-DEFA-4F70-B7A2-27742230C0FC", "start": "Start"}

:: Start
A dark cave. [[Go into the cave->Cave]] or [[Walk to the river|River]]?

:: Cave
Bats everywhere! You run back out. [[Start]]

:: River
The river sings. [[Swim]] [[Home]] [[Sleep]]

:: Swim
Splash! [[Home]] [[Nowhere]]

:: Home
You are home. The end.

:: Sleep
Zzz.

:: Forgotten
Nobody comes here.
"#;

fn ids(plan: &StoryPlan) -> Vec<String> {
    (0..plan.passages.len()).map(|i| format!("t{i}")).collect()
}

#[test]
fn a_twine_story_becomes_passages_the_way_the_converter_reads_it() {
    let story = twee::parse(CAVE).unwrap();
    let (plan, notes) = from_twee(&story, ExtraLinks::Refuse).unwrap();
    assert_eq!(plan.title, "The Cave");
    let titles: Vec<&str> = plan.passages.iter().map(|p| p.title.as_str()).collect();
    assert_eq!(
        titles,
        [
            "Start",
            "Cave",
            "River",
            "Swim",
            "Home",
            "Sleep",
            "Forgotten"
        ]
    );
    assert_eq!(plan.start, 0);
    let start = &plan.passages[0];
    assert_eq!(
        start.left,
        Some(PlannedChoice {
            label: "Go into the cave".into(),
            target: 1
        })
    );
    assert_eq!(
        start.right,
        Some(PlannedChoice {
            label: "Walk to the river".into(),
            target: 2
        })
    );
    assert_eq!(
        start.next, None,
        "no third link: the story stops unless a button is pressed"
    );
    assert_eq!(
        start.text,
        "A dark cave. Go into the cave or Walk to the river?"
    );
    // one link: the left button; three: left, right and on by itself
    assert_eq!(plan.passages[1].left.as_ref().unwrap().target, 0);
    assert_eq!(plan.passages[2].next, Some(5));
    assert_eq!(plan.passages[4].left, None);
    // the link to nowhere is dropped with a warning naming the passage
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert_eq!(notes[0].code, "unknown_link");
    assert_eq!(notes[0].passage.as_deref(), Some("Swim"));

    // the graph, checked: the loop is fine (it has a choice), Forgotten is unreachable
    let graph = plan.graph(&ids(&plan));
    assert_eq!(graph.start, "t0");
    assert_eq!(
        graph.passages[2].ending,
        Ending::Goto {
            target: "t5".into()
        }
    );
    let facts: Vec<TrackFacts> = graph
        .passages
        .iter()
        .map(|p| TrackFacts {
            id: &p.track_id,
            title: &p.track_id,
            seconds: Some(30.0),
        })
        .collect();
    let problems = check(&graph, &facts);
    assert!(problems.iter().all(|p| !p.is_error()), "{problems:?}");
    let unreachable: Vec<&str> = problems
        .iter()
        .filter(|p| p.code == "unreachable")
        .filter_map(|p| p.passage.as_deref())
        .collect();
    assert_eq!(unreachable, ["t6"]);
}

#[test]
fn more_than_three_links_is_an_error_naming_the_passage_or_the_first_three_are_kept() {
    let source = ":: Start\n[[A]] [[B]] [[C]] [[D]]\n:: A\na\n:: B\nb\n:: C\nc\n:: D\nd\n";
    let story = twee::parse(source).unwrap();
    let errors = from_twee(&story, ExtraLinks::Refuse).unwrap_err();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].code, "too_many_links");
    assert_eq!(errors[0].passage.as_deref(), Some("Start"));
    let (plan, notes) = from_twee(&story, ExtraLinks::KeepFirst).unwrap();
    assert_eq!(plan.passages[0].next, Some(3), "A, B, then C by itself");
    assert_eq!(notes[0].code, "too_many_links");
}

#[test]
fn hostile_stories_are_bounded_and_stay_text() {
    // 10 MB: refused before reading
    let big = format!(":: Start\n{}", "x".repeat(10 * 1024 * 1024));
    assert_eq!(twee::parse(&big), Err(twee::TweeError::TooLarge));
    // 10,000 passages: refused by the reader; 101 by the plan, naming the limit
    let many: String = (0..10_000).map(|i| format!(":: P{i}\nt\n")).collect();
    assert_eq!(twee::parse(&many), Err(twee::TweeError::TooManyPassages));
    let over: String = (0..101).map(|i| format!(":: P{i}\nt\n")).collect();
    let errors = from_twee(&twee::parse(&over).unwrap(), ExtraLinks::Refuse).unwrap_err();
    assert_eq!(errors[0].code, "too_many_passages");
    // 500-character names and markup in names and text: shortened, kept as plain text
    let long = "N".repeat(500);
    let source = format!(
        ":: Start\n<script>alert(1)</script> [[Go->{long}]]\n:: {long}\n<b>bold</b> [[<script>x</script>]]\n:: <script>x</script>\n\n"
    );
    let (plan, notes) = from_twee(&twee::parse(&source).unwrap(), ExtraLinks::Refuse).unwrap();
    assert_eq!(
        plan.passages[1].title.chars().count(),
        MAX_PASSAGE_NAME_CHARS
    );
    assert!(notes.iter().any(|n| n.code == "name_shortened"));
    assert_eq!(plan.passages[0].text, "<script>alert(1)</script> Go");
    assert_eq!(plan.passages[2].title, "<script>x</script>");
    assert_eq!(
        plan.passages[2].text, "<script>x</script>",
        "no text: its name is spoken"
    );
    assert!(notes.iter().any(|n| n.code == "empty_passage"));
    assert!(notes
        .iter()
        .all(|n| n.passage.as_ref().is_none_or(|p| p.chars().count() <= 100)));
    // a loop of passages linking to themselves, and an empty link: no crash
    let looped = ":: Start\n[[Start]] [[]] [[->]]\n";
    let (plan, _) = from_twee(&twee::parse(looped).unwrap(), ExtraLinks::Refuse).unwrap();
    assert_eq!(plan.passages[0].left.as_ref().unwrap().target, 0);
}
