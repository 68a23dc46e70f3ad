//! Interactive cards over REST: a card's story read and replaced whole, checked (errors
//! refuse the change, warnings come back with it), who may see and change it, every track
//! operation keeping or reporting its passages, and the round trip through the simulator:
//! published as the platform's converter writes it, verified, followed by a player's
//! buttons, and imported back into the same story.

use serde_json::{json, Value};

use crate::import::import_card;
use crate::live::Family;
use crate::publish::{collection_of, publish_card};
use crate::support::audio_fixtures::{card_for, tone, wait_job};
use crate::support::helpers::{assert_problem, pointers, spawn_app, upload_ready_track, User};

/// A card with tracks of `seconds` each, titled `titles`; answers its slug and the tracks'
/// ids and slugs in order.
async fn card_with(user: &User, titles: &[&str], seconds: u32) -> (String, Vec<(String, String)>) {
    let card = card_for(user, "The cave story").await;
    let mut tracks = Vec::new();
    for title in titles {
        let t = upload_ready_track(user, &card, &tone(seconds, "wav")).await;
        let slug = t["slug"].as_str().unwrap();
        let renamed: Value = user
            .send_json(
                reqwest::Method::PUT,
                &format!("/api/cards/{card}/tracks/{slug}/title"),
                &json!({ "title": title }),
            )
            .await
            .json()
            .await
            .unwrap();
        tracks.push((
            t["id"].as_str().unwrap().to_owned(),
            renamed["slug"].as_str().unwrap().to_owned(),
        ));
    }
    (card, tracks)
}

/// Start → left: the cave, right: home (repeating until a choice); the cave goes back to
/// the start by itself; home ends the story.
fn cave_story(ids: &[&str]) -> Value {
    json!({
        "playback_type": "interactive",
        "story": {
            "start": ids[0],
            "passages": [
                {"track_id": ids[0], "left": {"label": "Go into the cave", "target": ids[1]},
                 "right": {"label": "Go home", "target": ids[2]}, "ending": {"kind": "repeat"}},
                {"track_id": ids[1], "ending": {"kind": "goto", "target": ids[0]}},
                {"track_id": ids[2], "ending": {"kind": "stop"}},
            ]
        }
    })
}

