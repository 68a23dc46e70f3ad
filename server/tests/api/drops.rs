//! Dropping a folder or a ZIP of audio on a collection, over HTTP with real files and ffmpeg:
//! a 30-file folder (tag numbers out of file-name order, M4A, FLAC, OGG, a damaged file, a
//! six-hour file, a cover, nested folders, notes) makes the plan it should, confirming makes
//! the cards (refusing only the two bad files, by name), the same drop as a ZIP makes the same
//! plan, hostile ZIPs are refused with nothing kept, and a drop is its maker's alone.

use std::path::Path;

use serde_json::{json, Value};

use crate::support::audio_fixtures::{ffmpeg, wait_settled};
use crate::support::helpers::{assert_problem, jpeg_bytes, spawn_app, TestApp, User};
use crate::support::zips::{declaring_twelve_gb, hundred_thousand_entries, with_symlink, zip_of};

/// A second of tone at `hz` with `tags` (`key=value`), in the format the name's extension says.
fn tone_file(path: &Path, hz: u32, tags: &[String]) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let source = format!("sine=frequency={hz}:sample_rate=44100:duration=1");
    let mut args = vec!["-f", "lavfi", "-i", source.as_str()];
    for tag in tags {
        args.extend(["-metadata", tag.as_str()]);
    }
    match path.extension().and_then(|e| e.to_str()) {
        Some("ogg") => args.extend(["-c:a", "libvorbis"]),
        Some("m4a") => args.extend(["-c:a", "aac"]),
        _ => {}
    }
    ffmpeg(&args, path);
}

/// The tag titles of The Hobbit's chapters, by tag track number from 1.
const HOBBIT: [&str; 8] = [
    "Owl at Night",
    "Under the Moon",
    "Cat and Mouse",
    "Riddles in the Dark",
    "Queer Lodgings",
    "Barrels Out of Bond",
    "Fire and Water",
    "The Return Journey",
];

/// A folder of 30 files: The Hobbit (eight tagged MP3s whose tag numbers run against their
/// file names, a cover, notes), Extras with two disc folders (M4A; FLAC and OGG) and a
/// nested Bonus folder, a damaged MP3, a six-hour FLAC, system files and a playlist.
/// Answers the files' paths inside the folder.
fn audiobook_folder(root: &Path) -> Vec<String> {
    let mut made = Vec::new();
    let mut add = |path: &str| {
        made.push(path.to_owned());
        root.join(path)
    };
    for n in 1..=8u32 {
        // "Chapter 1.mp3" holds tag track 8: the tags decide the order
        let track = 9 - n;
        tone_file(
            &add(&format!("The Hobbit/Chapter {n}.mp3")),
            300 + n * 10,
            &[
                format!("title={}", HOBBIT[track as usize - 1]),
                format!("track={track}/8"),
                "album=The Hobbit".into(),
            ],
        );
    }
    std::fs::write(add("The Hobbit/cover.jpg"), jpeg_bytes(64, 64)).unwrap();
    std::fs::write(add("The Hobbit/notes.txt"), "read slowly").unwrap();
    for name in ["2 - Owl.m4a", "10 - Cat.m4a", "1 - Moon.m4a"] {
        tone_file(&add(&format!("Extras/CD 1/{name}")), 500, &[]);
    }
    for name in ["03 Three.flac", "01 One.flac", "02 Two.flac"] {
        tone_file(&add(&format!("Extras/CD 2/{name}")), 600, &[]);
    }
    for name in ["04 Four.ogg", "05 Five.ogg", "06 Six.ogg"] {
        tone_file(&add(&format!("Extras/CD 2/{name}")), 700, &[]);
    }
    for name in ["b.ogg", "a.ogg", "c.mp3"] {
        tone_file(&add(&format!("Extras/CD 2/Bonus/{name}")), 800, &[]);
    }
    std::fs::write(
        add("Extras/broken.mp3"),
        b"ID3\x04\x00\x00\x00\x00\x00\x00this is not audio at all",
    )
    .unwrap();
    ffmpeg(
        &[
            "-f",
            "lavfi",
            "-i",
            "anullsrc=r=8000:cl=mono",
            "-t",
            "21600",
            "-c:a",
            "flac",
        ],
        &add("Extras/six hours.flac"),
    );
    std::fs::write(add("Extras/playlist.m3u"), "#EXTM3U\n").unwrap();
    std::fs::write(add(".DS_Store"), [0u8; 16]).unwrap();
    std::fs::write(add("Extras/Thumbs.db"), [0u8; 16]).unwrap();
    std::fs::write(add("Extras/CD 2/Bonus/readme.txt"), "bonus").unwrap();
    std::fs::write(add("Extras/CD 2/Bonus/track list.txt"), "a b c").unwrap();
    std::fs::write(add("Extras/CD 1/lyrics.txt"), "la la").unwrap();
    made
}

