//! Interactive cards made in one step, over REST: a Twine story (Twee 3 or a published Twine
//! 2 page) spoken offline passage by passage and wired as the platform's converter reads it,
//! with hostile files bounded; and a branching story written offline for the child.

use serde_json::{json, Value};

use crate::support::audio_fixtures::wait_job;
use crate::support::helpers::{assert_problem, spawn_app, TestApp, User};

/// Six story passages (a loop back from the cave, a fork of three at the river, a link to a
/// passage that is not there) and one nobody reaches.
const CAVE: &str = r#":: StoryTitle
The Cave

:: StoryData
{"ifid": "D674C58C-DEFA-4F70-B7A2-27742230C0FC", "start": "Start"}

:: Start
A dark cave yawns in front of you. Will you go in, or walk down to the river?
[[Go into the cave->Cave]] [[Walk to the river|River]]

:: Cave
Bats everywhere! You run back out into the sunshine. [[Start]]

:: River
The river sings a gentle song. You could swim, or go home. [[Swim]] [[Home]] [[Home]]

:: Swim
Splash! The water is cold and wonderful. [[Home]] [[Nowhere]]

:: Home
You are home, warm and sleepy. The end.

:: Forgotten
Nobody ever comes here.
"#;

async fn upload_story(
    user: &User,
    collection: &str,
    name: &str,
    bytes: Vec<u8>,
    extra: &[(&str, &str)],
) -> reqwest::Response {
    let mut form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(bytes).file_name(name.to_owned()),
    );
    for (k, v) in extra {
        form = form.text(k.to_string(), v.to_string());
    }
    user.client
        .post(format!(
            "{}/api/collections/{collection}/stories/twine",
            user.base
        ))
        .multipart(form)
        .send()
        .await
        .unwrap()
}

