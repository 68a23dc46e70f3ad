//! "Download my cards" and its import, over HTTP between two real instances: a collection
//! goes out as a ZIP and comes back equal (titles, order, descriptions, settings, story,
//! icons, cover, audio by content hash), importing it twice makes nothing twice, hostile
//! archives are refused with nothing made, and who may export and import is checked both ways.

use serde_json::{json, Value};

use crate::support::audio_fixtures::{card_for, tone, wait_job};
use crate::support::helpers::{assert_problem, png_bytes, spawn_app, upload_ready_track, User};
use crate::support::zips::{declaring_twelve_gb, hundred_thousand_entries, with_symlink, zip_of};

/// Exports `body` as `user` and answers the ZIP's bytes.
pub(crate) async fn export(user: &User, body: Value) -> Vec<u8> {
    let r = user.post_json("/api/exports", &body).await;
    assert_eq!(r.status(), 202, "{}", r.text().await.unwrap());
    let job = r.json::<Value>().await.unwrap()["job_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let done = wait_job(user, &job).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    let result: Value = serde_json::from_str(done["result"].as_str().unwrap()).unwrap();
    let r = user.get(result["download"].as_str().unwrap()).await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "application/zip");
    r.bytes().await.unwrap().to_vec()
}

async fn import(user: &User, collection: &str, zip: Vec<u8>) -> reqwest::Response {
    user.upload(
        &format!("/api/collections/{collection}/import-zip"),
        zip,
        "cards.zip",
    )
    .await
}

/// Each `card.yaml` of an export, in order, as JSON.
pub(crate) fn card_files(zip: &[u8]) -> Vec<Value> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(zip)).unwrap();
    let mut names: Vec<String> = archive
        .file_names()
        .filter(|n| n.ends_with("/card.yaml"))
        .map(str::to_owned)
        .collect();
    names.sort();
    names
        .iter()
        .map(|n| {
            let mut text = String::new();
            std::io::Read::read_to_string(&mut archive.by_name(n).unwrap(), &mut text).unwrap();
            serde_norway::from_str(&text).unwrap()
        })
        .collect()
}

async fn bytes_of(user: &User, path: &str) -> Vec<u8> {
    let r = user.get(path).await;
    assert_eq!(r.status(), 200, "{path}");
    r.bytes().await.unwrap().to_vec()
}

