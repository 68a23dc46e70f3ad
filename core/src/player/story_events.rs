//! An interactive card's story on the platform and back (upstream contract §2.3): each
//! passage's choices and ending as its track's events when publishing, and the events of an
//! imported card as a story again.

use cardsmith_model::interactive::{Choice, Ending, Passage, StoryGraph};
use cardsmith_upstream::model::content::{Chapter, TrackEvent, TrackEvents};

/// A passage's events as the platform's converter writes them: the left choice on `onLhb`,
/// the right on `onRhb`, and `onEnd` going on by itself (a repeat goes to the passage
/// itself) or `stop`. `key_of` gives a track's chapter key.
pub(super) fn events_of(
    story: &StoryGraph,
    track_id: &str,
    key_of: &impl Fn(&str) -> Option<String>,
) -> TrackEvents {
    let Some(passage) = story.passage(track_id) else {
        // a track left out of the story (the check warns): it ends the story if reached
        return TrackEvents {
            on_end: Some(TrackEvent::stop()),
            ..Default::default()
        };
    };
    let goto = |target: &str| key_of(target).map(|key| TrackEvent::goto(&key));
    let choice = |c: &Option<Choice>| c.as_ref().and_then(|c| goto(&c.target));
    let on_end = match &passage.ending {
        Ending::Goto { target } => goto(target),
        Ending::Repeat => goto(track_id),
        Ending::Stop => None,
    };
    TrackEvents {
        on_lhb: choice(&passage.left),
        on_rhb: choice(&passage.right),
        on_end: Some(on_end.unwrap_or_else(TrackEvent::stop)),
        ..Default::default()
    }
}

/// The story of an imported interactive card: a passage per imported track (`imported`: the
/// chapter key and the new track's id, in play order), started at the first. The platform
/// keeps no words for a choice, so each is called by the title of the passage it leads to;
/// a `goto` to a chapter that is not there ends the passage instead.
pub(super) fn story_from(chapters: &[Chapter], imported: &[(String, String)]) -> StoryGraph {
    let id_of = |key: &str| {
        imported
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, id)| id.clone())
    };
    let title_of = |key: &str| {
        chapters
            .iter()
            .find(|c| c.key == key)
            .map(|c| c.title.trim().to_owned())
            .filter(|t| !t.is_empty())
            .unwrap_or_else(|| key.to_owned())
    };
    let passages = imported
        .iter()
        .map(|(key, id)| {
            let events = chapters
                .iter()
                .find(|c| &c.key == key)
                .and_then(|c| c.tracks.first())
                .and_then(|t| t.events.clone())
                .unwrap_or_default();
            let choice = |e: &Option<TrackEvent>| {
                let key = e.as_ref()?.goto_key()?;
                Some(Choice {
                    label: title_of(key).chars().take(100).collect(),
                    target: id_of(key)?,
                })
            };
            let on_end = events.on_end.as_ref();
            let ending = match on_end.and_then(|e| e.goto_key()).and_then(id_of) {
                Some(target) if &target == id => Ending::Repeat,
                Some(target) => Ending::Goto { target },
                // the contract's other way to play a track again
                None if on_end.is_some_and(|e| e.cmd == "repeat") => Ending::Repeat,
                None => Ending::Stop,
            };
            Passage {
                track_id: id.clone(),
                left: choice(&events.on_lhb),
                right: choice(&events.on_rhb),
                ending,
            }
        })
        .collect();
    StoryGraph {
        start: imported
            .first()
            .map(|(_, id)| id.clone())
            .unwrap_or_default(),
        passages,
    }
}

#[cfg(test)]
mod tests {
    use cardsmith_upstream::model::content::Track;

    use super::*;

    fn chapter(key: &str, events: Option<TrackEvents>) -> Chapter {
        Chapter {
            key: key.into(),
            title: key.into(),
            tracks: vec![Track {
                key: key.into(),
                events,
                ..Default::default()
            }],
            ..Default::default()
        }
    }

    #[test]
    fn a_passage_goes_out_as_events_and_comes_back_as_a_passage() {
        let story: StoryGraph = serde_json::from_value(serde_json::json!({
            "start": "a",
            "passages": [
                {"track_id": "a", "left": {"label": "Cave", "target": "b"}, "ending": {"kind": "repeat"}},
                {"track_id": "b", "ending": {"kind": "stop"}},
            ]
        }))
        .unwrap();
        let key_of = |id: &str| Some(id.to_uppercase());
        let a = events_of(&story, "a", &key_of);
        assert_eq!(a.on_lhb, Some(TrackEvent::goto("B")));
        assert_eq!(a.on_rhb, None);
        assert_eq!(
            a.on_end,
            Some(TrackEvent::goto("A")),
            "a repeat goes to itself"
        );
        assert_eq!(
            events_of(&story, "b", &key_of).on_end,
            Some(TrackEvent::stop())
        );
        assert_eq!(
            events_of(&story, "zz", &key_of).on_end,
            Some(TrackEvent::stop())
        );

        let chapters = [chapter("A", Some(a)), chapter("B", None)];
        let back = story_from(
            &chapters,
            &[("A".into(), "a".into()), ("B".into(), "b".into())],
        );
        assert_eq!(back.passages[0].left.as_ref().unwrap().target, "b");
        assert_eq!(
            back.passages[0].left.as_ref().unwrap().label,
            "B",
            "named after its target"
        );
        assert_eq!(back.passages[0].ending, Ending::Repeat);
        assert_eq!(back.passages[1].ending, Ending::Stop);
    }

    #[test]
    fn the_contracts_repeat_and_gotos_to_nowhere_are_read_too() {
        let events = TrackEvents {
            on_lhb: Some(TrackEvent::goto("Nowhere")),
            on_end: Some(TrackEvent {
                cmd: "repeat".into(),
                params: None,
            }),
            ..Default::default()
        };
        let back = story_from(&[chapter("A", Some(events))], &[("A".into(), "a".into())]);
        assert_eq!(back.passages[0].ending, Ending::Repeat);
        assert!(
            back.passages[0].left.is_none(),
            "a goto to a missing chapter is left out"
        );
    }
}