fn codes(story: &Value) -> Vec<String> {
    story["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["code"].as_str().unwrap().to_owned())
        .collect()
}

async fn put_story(user: &User, card: &str, body: &Value) -> reqwest::Response {
    user.send_json(
        reqwest::Method::PUT,
        &format!("/api/cards/{card}/story"),
        body,
    )
    .await
}

#[tokio::test]
async fn a_story_is_replaced_whole_checked_and_kept_from_those_who_may_not_see_it() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (card, tracks) = card_with(&admin, &["Start", "The cave", "Home", "Epilogue"], 6).await;
    let ids: Vec<&str> = tracks.iter().map(|(id, _)| id.as_str()).collect();

    // a card that never had a story: its tracks in order
    let story = admin.get_json(&format!("/api/cards/{card}/story")).await;
    assert_eq!(story["playback_type"], "linear");
    assert_eq!(story["story"]["start"], ids[0]);
    assert_eq!(story["story"]["passages"][3]["ending"]["kind"], "stop");
    assert_eq!(story["story"]["passages"][0]["ending"]["target"], ids[1]);
    assert_eq!(codes(&story), Vec::<String>::new());

    // the cave story: saved, with a warning for the track it leaves out
    let r = put_story(&admin, &card, &cave_story(&ids)).await;
    assert_eq!(r.status(), 200);
    let saved: Value = r.json().await.unwrap();
    assert_eq!(saved["playback_type"], "interactive");
    assert_eq!(codes(&saved), ["not_in_story"]);
    assert_eq!(saved["problems"][0]["passage"], ids[3]);
    let detail = admin.get_json(&format!("/api/cards/{card}")).await;
    assert_eq!(detail["playback_type"], "interactive");
    assert_eq!(
        detail["story"], saved["story"],
        "the card's JSON carries its story"
    );

    // errors refuse the whole document, each at its passage, and change nothing
    let mut broken = cave_story(&ids);
    broken["story"]["passages"][1]["ending"]["target"] = json!("no-such-track");
    broken["story"]["passages"][0]["left"]["label"] = json!("   ");
    let problem = assert_problem(put_story(&admin, &card, &broken).await, 422).await;
    let at = pointers(&problem);
    assert!(
        at.iter().any(|p| p.contains("story/passages/1")),
        "{problem}"
    );
    assert!(
        at.iter().any(|p| p.contains("story/passages/0")),
        "{problem}"
    );
    let mut no_start = cave_story(&ids);
    no_start["story"]["start"] = json!(ids[3]);
    let problem = assert_problem(put_story(&admin, &card, &no_start).await, 422).await;
    assert!(
        pointers(&problem).iter().any(|p| p.contains("story/start")),
        "{problem}"
    );
    let mut bad_type = cave_story(&ids);
    bad_type["playback_type"] = json!("shuffled");
    assert_problem(put_story(&admin, &card, &bad_type).await, 422).await;
    let mut extra = cave_story(&ids);
    extra["story"]["passages"][2]["colour"] = json!("red");
    assert_problem(put_story(&admin, &card, &extra).await, 422).await;
    let now = admin.get_json(&format!("/api/cards/{card}/story")).await;
    assert_eq!(now["story"], saved["story"]);

    // back to linear keeps the story for later; the content hash follows what is published
    let hash = admin.get_json(&format!("/api/cards/{card}")).await["content_hash"].clone();
    let mut linear = cave_story(&ids);
    linear["playback_type"] = json!("linear");
    assert_eq!(put_story(&admin, &card, &linear).await.status(), 200);
    let card_now = admin.get_json(&format!("/api/cards/{card}")).await;
    assert_eq!(card_now["playback_type"], "linear");
    assert_eq!(card_now["story"], saved["story"]);
    assert_ne!(card_now["content_hash"], hash);
    assert_eq!(
        put_story(&admin, &card, &cave_story(&ids)).await.status(),
        200
    );

    // a viewer reads it and cannot change it; a stranger cannot tell it exists
    let collection = collection_of(&admin, &card).await;
    let (viewer, _) = app
        .member_of(&admin, &collection, "viewer@example.com", "viewer")
        .await;
    let (editor, editor_id) = app
        .member_of(&admin, &collection, "editor@example.com", "editor")
        .await;
    let (stranger, _) = app.new_user("stranger@example.com", "user").await;
    assert_eq!(
        viewer.get_json(&format!("/api/cards/{card}/story")).await["story"],
        saved["story"]
    );
    assert_problem(put_story(&viewer, &card, &cave_story(&ids)).await, 403).await;
    assert_problem(stranger.get(&format!("/api/cards/{card}/story")).await, 404).await;
    assert_problem(put_story(&stranger, &card, &cave_story(&ids)).await, 404).await;
    let missing = assert_problem(stranger.get("/api/cards/no-such-card/story").await, 404).await;
    let hidden = assert_problem(stranger.get(&format!("/api/cards/{card}/story")).await, 404).await;
    assert_eq!(
        missing["detail"], hidden["detail"],
        "no hint that the card exists"
    );

    // an editor changes it; removed, they lose it
    assert_eq!(
        put_story(&editor, &card, &cave_story(&ids)).await.status(),
        200
    );
    let r = admin
        .delete(&format!(
            "/api/collections/{collection}/members/{editor_id}"
        ))
        .await;
    assert_eq!(r.status(), 204);
    assert_problem(editor.get(&format!("/api/cards/{card}/story")).await, 404).await;
    assert_problem(put_story(&editor, &card, &cave_story(&ids)).await, 404).await;
}

