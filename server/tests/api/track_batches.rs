//! Many tracks at once (`POST /cards/{slug}/tracks/batch`) and the card's one undo: a regex
//! rename of 40 tracks and its undo, all-or-nothing refusals, who may, and every action's
//! effect on real files.

use serde_json::{json, Value};

use crate::support::audio_fixtures::{card_for, tagged_mp3, tone, upload_track, wait_settled};
use crate::support::helpers::{assert_problem, spawn_app, User};

fn batch_url(card: &str) -> String {
    format!("/api/cards/{card}/tracks/batch")
}

async fn undo(user: &User, card: &str) -> reqwest::Response {
    user.post_json(&format!("{}/undo", batch_url(card)), &json!({}))
        .await
}

async fn batch(user: &User, card: &str, body: Value) -> Value {
    let r = user.post_json(&batch_url(card), &body).await;
    assert_eq!(r.status(), 200, "{body}: {}", r.text().await.unwrap());
    r.json().await.unwrap()
}

/// The card's playable tracks as (slug, title), in order.
async fn chapters(user: &User, card: &str) -> Vec<(String, String)> {
    let c: Value = user.get_json(&format!("/api/cards/{card}")).await;
    c["tracks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["slug"].as_str().unwrap().to_owned(),
                t["title"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn titles(list: &[(String, String)]) -> Vec<&str> {
    list.iter().map(|(_, t)| t.as_str()).collect()
}

fn slugs(list: &[(String, String)]) -> Vec<String> {
    list.iter().map(|(s, _)| s.clone()).collect()
}

/// `count` ready tracks titled by `title(i)` on `card`.
async fn ready_tracks(user: &User, card: &str, titles: &[&str]) {
    for title in titles {
        let t = upload_track(user, card, &tone(1, "wav")).await;
        let slug = t["slug"].as_str().unwrap();
        let r = user
            .put_json(
                &format!("/api/cards/{card}/tracks/{slug}/title"),
                &json!({ "title": title }),
            )
            .await;
        assert_eq!(r.status(), 200);
        let renamed: Value = r.json().await.unwrap();
        wait_settled(user, card, renamed["slug"].as_str().unwrap()).await;
    }
}

#[tokio::test]
async fn a_regex_rename_of_forty_tracks_previews_applies_and_undoes_whole() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Forty").await;
    ready_tracks(
        &admin,
        &card,
        &["01 - Owl", "02 - Bat", "03 - Moth", "04 - Fox", "05 - Hare"],
    )
    .await;
    // copies double the card to 40 chapters (the audio is shared, not stored again)
    for _ in 0..3 {
        let all = slugs(&chapters(&admin, &card).await);
        let out = batch(
            &admin,
            &card,
            json!({"tracks": all, "action": "copy", "to_card": card}),
        )
        .await;
        assert_eq!(out["changes"].as_array().unwrap().len(), all.len());
    }
    let before = chapters(&admin, &card).await;
    assert_eq!(before.len(), 40);
    let all = slugs(&before);
    let rename = json!({"find": r"^(\d+) - (.*)$", "replace": "$2 (part $1)", "regex": true});

    // the preview says what would change and changes nothing
    let preview = batch(
        &admin,
        &card,
        json!({"tracks": all, "action": "rename", "rename": rename, "preview": true}),
    )
    .await;
    assert_eq!(preview["preview"], true);
    assert_eq!(preview["changes"][0]["title"], "Owl (part 01)");
    assert_eq!(preview["changes"][0]["before_title"], "01 - Owl");
    assert_eq!(chapters(&admin, &card).await, before);

    let out = batch(
        &admin,
        &card,
        json!({"tracks": all, "action": "rename", "rename": rename}),
    )
    .await;
    assert_eq!(out["undoable"], true);
    let renamed = chapters(&admin, &card).await;
    assert_eq!(renamed.len(), 40);
    assert!(
        renamed.iter().all(|(_, t)| t.contains("(part 0")),
        "{renamed:?}"
    );
    assert_eq!(
        renamed[0],
        ("owl-part-01".to_owned(), "Owl (part 01)".to_owned())
    );
    let last: Value = admin.get_json(&format!("{}/undo", batch_url(&card))).await;
    assert_eq!(last["available"], true);
    assert_eq!(last["action"], "rename");
    assert_eq!(last["tracks"], 40);

    // one undo restores every title and slug, in order
    let r = undo(&admin, &card).await;
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    assert_eq!(chapters(&admin, &card).await, before);
    let last: Value = admin.get_json(&format!("{}/undo", batch_url(&card))).await;
    assert_eq!(last["available"], false);
    assert_problem(undo(&admin, &card).await, 409).await;

    // a bad expression and a rename that would leave no title are refused, naming the field
    let bad = json!({"tracks": all, "action": "rename", "rename": {"find": "(", "regex": true}});
    let problem = assert_problem(admin.post_json(&batch_url(&card), &bad).await, 422).await;
    assert_eq!(problem["errors"][0]["pointer"], "/rename/find");
    let empty = json!({"tracks": [all[0]], "action": "rename", "rename": {"find": ".*", "replace": "", "regex": true}});
    let problem = assert_problem(admin.post_json(&batch_url(&card), &empty).await, 422).await;
    assert_eq!(problem["errors"][0]["pointer"], "/tracks/0");
    assert_eq!(chapters(&admin, &card).await, before);
}

#[tokio::test]
async fn a_batch_is_all_or_nothing_and_only_for_editors() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let collection = admin.create_collection("Shared shelf").await;
    let collection_id = collection["id"].as_str().unwrap();
    let created = admin.create_card(collection_id, "Shared").await;
    let card = created["slug"].as_str().unwrap().to_owned();
    ready_tracks(&admin, &card, &["One", "Two", "Three"]).await;
    let all = slugs(&chapters(&admin, &card).await);
    let (viewer, _) = app
        .member_of(&admin, collection_id, "v@example.com", "viewer")
        .await;
    let (stranger, _) = app.new_user("s@example.com", "user").await;
    let (editor, _) = app
        .member_of(&admin, collection_id, "e@example.com", "editor")
        .await;

    // a viewer is refused before the body is read, a stranger does not learn the card exists
    let rename =
        json!({"tracks": all, "action": "rename", "rename": {"find": "T", "replace": "t"}});
    assert_problem(viewer.post_json(&batch_url(&card), &rename).await, 403).await;
    assert_problem(
        viewer
            .post_json(&batch_url(&card), &json!({"not": "a batch"}))
            .await,
        403,
    )
    .await;
    assert_problem(stranger.post_json(&batch_url(&card), &rename).await, 404).await;
    assert_problem(undo(&viewer, &card).await, 403).await;
    // a viewer may see whether there is an undo; a stranger may not
    let seen: Value = viewer.get_json(&format!("{}/undo", batch_url(&card))).await;
    assert_eq!(seen["available"], false);
    assert_problem(
        stranger.get(&format!("{}/undo", batch_url(&card))).await,
        404,
    )
    .await;

    // another editor deletes a track meanwhile: the whole batch is refused, naming it
    let r = editor
        .delete(&format!("/api/cards/{card}/tracks/{}", all[2]))
        .await;
    assert_eq!(r.status(), 204);
    let problem = assert_problem(admin.post_json(&batch_url(&card), &rename).await, 422).await;
    assert_eq!(problem["errors"].as_array().unwrap().len(), 1);
    assert_eq!(problem["errors"][0]["pointer"], "/tracks/2");
    assert_eq!(titles(&chapters(&admin, &card).await), ["One", "Two"]);

    // moves need editor on the card they go to
    let elsewhere = card_for(&stranger, "Not yours").await;
    let moving = json!({"tracks": [all[0]], "action": "move", "to_card": elsewhere});
    assert_problem(admin.post_json(&batch_url(&card), &moving).await, 404).await;
    let to_self = json!({"tracks": [all[0]], "action": "move", "to_card": card});
    assert_problem(admin.post_json(&batch_url(&card), &to_self).await, 422).await;
    assert_eq!(titles(&chapters(&admin, &card).await), ["One", "Two"]);

    // the same batch twelve times at once: each runs whole, one after the other
    let exclaim = json!({"tracks": [all[0], all[1]], "action": "rename",
        "rename": {"find": "$", "replace": "!", "regex": true}});
    let url = batch_url(&card);
    let answers =
        futures_util::future::join_all((0..12).map(|_| admin.post_json(&url, &exclaim))).await;
    assert!(
        answers.iter().all(|r| r.status() == 200),
        "{:?}",
        answers.iter().map(|r| r.status()).collect::<Vec<_>>()
    );
    assert_eq!(
        titles(&chapters(&admin, &card).await),
        ["One!!!!!!!!!!!!", "Two!!!!!!!!!!!!"]
    );
    let undone = undo(&admin, &card).await;
    assert_eq!(undone.status(), 200);
    assert_eq!(
        titles(&chapters(&admin, &card).await),
        ["One!!!!!!!!!!!", "Two!!!!!!!!!!!"]
    );
    let plain = json!({"tracks": [all[0], all[1]], "action": "rename",
        "rename": {"find": "!", "replace": ""}});
    batch(&admin, &card, plain).await;

    // the editor's later change makes the admin's batch impossible to undo
    batch(
        &admin,
        &card,
        json!({"tracks": [all[0], all[1]], "action": "reverse"}),
    )
    .await;
    assert_eq!(titles(&chapters(&admin, &card).await), ["Two", "One"]);
    let r = editor
        .put_json(
            &format!("/api/cards/{card}/tracks/{}/title", all[0]),
            &json!({"title": "Uno"}),
        )
        .await;
    assert_eq!(r.status(), 200);
    assert_problem(undo(&admin, &card).await, 409).await;
    assert_eq!(titles(&chapters(&admin, &card).await), ["Two", "Uno"]);
}

#[tokio::test]
async fn delete_move_copy_and_reorder_come_back_with_undo() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Animals").await;
    let other = card_for(&admin, "Other").await;
    ready_tracks(
        &admin,
        &card,
        &["10 - Bats", "2 - Owls", "1 - Intro", "Afterword"],
    )
    .await;
    ready_tracks(&admin, &other, &["Kept"]).await;
    let start = chapters(&admin, &card).await;
    let s = slugs(&start);

    // sorting is natural and stays in the selected places; top, bottom and reverse too
    batch(
        &admin,
        &card,
        json!({"tracks": [s[0], s[1], s[2]], "action": "sort-by-title"}),
    )
    .await;
    assert_eq!(
        titles(&chapters(&admin, &card).await),
        ["1 - Intro", "2 - Owls", "10 - Bats", "Afterword"]
    );
    batch(
        &admin,
        &card,
        json!({"tracks": [s[3]], "action": "move-to-top"}),
    )
    .await;
    assert_eq!(titles(&chapters(&admin, &card).await)[0], "Afterword");
    // the selection keeps its order on the card, whatever order it was named in
    batch(
        &admin,
        &card,
        json!({"tracks": [s[2], s[3]], "action": "move-to-bottom"}),
    )
    .await;
    assert_eq!(
        titles(&chapters(&admin, &card).await),
        ["2 - Owls", "10 - Bats", "Afterword", "1 - Intro"]
    );
    let arranged = chapters(&admin, &card).await;

    // delete two; undo brings them back where they were, audio and all
    let out = batch(
        &admin,
        &card,
        json!({"tracks": [s[1], s[3]], "action": "delete"}),
    )
    .await;
    assert_eq!(out["changes"][0]["position"], 0);
    assert_eq!(
        titles(&chapters(&admin, &card).await),
        ["10 - Bats", "1 - Intro"]
    );
    assert_eq!(
        admin
            .get(&format!("/api/cards/{card}/tracks/{}/audio", s[1]))
            .await
            .status(),
        404
    );
    let r = undo(&admin, &card).await;
    assert_eq!(r.status(), 200);
    assert_eq!(chapters(&admin, &card).await, arranged);
    let audio = admin
        .get(&format!("/api/cards/{card}/tracks/{}/audio", s[1]))
        .await;
    assert_eq!(audio.status(), 200);
    assert!(!audio.bytes().await.unwrap().is_empty());

    // move two to another card (after its own track), then undo: both cards as they were
    let out = batch(
        &admin,
        &card,
        json!({"tracks": [s[0], s[2]], "action": "move", "to_card": other}),
    )
    .await;
    assert_eq!(out["changes"][0]["card_slug"], other);
    assert_eq!(
        titles(&chapters(&admin, &other).await),
        ["Kept", "10 - Bats", "1 - Intro"]
    );
    assert_eq!(
        titles(&chapters(&admin, &card).await),
        ["2 - Owls", "Afterword"]
    );
    let r = undo(&admin, &card).await;
    assert_eq!(r.status(), 200);
    assert_eq!(chapters(&admin, &card).await, arranged);
    assert_eq!(titles(&chapters(&admin, &other).await), ["Kept"]);

    // copy, then undo: the copies go, the originals stay
    batch(
        &admin,
        &card,
        json!({"tracks": [s[0]], "action": "copy", "to_card": other}),
    )
    .await;
    assert_eq!(
        titles(&chapters(&admin, &other).await),
        ["Kept", "10 - Bats"]
    );
    let r = undo(&admin, &card).await;
    assert_eq!(r.status(), 200);
    assert_eq!(titles(&chapters(&admin, &other).await), ["Kept"]);
    assert_eq!(chapters(&admin, &card).await, arranged);
}