async fn collection(app: &TestApp, user: &User) -> String {
    let _ = app;
    user.create_collection("Stories").await["id"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// The story of a made card once its job is done, with its tracks.
async fn made(user: &User, out: &Value) -> (Value, Value) {
    let done = wait_job(user, out["job_id"].as_str().unwrap()).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    let slug = out["card_slug"].as_str().unwrap();
    (
        user.get_json(&format!("/api/cards/{slug}/story")).await,
        user.get_json(&format!("/api/cards/{slug}")).await,
    )
}

#[tokio::test]
async fn a_twine_story_becomes_a_spoken_interactive_card() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let collection = collection(&app, &admin).await;
    let r = upload_story(
        &admin,
        &collection,
        "cave.twee",
        CAVE.as_bytes().to_vec(),
        &[],
    )
    .await;
    assert_eq!(r.status(), 202);
    let out: Value = r.json().await.unwrap();
    assert_eq!(out["written_by"], "twine");
    assert_eq!(out["passages"], 6);
    let notes: Vec<&str> = out["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["code"].as_str().unwrap())
        .collect();
    assert_eq!(notes, ["unknown_link"], "{out}");
    assert_eq!(out["notes"][0]["passage"], "Swim");

    let (story, card) = made(&admin, &out).await;
    assert_eq!(card["title"], "The Cave");
    assert_eq!(card["playback_type"], "interactive");
    let tracks = card["tracks"].as_array().unwrap();
    let titles: Vec<&str> = tracks
        .iter()
        .map(|t| t["title"].as_str().unwrap())
        .collect();
    assert_eq!(
        titles,
        ["Start", "Cave", "River", "Swim", "Home", "Forgotten"]
    );
    assert!(
        tracks
            .iter()
            .all(|t| t["source_type"] == "tts" && t["duration"].as_i64().unwrap_or(0) > 0),
        "every passage spoken: {card}"
    );
    let id = |i: usize| tracks[i]["id"].as_str().unwrap();
    let s = &story["story"];
    assert_eq!(s["start"], id(0));
    assert_eq!(
        s["passages"][0]["left"],
        json!({"label": "Go into the cave", "target": id(1)})
    );
    assert_eq!(
        s["passages"][0]["right"],
        json!({"label": "Walk to the river", "target": id(2)})
    );
    assert_eq!(
        s["passages"][0]["ending"]["kind"], "stop",
        "no third link: as the converter"
    );
    assert_eq!(s["passages"][1]["left"]["target"], id(0), "the loop back");
    assert_eq!(
        s["passages"][2]["ending"],
        json!({"kind": "goto", "target": id(4)}),
        "the third link goes on by itself"
    );
    let problems: Vec<(&str, &str)> = story["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["code"].as_str().unwrap(), p["severity"].as_str().unwrap()))
        .collect();
    assert!(
        problems.contains(&("unreachable", "warning")),
        "{problems:?}"
    );
    assert!(
        problems.iter().all(|(_, severity)| *severity == "warning"),
        "{problems:?}"
    );

    // the same story published by Twine 2 as a page
    let page = format!(
        "<html><body><tw-storydata name=\"The Cave\" startnode=\"2\">{}{}</tw-storydata><script>alert(1)</script></body></html>",
        "<tw-passagedata pid=\"1\" name=\"Home\">You are home. The end.</tw-passagedata>",
        "<tw-passagedata pid=\"2\" name=\"Start\">Where now? [[Home]] or [[Stay-&gt;Start]]</tw-passagedata>",
    );
    let r = upload_story(&admin, &collection, "cave.html", page.into_bytes(), &[]).await;
    assert_eq!(r.status(), 202);
    let (story, card) = made(&admin, &r.json().await.unwrap()).await;
    let tracks = card["tracks"].as_array().unwrap();
    assert_eq!(tracks.len(), 2);
    let start = tracks.iter().find(|t| t["title"] == "Start").unwrap()["id"].clone();
    assert_eq!(story["story"]["start"], start, "startnode names the start");
}

#[tokio::test]
async fn story_files_that_cannot_be_made_are_refused_and_change_nothing() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let collection = collection(&app, &admin).await;
    let cards = || async { admin.get_list("/api/cards").await.len() };
    let before = cards().await;

    // four links in a passage: refused naming it, or its first three kept
    let forked =
        ":: Start\n[[A]] [[B]] [[C]] [[D]]\n:: A\nAn a.\n:: B\nA b.\n:: C\nA c.\n:: D\nA d.\n";
    let problem = assert_problem(
        upload_story(&admin, &collection, "f.twee", forked.into(), &[]).await,
        422,
    )
    .await;
    assert!(
        problem.to_string().contains("“Start” has 4 links"),
        "{problem}"
    );
    let r = upload_story(
        &admin,
        &collection,
        "f.twee",
        forked.into(),
        &[("extra_links", "keep_first")],
    )
    .await;
    assert_eq!(r.status(), 202);
    let out: Value = r.json().await.unwrap();
    wait_job(&admin, out["job_id"].as_str().unwrap()).await;
    let before = before + 1;
    assert_problem(
        upload_story(
            &admin,
            &collection,
            "f.twee",
            forked.into(),
            &[("extra_links", "all")],
        )
        .await,
        422,
    )
    .await;

    // hostile files: past 2 MiB (a body past the route's limit is cut off before it is read,
    // so the client may see its connection closed: this one is read whole, then refused),
    // not text, 10,000 passages, no passages, 500-character names
    let huge = format!(":: Start\n{}", "x".repeat(2 * 1024 * 1024 + 4096));
    let r = upload_story(&admin, &collection, "big.twee", huge.into_bytes(), &[]).await;
    assert_eq!(r.status(), 413);
    assert_problem(
        upload_story(
            &admin,
            &collection,
            "bin.twee",
            vec![0xff, 0xfe, 0x00, 0x80],
            &[],
        )
        .await,
        422,
    )
    .await;
    let many: String = (0..10_000).map(|i| format!(":: P{i}\nt\n")).collect();
    let problem = assert_problem(
        upload_story(&admin, &collection, "many.twee", many.into_bytes(), &[]).await,
        422,
    )
    .await;
    assert!(
        problem.to_string().contains("more than 1,000 passages"),
        "{problem}"
    );
    let over: String = (0..101).map(|i| format!(":: P{i}\nt\n")).collect();
    let problem = assert_problem(
        upload_story(&admin, &collection, "over.twee", over.into_bytes(), &[]).await,
        422,
    )
    .await;
    assert!(problem.to_string().contains("at most 100"), "{problem}");
    assert_problem(
        upload_story(
            &admin,
            &collection,
            "none.twee",
            b"just some words".to_vec(),
            &[],
        )
        .await,
        422,
    )
    .await;
    assert_eq!(cards().await, before, "nothing was made of them");

    let long = "N".repeat(500);
    let hostile = format!(
        ":: Start\n<script>alert(1)</script> Hello! [[Go on->{long}]]\n:: {long}\nThe end.\n"
    );
    let r = upload_story(&admin, &collection, "long.twee", hostile.into_bytes(), &[]).await;
    assert_eq!(r.status(), 202);
    let out: Value = r.json().await.unwrap();
    assert!(out["notes"]
        .as_array()
        .unwrap()
        .iter()
        .any(|n| n["code"] == "name_shortened"));
    let (_, card) = made(&admin, &out).await;
    assert_eq!(
        card["tracks"][1]["title"].as_str().unwrap().chars().count(),
        100
    );

    // who may: a viewer is refused, a stranger cannot tell the collection exists
    let (viewer, _) = app
        .member_of(&admin, &collection, "viewer@example.com", "viewer")
        .await;
    assert_problem(
        upload_story(&viewer, &collection, "cave.twee", CAVE.into(), &[]).await,
        403,
    )
    .await;
    let (stranger, _) = app.new_user("stranger@example.com", "user").await;
    assert_problem(
        upload_story(&stranger, &collection, "cave.twee", CAVE.into(), &[]).await,
        404,
    )
    .await;
}

#[tokio::test]
async fn an_offline_branching_story_is_written_for_the_child_spoken_and_wired() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let collection = collection(&app, &admin).await;
    let profile = json!({"child_name": "Mia", "child_age": 5, "friends": "", "interests": "", "notes": "",
        "pets": "", "avoid_themes": "", "prompt_template": "", "vocab_level": "easy", "voice_id": "", "duration_min": 0});
    let r = admin
        .send_json(
            reqwest::Method::PATCH,
            &format!("/api/collections/{collection}/profile"),
            &profile,
        )
        .await;
    assert!(r.status().is_success(), "{}", r.status());

    // more choices than the passages can hold: refused with the bound
    let r = admin
        .post_json(
            &format!("/api/collections/{collection}/stories/interactive"),
            &json!({"idea": "a dragon who bakes", "passages": 7, "choice_points": 3}),
        )
        .await;
    let problem = assert_problem(r, 422).await;
    assert!(problem.to_string().contains("between 1 and 2"), "{problem}");

    let r = admin
        .post_json(
            &format!("/api/collections/{collection}/stories/interactive"),
            &json!({"idea": "a dragon who bakes", "passages": 8, "choice_points": 2}),
        )
        .await;
    assert_eq!(r.status(), 202);
    let out: Value = r.json().await.unwrap();
    assert_eq!(out["written_by"], "offline");
    assert_eq!(out["passages"], 8);
    let (story, card) = made(&admin, &out).await;
    assert_eq!(card["playback_type"], "interactive");
    let tracks = card["tracks"].as_array().unwrap();
    assert_eq!(tracks.len(), 8);
    assert!(
        tracks
            .iter()
            .all(|t| t["duration"].as_i64().unwrap_or(0) > 0),
        "each passage has audio"
    );
    let passages = story["story"]["passages"].as_array().unwrap();
    assert_eq!(
        passages.iter().filter(|p| !p["left"].is_null()).count(),
        2,
        "two crossroads"
    );
    // all reachable, every passage has a way on or ends, each choice long enough to be said
    assert_eq!(story["problems"], json!([]), "{story}");
    let spoken = admin
        .get_json(&format!(
            "/api/cards/{}/tracks/{}",
            out["card_slug"].as_str().unwrap(),
            tracks[0]["slug"].as_str().unwrap()
        ))
        .await;
    assert!(
        spoken["tts_text"]
            .as_str()
            .unwrap_or_default()
            .contains("Mia"),
        "{spoken}"
    );
}