#[tokio::test]
async fn track_operations_keep_the_story_or_report_what_they_broke() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (card, tracks) = card_with(&admin, &["Start", "The cave", "Home"], 6).await;
    let ids: Vec<&str> = tracks.iter().map(|(id, _)| id.as_str()).collect();
    assert_eq!(
        put_story(&admin, &card, &cave_story(&ids)).await.status(),
        200
    );
    let track_ids = |detail: &Value| -> Vec<String> {
        detail["tracks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["id"].as_str().unwrap().to_owned())
            .collect()
    };

    // a trim: the start passage keeps its choices on the new track
    edit(
        &admin,
        format!("/api/cards/{card}/tracks/{}/trim", tracks[0].1),
        json!({"start": 0.5, "end": 5.5}),
    )
    .await;
    let detail = admin.get_json(&format!("/api/cards/{card}")).await;
    let now = track_ids(&detail);
    let start = now[0].clone();
    assert_ne!(start, ids[0]);
    let story = admin.get_json(&format!("/api/cards/{card}/story")).await;
    assert_eq!(story["story"]["start"], start.as_str());
    assert_eq!(story["story"]["passages"][0]["track_id"], start.as_str());
    assert_eq!(story["story"]["passages"][0]["left"]["target"], ids[1]);
    assert_eq!(
        story["story"]["passages"][1]["ending"]["target"],
        start.as_str(),
        "the cave leads back to it"
    );
    assert_eq!(codes(&story), Vec::<String>::new());

    // a split of the start: the way in is the first piece, the choices wait for the last
    let slug = detail["tracks"][0]["slug"].as_str().unwrap().to_owned();
    edit(
        &admin,
        format!("/api/cards/{card}/tracks/{slug}/split"),
        json!({"split_points": [2.5]}),
    )
    .await;
    let detail = admin.get_json(&format!("/api/cards/{card}")).await;
    let now = track_ids(&detail);
    let story = admin.get_json(&format!("/api/cards/{card}/story")).await;
    let passages = story["story"]["passages"].as_array().unwrap();
    assert_eq!(story["story"]["start"], now[0].as_str());
    assert_eq!(passages[0]["track_id"], now[0].as_str());
    assert_eq!(
        passages[0]["ending"],
        json!({"kind": "goto", "target": now[1]})
    );
    assert!(passages[0]["left"].is_null());
    assert_eq!(passages[1]["track_id"], now[1].as_str());
    assert_eq!(passages[1]["left"]["label"], "Go into the cave");
    assert_eq!(
        passages[1]["ending"],
        json!({"kind": "goto", "target": now[0]}),
        "repeating replays both pieces"
    );
    // the pieces are short: the one with the choices cannot have spoken them
    assert!(
        story["problems"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["code"] == "choices_not_spoken" && p["passage"] == now[1].as_str()),
        "{story}"
    );

    // merged back: one passage with the choices again
    let pieces: Vec<&str> = detail["tracks"].as_array().unwrap()[..2]
        .iter()
        .map(|t| t["slug"].as_str().unwrap())
        .collect();
    edit(
        &admin,
        format!("/api/cards/{card}/merge"),
        json!({"track_slugs": pieces}),
    )
    .await;
    let detail = admin.get_json(&format!("/api/cards/{card}")).await;
    let now = track_ids(&detail);
    let story = admin.get_json(&format!("/api/cards/{card}/story")).await;
    assert_eq!(story["story"]["start"], now[0].as_str());
    assert_eq!(story["story"]["passages"][0]["left"]["target"], ids[1]);
    assert_eq!(story["story"]["passages"][0]["ending"]["kind"], "repeat");
    assert_eq!(story["story"]["passages"].as_array().unwrap().len(), 3);

    // reordering and renaming change nothing in the story
    let before = story["story"].clone();
    let r = admin
        .send_json(reqwest::Method::PUT, &format!("/api/cards/{card}/tracks/reorder"), &json!({"positions": [
            detail["tracks"][2]["slug"], detail["tracks"][0]["slug"], detail["tracks"][1]["slug"],
        ]}))
        .await;
    assert!(r.status().is_success(), "{}", r.status());
    let r = admin
        .send_json(
            reqwest::Method::PUT,
            &format!(
                "/api/cards/{card}/tracks/{}/title",
                detail["tracks"][1]["slug"].as_str().unwrap()
            ),
            &json!({"title": "The dark cave"}),
        )
        .await;
    assert_eq!(r.status(), 200);
    assert_eq!(
        admin.get_json(&format!("/api/cards/{card}/story")).await["story"],
        before
    );

    // deleting home: the choice that led there is reported, and publishing waits for it
    let home = detail["tracks"][2]["slug"].as_str().unwrap();
    assert_eq!(
        admin
            .delete(&format!("/api/cards/{card}/tracks/{home}"))
            .await
            .status(),
        204
    );
    let story = admin.get_json(&format!("/api/cards/{card}/story")).await;
    let broken: Vec<&Value> = story["problems"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["severity"] == "error")
        .collect();
    assert_eq!(broken.len(), 1, "{story}");
    assert_eq!(broken[0]["code"], "unknown_target");
    assert_eq!(broken[0]["passage"], now[0].as_str());
}