#[tokio::test]
async fn tags_order_icons_and_loudness_apply_to_the_selection() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Tagged").await;
    let dir = tempfile::tempdir().unwrap();
    // file names out of tag order: disc 2 track 1 is last by tags
    for (name, track, disc) in [("a.mp3", 1, 2), ("b.mp3", 3, 1), ("c.mp3", 1, 1)] {
        let t = upload_track(&admin, &card, &tagged_mp3(dir.path(), name, track, disc)).await;
        wait_settled(&admin, &card, t["slug"].as_str().unwrap()).await;
    }
    let s = slugs(&chapters(&admin, &card).await);
    batch(
        &admin,
        &card,
        json!({"tracks": s, "action": "sort-by-tag-number"}),
    )
    .await;
    assert_eq!(
        slugs(&chapters(&admin, &card).await),
        [s[2].clone(), s[1].clone(), s[0].clone()]
    );

    // icons: matched from the titles (an owl is in the library; nonsense is not), copied,
    // then back to the drawn default
    for (slug, title) in [
        (&s[0], "The Owl"),
        (&s[1], "Zzqx"),
        (&s[2], "Moon and stars"),
    ] {
        let r = admin
            .put_json(
                &format!("/api/cards/{card}/tracks/{slug}/title"),
                &json!({"title": title}),
            )
            .await;
        assert_eq!(r.status(), 200);
    }
    let now = slugs(&chapters(&admin, &card).await);
    batch(
        &admin,
        &card,
        json!({"tracks": now, "action": "set-icon", "icon": "matched"}),
    )
    .await;
    let c: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    let icon = |i: usize| c["tracks"][i]["icon_path"].clone();
    let matched: Vec<bool> = (0..3).map(|i| !icon(i).is_null()).collect();
    let by_title: Vec<&str> = (0..3)
        .map(|i| c["tracks"][i]["title"].as_str().unwrap())
        .collect();
    for (i, title) in by_title.iter().enumerate() {
        assert_eq!(matched[i], *title != "Zzqx", "{title}: {}", icon(i));
    }
    let owl = c["tracks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["title"] == "The Owl")
        .unwrap();
    let owl_slug = owl["slug"].as_str().unwrap();
    batch(
        &admin,
        &card,
        json!({"tracks": now, "action": "set-icon", "icon": "same-as", "icon_from": owl_slug}),
    )
    .await;
    let c: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    let versions: Vec<String> = c["tracks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            t["icon_path"]
                .as_str()
                .unwrap()
                .rsplit("v=")
                .next()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert!(versions.iter().all(|v| v == &versions[0]), "{versions:?}");
    batch(
        &admin,
        &card,
        json!({"tracks": now, "action": "set-icon", "icon": "default"}),
    )
    .await;
    let c: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    assert!(c["tracks"]
        .as_array()
        .unwrap()
        .iter()
        .all(|t| t["icon_path"].is_null()));
    let r = undo(&admin, &card).await;
    assert_eq!(r.status(), 200);
    let c: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    assert!(c["tracks"]
        .as_array()
        .unwrap()
        .iter()
        .all(|t| !t["icon_path"].is_null()));

    // loudness: the audio is made again from the kept originals; nothing to undo
    let out = batch(
        &admin,
        &card,
        json!({"tracks": [now[0]], "action": "loudness"}),
    )
    .await;
    assert_eq!(out["undoable"], false);
    let track = wait_settled(&admin, &card, &now[0]).await;
    assert_eq!(track["transcode_status"], "ready");
}