#[tokio::test]
async fn a_collection_goes_out_as_a_zip_and_comes_back_equal_in_another_instance() {
    let here = spawn_app().await;
    let admin = here.admin().await;
    let card = card_for(&admin, "Owl stories").await;
    for seconds in [3, 4] {
        upload_ready_track(&admin, &card, &tone(seconds, "mp3")).await;
    }
    let detail = admin.get_json(&format!("/api/cards/{card}")).await;
    let collection = detail["collection_id"].as_str().unwrap().to_owned();
    let first = detail["tracks"][0]["slug"].as_str().unwrap().to_owned();
    for (what, body) in [
        ("description", json!({"description": "Chapter one"})),
        ("title", json!({"title": "The owl wakes"})),
    ] {
        let r = admin
            .put_json(&format!("/api/cards/{card}/tracks/{first}/{what}"), &body)
            .await;
        assert!(
            r.status().is_success(),
            "{what}: {}",
            r.text().await.unwrap()
        );
    }
    let r = admin
        .upload(
            &format!("/api/cards/{card}/cover"),
            png_bytes(64, 64),
            "front.png",
        )
        .await;
    assert!(r.status().is_success());
    let r = admin
        .upload(
            &format!("/api/cards/{card}/tracks/1/icon"),
            png_bytes(32, 32),
            "owl.png",
        )
        .await;
    assert!(r.status().is_success(), "{}", r.text().await.unwrap());
    let playback = json!({"autoadvance": "none", "shuffle": "off", "overlay_timeout": 7, "resume_timeout": 60});
    let r = admin
        .put_json(&format!("/api/cards/{card}/playback"), &playback)
        .await;
    assert!(r.status().is_success());
    let story = admin.get_json(&format!("/api/cards/{card}/story")).await;
    let r = admin
        .put_json(
            &format!("/api/cards/{card}/story"),
            &json!({"playback_type": "interactive", "story": story["story"]}),
        )
        .await;
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());

    let zip = export(&admin, json!({"collection_id": collection})).await;
    if here.core.media().object().is_some() {
        // with media in a bucket the ZIP is kept there, for whichever instance is asked
        let local = std::fs::read_dir(here.core.settings.data_dir.join("exports"))
            .map(|d| d.count())
            .unwrap_or(0);
        assert_eq!(local, 0, "the export lives in the bucket");
    }
    let exported = card_files(&zip);
    assert_eq!(exported.len(), 1);
    assert_eq!(exported[0]["title"], "Owl stories");
    assert_eq!(exported[0]["playback_type"], "interactive");
    assert_eq!(exported[0]["tracks"][0]["description"], "Chapter one");

    // another instance makes the same card of it
    let there = spawn_app().await;
    let other = there.admin().await;
    let shelf = other.create_collection("Imported").await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let r = import(&other, &shelf, zip.clone()).await;
    assert_eq!(r.status(), 201, "{}", r.text().await.unwrap());
    let made: Value = r.json().await.unwrap();
    assert_eq!(made["created"].as_array().unwrap().len(), 1, "{made}");
    assert_eq!(made["tracks"], 2);
    let slug = made["created"][0].as_str().unwrap().to_owned();
    let copy = other.get_json(&format!("/api/cards/{slug}")).await;
    assert_eq!(copy["title"], "Owl stories");
    assert_eq!(copy["playback_type"], "interactive");
    let titles = |d: &Value| -> Vec<Value> {
        d["tracks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["title"].clone())
            .collect()
    };
    assert_eq!(
        titles(&copy),
        titles(&admin.get_json(&format!("/api/cards/{card}")).await)
    );
    assert_eq!(
        other.get_json(&format!("/api/cards/{slug}/playback")).await,
        playback
    );
    // a cover is re-encoded on the way in, as every upload is: the same picture, not the
    // same JPEG bytes
    let cover = |bytes: Vec<u8>| image::load_from_memory(&bytes).unwrap().to_rgb8();
    let (ours, copied) = (
        cover(bytes_of(&admin, &format!("/api/cards/{card}/cover")).await),
        cover(bytes_of(&other, &format!("/api/cards/{slug}/cover")).await),
    );
    assert_eq!(ours.dimensions(), copied.dimensions());
    let difference: u64 = ours
        .as_raw()
        .iter()
        .zip(copied.as_raw())
        .map(|(a, b)| u64::from(a.abs_diff(*b)))
        .sum();
    assert!(
        difference / ours.as_raw().len() as u64 <= 2,
        "the same cover, within JPEG's rounding"
    );
    assert!(
        bytes_of(&other, &format!("/api/cards/{slug}/icons/1")).await
            == bytes_of(&admin, &format!("/api/cards/{card}/icons/1")).await,
        "the same icon"
    );
    // the story follows its tracks: the same shape, the new tracks' ids
    let theirs = other.get_json(&format!("/api/cards/{slug}/story")).await;
    assert_eq!(
        theirs["story"]["passages"].as_array().unwrap().len(),
        story["story"]["passages"].as_array().unwrap().len()
    );
    assert_eq!(theirs["problems"], json!([]), "{theirs}");
    // and the audio is the same bytes: exported again, every hash and title is equal
    let again = card_files(&export(&other, json!({"collection_id": shelf})).await);
    let audio = |files: &[Value]| -> Vec<Value> {
        files[0]["tracks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| json!([t["title"], t["audio"]["sha256"], t["icon"]["sha256"]]))
            .collect()
    };
    assert_eq!(audio(&again), audio(&exported));

    // a second import of the same ZIP makes nothing twice
    let r = import(&other, &shelf, zip).await;
    assert_eq!(r.status(), 201);
    let twice: Value = r.json().await.unwrap();
    assert_eq!(twice["created"], json!([]));
    assert_eq!(twice["already_there"], json!(["Owl stories"]));
    assert_eq!(
        other
            .get_list(&format!("/api/collections/{shelf}/cards"))
            .await
            .len(),
        1
    );
}

fn sha256(bytes: &[u8]) -> String {
    use sha2::Digest;
    hex::encode(sha2::Sha256::digest(bytes))
}

/// A well-formed card of one track whose audio is `audio`, claiming `declared` bytes.
fn card_yaml(audio: &[u8], declared: usize) -> Vec<u8> {
    format!(
        "format: 1\ntitle: Sneaky\nplayback:\n  autoadvance: next\n  shuffle: 'off'\n  overlay_timeout: 5\n  resume_timeout: 3600\ntracks:\n- title: One\n  audio:\n    file: one.wav\n    sha256: {}\n    size: {declared}\n",
        sha256(audio)
    )
    .into_bytes()
}

/// A YAML document whose aliases expand to 10^9 strings if followed.
fn laughs() -> Vec<u8> {
    let mut yaml = String::from("format: 1\ntitle: &a0 lol\n");
    for level in 1..10 {
        let refs = vec![format!("*a{}", level - 1); 10].join(", ");
        yaml.push_str(&format!("description: &a{level} [{refs}]\n"));
    }
    yaml.push_str("author: [*a9, *a9, *a9]\ntracks: []\n");
    yaml.into_bytes()
}

#[tokio::test]
async fn hostile_archives_are_refused_with_a_clear_reason_and_nothing_made() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let shelf = admin.create_collection("Target").await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let wav = crate::support::audio_fixtures::bytes(&tone(1, "wav"));

    let many = hundred_thousand_entries();
    let linked = with_symlink(
        "card/one.wav",
        &[("card/card.yaml", card_yaml(&wav, wav.len()))],
    );
    let huge = declaring_twelve_gb(["a/card.yaml", "a/b", "a/c"]);

    let cases: Vec<(&str, Vec<u8>, u16, &str)> = vec![
        (
            "not a zip",
            b"PK but not really".to_vec(),
            422,
            "is not a ZIP file",
        ),
        (
            "path traversal",
            zip_of(&[("../evil/card.yaml", b"format: 1".to_vec(), false)]),
            422,
            "outside the archive",
        ),
        (
            "absolute path",
            zip_of(&[("/tmp/evil/card.yaml", b"format: 1".to_vec(), false)]),
            422,
            "outside the archive",
        ),
        ("a symbolic link", linked, 422, "symbolic link"),
        ("100,000 entries", many, 422, "at most 10000"),
        ("12 GB declared", huge, 413, "more than"),
        (
            "a zip bomb",
            zip_of(&[
                ("bomb/card.yaml", card_yaml(&wav, wav.len()), false),
                ("bomb/one.wav", vec![0u8; 60 * 1024 * 1024], true),
            ]),
            422,
            "ZIP bomb",
        ),
        (
            "card.yaml of the wrong types",
            zip_of(&[(
                "bad/card.yaml",
                b"format: one\ntitle: [1, 2]\ntracks: 5\n".to_vec(),
                false,
            )]),
            422,
            "bad/card.yaml",
        ),
        (
            "a billion laughs card.yaml",
            zip_of(&[("laughs/card.yaml", laughs(), false)]),
            422,
            "laughs/card.yaml",
        ),
        (
            "a file that is not what card.yaml says",
            zip_of(&[
                (
                    "liar/card.yaml",
                    card_yaml(b"other bytes", wav.len()),
                    false,
                ),
                ("liar/one.wav", wav.clone(), false),
            ]),
            422,
            "does not match",
        ),
        (
            "a file that is not audio",
            zip_of(&[
                ("text/card.yaml", card_yaml(b"not audio at all", 16), false),
                ("text/one.wav", b"not audio at all".to_vec(), false),
            ]),
            415,
            "text/one.wav",
        ),
    ];
    for (what, zip, status, says) in cases {
        let r = import(&admin, &shelf, zip).await;
        if r.status() != status {
            panic!("{what}: {} {}", r.status(), r.text().await.unwrap());
        }
        let problem = assert_problem(r, status).await;
        assert!(
            problem.to_string().contains(says),
            "{what}: expected {says:?} in {problem}"
        );
    }
    assert!(
        admin
            .get_list(&format!("/api/collections/{shelf}/cards"))
            .await
            .is_empty(),
        "nothing half-imported"
    );
    let data = app.core.settings.data_dir.clone();
    assert!(!data.parent().unwrap().join("evil").exists() && !data.join("evil").exists());
    let scratch: Vec<_> = std::fs::read_dir(data.join("tmp"))
        .map(|d| d.flatten().map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert!(scratch.is_empty(), "scratch files left: {scratch:?}");
}

#[tokio::test]
async fn a_viewer_exports_but_does_not_import_and_a_parent_exports_only_what_they_see() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let private = card_for(&admin, "Admin's own").await;
    let _ = private;
    let (parent, _) = app.new_user("parent@example.com", "user").await;
    let shelf = parent.create_collection("Ours").await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let r = parent
        .post_json(
            &format!("/api/collections/{shelf}/cards"),
            &json!({"title": "Parent's card", "description": ""}),
        )
        .await;
    assert_eq!(r.status(), 201);
    let zip = export(&parent, json!({})).await;
    let titles: Vec<Value> = card_files(&zip)
        .iter()
        .map(|c| c["title"].clone())
        .collect();
    assert_eq!(
        titles,
        vec![json!("Parent's card")],
        "only what the parent sees"
    );

    // a viewer of the collection: may export it, may not import into it
    let (viewer, _) = app.new_user("grandma@example.com", "user").await;
    let r = parent
        .add_member(&shelf, "grandma@example.com", "viewer")
        .await;
    assert!(r.status().is_success(), "{}", r.status());
    let theirs = export(&viewer, json!({"collection_id": shelf})).await;
    assert_eq!(card_files(&theirs).len(), 1);
    assert_problem(import(&viewer, &shelf, theirs.clone()).await, 403).await;
    // the download is the asker's only; twelve requests at once do not queue twelve exports
    let body = json!({"collection_id": shelf});
    let asked =
        futures_util::future::join_all((0..12).map(|_| viewer.post_json("/api/exports", &body)))
            .await;
    let mut jobs = std::collections::BTreeSet::new();
    for r in asked {
        assert_eq!(r.status(), 202);
        jobs.insert(
            r.json::<Value>().await.unwrap()["job_id"]
                .as_str()
                .unwrap()
                .to_owned(),
        );
    }
    // an export of one card is done in milliseconds, after which the next request may start
    // the next one; while one waits or runs, the same request is answered with it
    assert!(
        jobs.len() < 12,
        "twelve identical requests shared exports: {jobs:?}"
    );
    let job = jobs.into_iter().next().unwrap();
    wait_job(&viewer, &job).await;
    assert_problem(
        parent.get(&format!("/api/exports/{job}/download")).await,
        404,
    )
    .await;
    // removed from the collection: neither any more
    let members = parent
        .get_json(&format!("/api/collections/{shelf}/members"))
        .await;
    let member = members
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["email"] == "grandma@example.com")
        .unwrap()["user_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let r = parent
        .delete(&format!("/api/collections/{shelf}/members/{member}"))
        .await;
    assert!(r.status().is_success(), "{}", r.status());
    assert_problem(
        viewer
            .post_json("/api/exports", &json!({"collection_id": shelf}))
            .await,
        404,
    )
    .await;
    assert_problem(import(&viewer, &shelf, theirs).await, 404).await;
}