/// Runs a track edit to its end.
async fn edit(admin: &User, path: String, body: Value) {
    let r = admin.post_json(&path, &body).await;
    assert_eq!(r.status(), 202, "{path}");
    let job: Value = r.json().await.unwrap();
    let done = wait_job(admin, job["job_id"].as_str().unwrap()).await;
    assert_eq!(done["status"], "succeeded", "{done}");
}

#[tokio::test]
async fn an_interactive_card_goes_out_as_the_converter_writes_it_and_comes_back() {
    let family = Family::start(&[], cardsmith_upstream_sim::DeviceSeed::named("Bedroom")).await;
    let Family {
        sim,
        user,
        device,
        admin,
        account,
        ..
    } = &family;
    let (card, tracks) = card_with(admin, &["Start", "The cave", "Home"], 6).await;
    let ids: Vec<&str> = tracks.iter().map(|(id, _)| id.as_str()).collect();
    // the start is not the first track: the document puts it first
    let mut story = cave_story(&[ids[1], ids[0], ids[2]]);
    story["story"]["passages"][1]["ending"] = json!({"kind": "stop"});
    story["story"]["passages"][2]["ending"] = json!({"kind": "goto", "target": ids[1]});
    // the cave (ids[1]) starts: left → Start, right → Home; Start stops; Home goes back
    assert_eq!(put_story(admin, &card, &story).await.status(), 200);
    let player_card = publish_card(admin, account, &card).await;

    let remote = serde_json::to_value(sim.card(user, &player_card).unwrap()).unwrap();
    let content = &remote["content"];
    assert_eq!(content["playbackType"], "interactive");
    assert_eq!(
        content["editSettings"],
        json!({"autoOverlayLabels": "chapters", "editKeys": false, "interactiveContent": true})
    );
    assert_eq!(
        content["config"],
        json!({"resumeTimeout": 2592000, "disableTrackNav": true, "disableChapterNav": true, "autoadvance": "none"})
    );
    let chapters = content["chapters"].as_array().unwrap();
    let keys: Vec<&str> = chapters
        .iter()
        .map(|c| c["key"].as_str().unwrap())
        .collect();
    assert_eq!(
        keys,
        ["The cave", "Start", "Home"],
        "keyed by name, the start first"
    );
    let goto = |k: &str| json!({"cmd": "goto", "params": {"chapterKey": k, "trackKey": k}});
    for chapter in chapters {
        assert_eq!(chapter["title"], chapter["key"]);
        assert_eq!(chapter["tracks"][0]["key"], chapter["key"]);
    }
    assert_eq!(
        chapters[0]["tracks"][0]["events"],
        json!({"onLhb": goto("Start"), "onRhb": goto("Home"), "onEnd": goto("The cave")})
    );
    assert_eq!(
        chapters[1]["tracks"][0]["events"],
        json!({"onEnd": {"cmd": "stop"}})
    );
    assert_eq!(
        chapters[2]["tracks"][0]["events"],
        json!({"onEnd": goto("The cave")})
    );

    // verify compares the events too
    let verify = admin
        .post_for_json(
            "/api/publish/verify",
            &json!({"account_ids": [account], "card_slugs": [card]}),
        )
        .await;
    assert_eq!(verify["results"][0]["state"], "in_sync", "{verify}");

    // a player follows the buttons: in goes the card, right → Home, which goes back by itself
    let mut live = family.follow_live().await;
    sim.insert_card(cardsmith_upstream_sim::Inserted {
        device_id: device.clone(),
        card_id: player_card.clone(),
        chapter_key: None,
        repeat: false,
    })
    .await
    .unwrap();
    crate::live::until(&mut live, |e| e["chapter_key"] == "The cave").await;
    sim.press_button(device, cardsmith_upstream_sim::Button::Right)
        .await
        .unwrap();
    crate::live::until(&mut live, |e| e["chapter_key"] == "Home").await;

    // imported back: the same story, passage for passage
    let (copy, done) = import_card(admin, account, &player_card).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    let back = admin.get_json(&format!("/api/cards/{copy}/story")).await;
    assert_eq!(back["playback_type"], "interactive");
    let imported = admin.get_json(&format!("/api/cards/{copy}")).await;
    let title_of = |id: &Value| -> String {
        imported["tracks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| &t["id"] == id)
            .unwrap()["title"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let passages = back["story"]["passages"].as_array().unwrap();
    assert_eq!(title_of(&back["story"]["start"]), "The cave");
    assert_eq!(title_of(&passages[0]["left"]["target"]), "Start");
    assert_eq!(
        passages[0]["left"]["label"], "Start",
        "the platform keeps no words: the target's name"
    );
    assert_eq!(title_of(&passages[0]["right"]["target"]), "Home");
    assert_eq!(passages[0]["ending"]["kind"], "repeat");
    assert_eq!(passages[1]["ending"]["kind"], "stop");
    assert_eq!(title_of(&passages[2]["ending"]["target"]), "The cave");
    assert_eq!(codes(&back), Vec::<String>::new());

    // a story with an error is refused before anything is sent
    let home = &tracks[2].1;
    assert_eq!(
        admin
            .delete(&format!("/api/cards/{card}/tracks/{home}"))
            .await
            .status(),
        204
    );
    let collection = collection_of(admin, &card).await;
    let r = admin
        .post_json(
            "/api/publish",
            &json!({"account_ids": [account], "card_slugs": [card], "collection_id": collection}),
        )
        .await;
    let problem = assert_problem(r, 422).await;
    assert!(
        problem
            .to_string()
            .contains("leads to a passage that is not in the story"),
        "{problem}"
    );
}

#[tokio::test]
async fn a_passage_gets_new_audio_in_its_place_and_undo_brings_the_old_back() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (card, tracks) = card_with(&admin, &["Start", "The cave", "Home"], 6).await;
    let ids: Vec<&str> = tracks.iter().map(|(id, _)| id.as_str()).collect();
    assert_eq!(
        put_story(&admin, &card, &cave_story(&ids)).await.status(),
        200
    );
    let replace = |user: &User, bytes: Vec<u8>| {
        let form = reqwest::multipart::Form::new().part(
            "file",
            reqwest::multipart::Part::bytes(bytes).file_name("mine.wav"),
        );
        user.client
            .post(format!(
                "{}/api/cards/{card}/tracks/{}/replace",
                user.base, tracks[0].1
            ))
            .multipart(form)
            .send()
    };
    let mine = crate::support::audio_fixtures::bytes(&tone(7, "wav"));

    // a viewer may not; a file that is not audio changes nothing
    let collection = collection_of(&admin, &card).await;
    let (viewer, _) = app
        .member_of(&admin, &collection, "viewer@example.com", "viewer")
        .await;
    assert_problem(replace(&viewer, mine.clone()).await.unwrap(), 403).await;
    assert_eq!(
        replace(&admin, b"not audio at all".to_vec())
            .await
            .unwrap()
            .status(),
        415
    );
    let story = admin.get_json(&format!("/api/cards/{card}/story")).await;
    assert_eq!(story["story"]["start"], ids[0], "nothing changed");

    // the start passage gets new audio: same title, slug and place, its choices kept
    let r = replace(&admin, mine).await.unwrap();
    assert_eq!(r.status(), 200);
    let new: Value = r.json().await.unwrap();
    assert_eq!(new["title"], "Start");
    assert_eq!(new["slug"], tracks[0].1.as_str());
    assert_eq!(new["position"], 1);
    let new_id = new["id"].as_str().unwrap();
    assert_ne!(new_id, ids[0]);
    let story = admin.get_json(&format!("/api/cards/{card}/story")).await;
    assert_eq!(story["story"]["start"], new_id);
    assert_eq!(story["story"]["passages"][0]["left"]["target"], ids[1]);
    assert_eq!(
        story["story"]["passages"][1]["ending"]["target"], new_id,
        "the cave leads back to it"
    );
    let settled = crate::support::audio_fixtures::wait_settled(&admin, &card, &tracks[0].1).await;
    assert!(settled["duration"].as_i64().unwrap() >= 6, "{settled}");

    // the old audio is kept; undo puts it back, passage and all
    let sources = admin.get_list(&format!("/api/cards/{card}/sources")).await;
    let kept = sources
        .iter()
        .find(|s| s["id"] == ids[0])
        .expect("the old audio is kept");
    let r = admin
        .post_empty(&format!(
            "/api/cards/{card}/sources/{}/restore",
            kept["slug"].as_str().unwrap()
        ))
        .await;
    assert!(r.status().is_success(), "{}", r.status());
    let story = admin.get_json(&format!("/api/cards/{card}/story")).await;
    assert_eq!(story["story"]["start"], ids[0]);
    assert_eq!(story["story"]["passages"][1]["ending"]["target"], ids[0]);
}