static FOLDER: std::sync::LazyLock<(tempfile::TempDir, Vec<String>)> =
    std::sync::LazyLock::new(|| {
        let dir = tempfile::tempdir().unwrap();
        let files = audiobook_folder(dir.path());
        (dir, files)
    });

fn folder() -> (&'static Path, &'static [String]) {
    (FOLDER.0.path(), &FOLDER.1)
}

async fn start_drop(user: &User, collection: &str, name: &str) -> String {
    let r = user
        .post_json(
            &format!("/api/collections/{collection}/drops"),
            &json!({ "name": name }),
        )
        .await;
    assert_eq!(r.status(), 201, "{}", r.text().await.unwrap());
    let drop: Value = r.json().await.unwrap();
    assert_eq!(drop["state"], "open");
    drop["id"].as_str().unwrap().to_owned()
}

/// Sends `files` (paths under `root`) in one multipart request, each named by a `path` part.
async fn send_files(user: &User, drop: &str, root: &Path, files: &[String]) -> reqwest::Response {
    let mut form = reqwest::multipart::Form::new();
    for path in files {
        let bytes = std::fs::read(root.join(path)).unwrap();
        let name = path.rsplit('/').next().unwrap().to_owned();
        form = form.text("path", path.clone()).part(
            "file",
            reqwest::multipart::Part::bytes(bytes).file_name(name),
        );
    }
    user.client
        .post(user.url(&format!("/api/drops/{drop}/files")))
        .multipart(form)
        .send()
        .await
        .unwrap()
}

async fn get_drop(user: &User, drop: &str, grouping: &str) -> Value {
    user.get_json(&format!("/api/drops/{drop}?grouping={grouping}"))
        .await
}

