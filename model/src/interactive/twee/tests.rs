use super::*;

const FOREST: &str = r#":: StoryTitle
The Forest

:: StoryData
{
  "ifid": "D674C58C-DEFA-4F70-B7A2-27742230C0FC",
  "format": "Harlowe",
  "start": "Edge of the forest"
}

:: Edge of the forest [start] {"position":"100,100","size":"100,100"}
You stand where the trees begin.
[[Go into the cave->The cave]] or [[Go home|Home]]?

:: The cave
It is dark. [[The cave<-Wait a little]] [[Light a torch][$torch to true]]

:: Light a torch
A dragon sleeps here.
[[Home]]

:: Home
You are home, safe and sound.

:: Style [stylesheet]
body { color: green; }

:: A \[strange\] name
Nothing.
"#;

#[test]
fn a_twee_story_reads_with_its_title_start_and_every_kind_of_link() {
    let story = parse(FOREST).unwrap();
    assert_eq!(story.title.as_deref(), Some("The Forest"));
    assert_eq!(story.start.as_deref(), Some("Edge of the forest"));
    let names: Vec<&str> = story.passages.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Edge of the forest",
            "The cave",
            "Light a torch",
            "Home",
            "A [strange] name"
        ]
    );
    let edge = &story.passages[0];
    assert_eq!(edge.tags, ["start"]);
    let link = |label: &str, target: &str| TweeLink {
        label: label.into(),
        target: target.into(),
    };
    assert_eq!(
        edge.links,
        [
            link("Go into the cave", "The cave"),
            link("Go home", "Home")
        ]
    );
    assert_eq!(
        story.passages[1].links,
        [
            link("Wait a little", "The cave"),
            link("Light a torch", "Light a torch")
        ]
    );
    assert_eq!(story.passages[3].links, []);
    assert_eq!(
        edge.spoken_text(),
        "You stand where the trees begin.\nGo into the cave or Go home?"
    );
}

#[test]
fn without_story_data_the_start_is_start_or_the_first_passage() {
    let story = parse(":: One\nA [[Start]]\n\n:: Start\nHello").unwrap();
    assert_eq!(story.start.as_deref(), Some("Start"));
    let story = parse(":: One\nA\n\n:: Two\nB").unwrap();
    assert_eq!(story.start.as_deref(), Some("One"));
    // a start naming no passage is not trusted
    let story = parse(":: StoryData\n{\"start\":\"Nowhere\"}\n:: One\nA").unwrap();
    assert_eq!(story.start.as_deref(), Some("One"));
}

#[test]
fn what_is_not_a_story_is_refused_with_its_reason() {
    assert_eq!(parse("just some words").unwrap_err(), TweeError::NoPassages);
    assert_eq!(
        parse(":: StoryTitle\nOnly a title").unwrap_err(),
        TweeError::NoPassages
    );
    let huge = "x".repeat(MAX_TWEE_BYTES + 1);
    assert_eq!(parse(&huge).unwrap_err(), TweeError::TooLarge);
    let many: String = (0..=MAX_TWEE_PASSAGES)
        .map(|n| format!(":: P{n}\nText\n"))
        .collect();
    assert_eq!(parse(&many).unwrap_err(), TweeError::TooManyPassages);
}

#[test]
fn broken_links_do_not_break_the_reading() {
    let story = parse(":: A\nOpen [[ without end\n[[]] and [[ -> ]]").unwrap();
    assert_eq!(story.passages[0].links, []);
    assert_eq!(story.passages[0].spoken_text(), "Open [[ without end\n and");
}