/// The folder's plan: the right cards, order, titles, cover, icons and refusals.
fn assert_folder_plan(plan: &Value) {
    let cards = plan["cards"].as_array().unwrap();
    let titles: Vec<&str> = cards.iter().map(|c| c["title"].as_str().unwrap()).collect();
    assert_eq!(
        titles,
        ["Extras – CD 1", "Extras – CD 2", "Bonus", "The Hobbit"],
        "{plan:#}"
    );
    let chapter = |card: usize| -> Vec<(String, String)> {
        cards[card]["tracks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| {
                (
                    t["path"]
                        .as_str()
                        .unwrap()
                        .rsplit('/')
                        .next()
                        .unwrap()
                        .to_owned(),
                    t["title"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    };
    // the tags' numbers decide, against the file names
    let hobbit = chapter(3);
    assert_eq!(hobbit[0], ("Chapter 8.mp3".into(), "Owl at Night".into()));
    assert_eq!(
        hobbit[7],
        ("Chapter 1.mp3".into(), "The Return Journey".into())
    );
    let hobbit_titles: Vec<&str> = hobbit.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(hobbit_titles, HOBBIT);
    assert_eq!(cards[3]["cover"]["path"], "The Hobbit/cover.jpg");
    assert_eq!(cards[3]["cover"]["embedded"], false);
    // natural order of names without tags, numbers gone from the titles
    let cd1: Vec<String> = chapter(0).into_iter().map(|(_, t)| t).collect();
    assert_eq!(cd1, ["Moon", "Owl", "Cat"]);
    let cd2: Vec<String> = chapter(1).into_iter().map(|(_, t)| t).collect();
    assert_eq!(cd2, ["One", "Two", "Three", "Four", "Five", "Six"]);
    let bonus: Vec<String> = chapter(2).into_iter().map(|(f, _)| f).collect();
    assert_eq!(bonus, ["a.ogg", "b.ogg", "c.mp3"]);
    // icons matched from the titles, with how sure
    let owl = &cards[0]["tracks"][1];
    assert_eq!(owl["icon"], "owl");
    assert_eq!(owl["icon_confidence"].as_f64(), Some(1.0));
    assert_eq!(cards[3]["tracks"][0]["icon"], "owl");
    assert!(cards[1]["tracks"][0]["icon"].is_null(), "{plan:#}");
    assert!(cards[0]["tracks"][0]["duration_ms"].as_i64().unwrap() >= 900);
    // the damaged and the too-long file, each by name with why; notes and playlists left out
    let refused: Vec<(&str, &str)> = plan["refused"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["path"].as_str().unwrap(), r["reason"].as_str().unwrap()))
        .collect();
    assert_eq!(refused.len(), 2, "{refused:?}");
    assert_eq!(refused[0].0, "Extras/broken.mp3");
    assert!(refused[0].1.contains("damaged"), "{}", refused[0].1);
    assert_eq!(refused[1].0, "Extras/six hours.flac");
    assert!(refused[1].1.contains("6 h"), "{}", refused[1].1);
    let left_out = plan["left_out"].as_array().unwrap();
    assert_eq!(left_out.len(), 5, "{left_out:?}");
    assert!(left_out
        .iter()
        .all(|p| p != ".DS_Store" && p != "Extras/Thumbs.db"));
}

async fn files_of(app: &TestApp, drop: &str) -> usize {
    let dir = app.core.settings.data_dir.join("drops").join(drop);
    std::fs::read_dir(dir).map(|d| d.count()).unwrap_or(0)
}

#[tokio::test]
async fn a_dropped_folder_is_planned_then_made_into_cards() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let shelf = admin.collection_id("Audiobooks").await;
    let (root, files) = folder();
    assert_eq!(files.len(), 30);
    let drop = start_drop(&admin, &shelf, "Audiobooks").await;

    // three requests at once, as the browser sends them
    let chunks: Vec<Vec<String>> = files.chunks(10).map(|c| c.to_vec()).collect();
    let sent = futures_util::future::join_all(
        chunks
            .iter()
            .map(|chunk| send_files(&admin, &drop, root, chunk)),
    )
    .await;
    for r in sent {
        assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    }
    // a lost connection mended: sending a file again replaces it, nothing doubles
    let again = send_files(&admin, &drop, root, &files[..2]).await;
    let again: Value = again.json().await.unwrap();
    assert_eq!(again["files"].as_array().unwrap().len(), 2);
    let planned = get_drop(&admin, &drop, "per-folder").await;
    assert_eq!(planned["files"].as_array().unwrap().len(), 30);
    // only what can be used keeps its bytes: 20 chapters' audio and the cover
    assert_eq!(files_of(&app, &drop).await, 21);
    assert_folder_plan(&planned["plan"]);
    // the planned cover, small and re-encoded; nothing else is a picture
    let preview = |path: &str| {
        format!(
            "/api/drops/{drop}/preview?path={}",
            path.replace(' ', "%20").replace('/', "%2F")
        )
    };
    let r = admin.get(&preview("The Hobbit/cover.jpg")).await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "image/jpeg");
    assert!(image::load_from_memory(&r.bytes().await.unwrap()).is_ok());
    assert_problem(admin.get(&preview("The Hobbit/notes.txt")).await, 404).await;
    assert_problem(admin.get(&preview("Extras/broken.mp3")).await, 404).await;
    // nothing is made before the confirm
    let before: Vec<Value> = admin
        .get_list(&format!("/api/collections/{shelf}/cards"))
        .await;
    assert!(before.is_empty());

    // the whole drop as one card: every usable chapter, in order
    let one = get_drop(&admin, &drop, "one-card").await;
    let cards = one["plan"]["cards"].as_array().unwrap();
    assert_eq!(cards.len(), 1);
    assert_eq!(cards[0]["title"], "Audiobooks");
    assert_eq!(cards[0]["tracks"].as_array().unwrap().len(), 20);

    // the parent's edits: a new title, one chapter left out, one icon dropped
    let mut cards: Vec<Value> = planned["plan"]["cards"].as_array().unwrap().clone();
    cards[3]["title"] = json!("The Hobbit, read by Grandad");
    cards[3]["tracks"][0]["icon"] = Value::Null;
    cards[1]["tracks"].as_array_mut().unwrap().pop();
    let confirm: Vec<Value> = cards
        .iter()
        .map(|c| {
            json!({
                "title": c["title"],
                "cover": c["cover"]["path"],
                "tracks": c["tracks"].as_array().unwrap().iter().map(|t| json!({
                    "path": t["path"], "title": t["title"], "icon": t["icon"],
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    // a refused file cannot be slipped in
    let mut sneaky = confirm.clone();
    sneaky[0]["tracks"][0]["path"] = json!("Extras/six hours.flac");
    sneaky[1]["tracks"][0]["icon"] = json!("no-such-glyph");
    let r = admin
        .post_json(
            &format!("/api/drops/{drop}/confirm"),
            &json!({ "cards": sneaky }),
        )
        .await;
    let problem = assert_problem(r, 422).await;
    let text = problem.to_string();
    assert!(
        text.contains("/cards/0/tracks/0/path") && text.contains("a track may last"),
        "{problem}"
    );
    assert!(text.contains("/cards/1/tracks/0/icon"), "{problem}");
    assert!(admin
        .get_list(&format!("/api/collections/{shelf}/cards"))
        .await
        .is_empty());

    // the same confirm twelve times at once: one makes the cards, the others are told so
    let body = json!({ "cards": confirm });
    let url = format!("/api/drops/{drop}/confirm");
    let answers =
        futures_util::future::join_all((0..12).map(|_| admin.post_json(&url, &body))).await;
    let mut made = None;
    let mut statuses = Vec::new();
    for r in answers {
        statuses.push(r.status().as_u16());
        if r.status() == 201 {
            made = Some(r.json::<Value>().await.unwrap());
        }
    }
    statuses.sort();
    assert_eq!(
        statuses,
        [201, 409, 409, 409, 409, 409, 409, 409, 409, 409, 409, 409]
    );
    let made = made.unwrap();
    let made = made["cards"].as_array().unwrap();
    assert_eq!(
        admin
            .get_list(&format!("/api/collections/{shelf}/cards"))
            .await
            .len(),
        4
    );
    let counts: Vec<i64> = made
        .iter()
        .map(|c| c["track_count"].as_i64().unwrap())
        .collect();
    assert_eq!(counts, [3, 5, 3, 8]);
    assert!(made.iter().all(|c| c["cover_refused"].is_null()));

    let hobbit = made[3]["slug"].as_str().unwrap();
    let card: Value = admin.get_json(&format!("/api/cards/{hobbit}")).await;
    assert_eq!(card["title"], "The Hobbit, read by Grandad");
    assert!(card["cover_hash"].is_string(), "{card:#}");
    let tracks = card["tracks"].as_array().unwrap();
    let titles: Vec<&str> = tracks
        .iter()
        .map(|t| t["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, HOBBIT);
    for track in tracks {
        let settled = wait_settled(&admin, hobbit, track["slug"].as_str().unwrap()).await;
        assert_eq!(settled["transcode_status"], "ready", "{settled}");
    }
    // the matched icon was drawn where one was kept; the dropped one is the default
    let extras = made[0]["slug"].as_str().unwrap();
    let r = admin.get(&format!("/api/cards/{extras}/icons/2")).await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "image/png");

    // made: the drop says so, keeps no files, takes no more
    let after = get_drop(&admin, &drop, "per-folder").await;
    assert_eq!(after["state"], "made");
    assert_eq!(after["made_cards"].as_array().unwrap().len(), 4);
    assert_eq!(files_of(&app, &drop).await, 0);
    let r = send_files(&admin, &drop, root, &files[..1]).await;
    assert_problem(r, 409).await;
    let r = admin
        .post_json(
            &format!("/api/drops/{drop}/confirm"),
            &json!({ "cards": confirm }),
        )
        .await;
    assert_problem(r, 409).await;
}

/// The folder as a ZIP, in one request.
fn folder_zip() -> Vec<u8> {
    let (root, files) = folder();
    let entries: Vec<(&str, Vec<u8>, bool)> = files
        .iter()
        .map(|p| (p.as_str(), std::fs::read(root.join(p)).unwrap(), true))
        .collect();
    zip_of(&entries)
}

async fn send_zip(user: &User, drop: &str, zip: Vec<u8>, name: &str) -> reqwest::Response {
    user.upload(&format!("/api/drops/{drop}/files"), zip, name)
        .await
}

#[tokio::test]
async fn the_same_folder_as_a_zip_makes_the_same_plan() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let shelf = admin.collection_id("Zipped").await;
    let drop = start_drop(&admin, &shelf, "Audiobooks").await;
    let r = send_zip(&admin, &drop, folder_zip(), "Audiobooks.zip").await;
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    let kept: Value = r.json().await.unwrap();
    assert_eq!(kept["files"].as_array().unwrap().len(), 30);
    let planned = get_drop(&admin, &drop, "per-folder").await;
    assert_folder_plan(&planned["plan"]);

    // a drop confirmed as planned, untouched
    let confirm: Vec<Value> = planned["plan"]["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| json!({ "title": c["title"], "cover": c["cover"]["path"], "tracks": c["tracks"] }))
        .collect();
    let r = admin
        .post_json(
            &format!("/api/drops/{drop}/confirm"),
            &json!({ "cards": confirm }),
        )
        .await;
    assert_eq!(r.status(), 201, "{}", r.text().await.unwrap());
    let cards: Vec<Value> = admin
        .get_list(&format!("/api/collections/{shelf}/cards"))
        .await;
    assert_eq!(cards.len(), 4);
}

#[tokio::test]
async fn hostile_zips_are_refused_whole_and_nothing_is_kept() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let shelf = admin.collection_id("Hostile").await;
    let drop = start_drop(&admin, &shelf, "Hostile").await;
    let outside = app
        .core
        .settings
        .data_dir
        .parent()
        .unwrap()
        .join("evil.mp3");
    let cases: Vec<(&str, Vec<u8>, u16, &str)> = vec![
        (
            "path traversal",
            zip_of(&[("../../evil.mp3", b"ID3 evil".to_vec(), false)]),
            422,
            "outside the archive",
        ),
        (
            "a symbolic link",
            with_symlink("book/link.mp3", &[("book/a.txt", b"a".to_vec())]),
            422,
            "symbolic link",
        ),
        (
            "a zip bomb",
            zip_of(&[("bomb.wav", vec![0u8; 60 * 1024 * 1024], true)]),
            422,
            "ZIP bomb",
        ),
        (
            "100,000 entries",
            hundred_thousand_entries(),
            422,
            "at most 10000",
        ),
        (
            "12 GB declared",
            declaring_twelve_gb(["a.mp3", "b.mp3", "c.mp3"]),
            413,
            "more than",
        ),
    ];
    for (what, zip, status, says) in cases {
        let r = send_zip(&admin, &drop, zip, "evil.zip").await;
        assert_eq!(r.status(), status, "{what}");
        let problem: Value = r.json().await.unwrap();
        assert!(problem.to_string().contains(says), "{what}: {problem}");
        let d = get_drop(&admin, &drop, "per-folder").await;
        assert!(d["files"].as_array().unwrap().is_empty(), "{what}: {d}");
        assert_eq!(files_of(&app, &drop).await, 0, "{what}");
        assert!(!outside.exists(), "{what}");
    }
    // a path that climbs is only ever a label inside the drop
    let r = send_files(
        &admin,
        &drop,
        folder().0,
        &["The Hobbit/notes.txt".to_owned()],
    )
    .await;
    assert_eq!(r.status(), 200);
    let mut form = reqwest::multipart::Form::new();
    form = form.text("path", "../../../evil.mp3").part(
        "file",
        reqwest::multipart::Part::bytes(b"not audio".to_vec()).file_name("x"),
    );
    let r = admin
        .client
        .post(admin.url(&format!("/api/drops/{drop}/files")))
        .multipart(form)
        .send()
        .await
        .unwrap();
    let kept: Value = r.json().await.unwrap();
    assert_eq!(kept["files"][0]["path"], "evil.mp3");
    assert!(!outside.exists());
    // a path part that is empty, or a JSON value, is refused
    for path in ["", "{\"a\": 1}", "12"] {
        let form = reqwest::multipart::Form::new()
            .part(
                "file",
                reqwest::multipart::Part::bytes(b"x".to_vec()).file_name("x"),
            )
            .text("path", path);
        let r = admin
            .client
            .post(admin.url(&format!("/api/drops/{drop}/files")))
            .multipart(form)
            .send()
            .await
            .unwrap();
        assert_problem(r, 422).await;
    }
}

#[tokio::test]
async fn a_drop_is_its_makers_alone_while_they_edit_the_collection() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let shelf = admin.collection_id("Shared").await;
    let (editor, editor_id) = app
        .member_of(&admin, &shelf, "editor@example.com", "editor")
        .await;
    let (viewer, _) = app
        .member_of(&admin, &shelf, "viewer@example.com", "viewer")
        .await;

    // a viewer may not start one, whatever the body
    let r = viewer
        .post_json(
            &format!("/api/collections/{shelf}/drops"),
            &json!({ "name": 5 }),
        )
        .await;
    assert_problem(r, 403).await;

    let drop = start_drop(&editor, &shelf, "Mine").await;
    let (root, files) = folder();
    let r = send_files(&editor, &drop, root, &files[..1]).await;
    assert_eq!(r.status(), 200);
    // nobody else sees it: the same 404 as a drop that does not exist
    for other in [&admin, &viewer] {
        assert_problem(other.get(&format!("/api/drops/{drop}")).await, 404).await;
        assert_problem(send_files(other, &drop, root, &files[1..2]).await, 404).await;
        assert_problem(other.delete(&format!("/api/drops/{drop}")).await, 404).await;
    }
    assert_problem(editor.get("/api/drops/no-such-drop").await, 404).await;

    // demoted to viewer: the drop is out of reach; promoted again: back
    let member = |role: &str| json!({ "role": role });
    let role_url = format!("/api/collections/{shelf}/members/{editor_id}");
    assert!(admin
        .put_json(&role_url, &member("viewer"))
        .await
        .status()
        .is_success());
    assert_problem(editor.get(&format!("/api/drops/{drop}")).await, 404).await;
    assert!(admin
        .put_json(&role_url, &member("editor"))
        .await
        .status()
        .is_success());
    let d = get_drop(&editor, &drop, "per-folder").await;
    assert_eq!(d["files"].as_array().unwrap().len(), 1);

    // removed by its maker: its files go, the 404 follows
    assert_eq!(
        editor.delete(&format!("/api/drops/{drop}")).await.status(),
        204
    );
    assert_eq!(files_of(&app, &drop).await, 0);
    assert_problem(editor.get(&format!("/api/drops/{drop}")).await, 404).await;
}

#[tokio::test]
async fn a_drop_left_for_a_day_is_removed_with_its_files() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let shelf = admin.collection_id("Left").await;
    let (root, files) = folder();
    let old = start_drop(&admin, &shelf, "Old").await;
    let fresh = start_drop(&admin, &shelf, "Fresh").await;
    for drop in [&old, &fresh] {
        let r = send_files(&admin, drop, root, &files[..1]).await;
        assert_eq!(r.status(), 200);
    }
    // started a day and a minute ago
    let long_ago = cardsmith_core::time::format(
        cardsmith_core::time::now() - chrono::Duration::minutes(24 * 60 + 1),
    );
    sqlx::query("UPDATE drops SET created_at = $1 WHERE id = $2")
        .bind(&long_ago)
        .bind(&old)
        .execute(app.core.db.pool())
        .await
        .unwrap();
    assert_eq!(
        cardsmith_core::drops::remove_expired(&app.core)
            .await
            .unwrap(),
        1
    );
    assert_problem(admin.get(&format!("/api/drops/{old}")).await, 404).await;
    assert_eq!(files_of(&app, &old).await, 0);
    assert_eq!(files_of(&app, &fresh).await, 1);
    let d = get_drop(&admin, &fresh, "per-folder").await;
    assert_eq!(d["files"].as_array().unwrap().len(), 1);

    // a collection deleted with a drop in it: the drop goes with it, and so do its files
    assert_eq!(
        admin
            .delete(&format!("/api/collections/{shelf}"))
            .await
            .status(),
        204
    );
    assert_eq!(files_of(&app, &fresh).await, 1);
    assert_eq!(
        cardsmith_core::drops::remove_expired(&app.core)
            .await
            .unwrap(),
        1
    );
    assert_eq!(files_of(&app, &fresh).await, 0);
    assert!(!app
        .core
        .settings
        .data_dir
        .join("drops")
        .join(&fresh)
        .exists());
}
