//! Media in S3-compatible object storage (`--media-url s3://…`), against a real Garage
//! server (see `garage`): uploads, transcodes, ranged reads, covers, deduplication and
//! deletion all go through the bucket, and nothing of the media stays on local disk.

use serde_json::{json, Value};

use crate::garage::media_args;
use crate::support::audio_fixtures::{bytes, card_for, tone, upload_track, wait_settled};
use crate::support::helpers::{
    assert_problem, jpeg_bytes, spawn_app_with, upload_ready_track, TestApp, User,
};
use cardsmith_core::media::store::{sha256_hex, ObjectMedia, S3Settings};

async fn spawn_app_on_garage() -> TestApp {
    spawn_app_on(&media_args()).await
}

async fn spawn_app_on(media: &[String]) -> TestApp {
    let args: Vec<&str> = media.iter().map(String::as_str).collect();
    spawn_app_with(&args).await
}

/// The bucket of `serve` flags `media`, as another instance would reach it.
fn another_instance(media: &[String]) -> ObjectMedia {
    let flag = |name: &str| {
        let at = media.iter().position(|f| f == name).unwrap();
        media[at + 1].clone()
    };
    ObjectMedia::connect(&S3Settings {
        url: flag("--media-url"),
        endpoint: Some(flag("--s3-endpoint")),
        region: Some(flag("--s3-region")),
        access_key_id: Some(flag("--s3-access-key-id")),
        secret_access_key: Some(flag("--s3-secret-access-key")),
        allow_http: true,
    })
    .unwrap()
}

/// The bucket's object names under `under` (`media`, `peaks`), store-relative.
async fn objects(app: &TestApp, under: &str) -> Vec<String> {
    app.core
        .media()
        .object()
        .expect("the app stores media in a bucket")
        .names(under)
        .await
        .unwrap()
}

fn media_name(hash: &str) -> String {
    format!("media/{}/{hash}", &hash[..2])
}

/// The hash an answer's ETag names (stored files are served with their content hash).
fn etag_hash(response: &reqwest::Response) -> String {
    response.headers()["etag"]
        .to_str()
        .unwrap()
        .trim_matches('"')
        .to_owned()
}

/// The player copy of a track: its hash (from the ETag) and bytes.
async fn audio_of(user: &User, card: &str, track: &str) -> (String, Vec<u8>) {
    let r = user
        .get(&format!("/api/cards/{card}/tracks/{track}/audio"))
        .await;
    assert_eq!(r.status(), 200);
    (etag_hash(&r), r.bytes().await.unwrap().to_vec())
}

/// Files left under the data directory's `tmp/` (local copies for ffmpeg, uploads).
fn local_leftovers(app: &TestApp) -> usize {
    std::fs::read_dir(app.core.settings.data_dir.join("tmp"))
        .map(|d| d.count())
        .unwrap_or(0)
}

#[tokio::test]
async fn audio_goes_through_the_bucket_and_ranges_are_ranged_reads() {
    let media = media_args();
    let app = spawn_app_on(&media).await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Bucket").await;
    // ~8.8 MB of WAV: more than one PUT takes, so the original goes up in multipart parts
    let wav = tone(100, "wav");
    let t = upload_ready_track(&admin, &card, &wav).await;
    let slug = t["slug"].as_str().unwrap();

    let original_hash = sha256_hex(&bytes(&wav));
    let (audio_hash, body) = audio_of(&admin, &card, slug).await;
    let stored = objects(&app, "media").await;
    assert_eq!(
        stored,
        {
            let mut both = vec![media_name(&original_hash), media_name(&audio_hash)];
            both.sort();
            both
        },
        "the original and its player copy"
    );
    assert!(
        !app.core.settings.data_dir.join("media").exists(),
        "no media on local disk"
    );
    assert_eq!(
        local_leftovers(&app),
        0,
        "ffmpeg's local copies are deleted"
    );

    let url = admin.url(&format!("/api/cards/{card}/tracks/{slug}/audio"));
    let whole = admin.client.get(&url).send().await.unwrap();
    assert_eq!(whole.headers()["content-type"], "audio/mp4");
    assert_eq!(whole.bytes().await.unwrap(), body);
    assert_eq!(sha256_hex(&body), audio_hash, "the bytes named by the hash");
    assert_eq!(
        body.len() as i64,
        t["transcoded_size_bytes"].as_i64().unwrap()
    );
    assert_eq!(&body[4..8], b"ftyp", "an MP4 container");

    let part = admin
        .client
        .get(&url)
        .header("range", "bytes=1000-1999")
        .send()
        .await
        .unwrap();
    assert_eq!(part.status(), 206);
    assert_eq!(
        part.headers()["content-range"],
        format!("bytes 1000-1999/{}", body.len()).as_str()
    );
    assert_eq!(part.headers()["content-length"], "1000");
    assert_eq!(part.bytes().await.unwrap(), &body[1000..2000]);
    let tail = admin
        .client
        .get(&url)
        .header("range", "bytes=-16")
        .send()
        .await
        .unwrap();
    assert_eq!(tail.status(), 206);
    assert_eq!(tail.bytes().await.unwrap(), &body[body.len() - 16..]);
    let outside = admin
        .client
        .get(&url)
        .header("range", format!("bytes={}-", body.len()))
        .send()
        .await
        .unwrap();
    assert_problem(outside, 416).await;

    // the waveform is cached in the bucket beside the media
    let peaks: Value = admin
        .get_json(&format!("/api/cards/{card}/tracks/{slug}/peaks?buckets=50"))
        .await;
    assert_eq!(peaks["peaks"].as_array().unwrap().len(), 50);
    assert!(objects(&app, "peaks")
        .await
        .contains(&format!("peaks/{audio_hash}.json")));

    // the original, fetched back from the bucket for an edit, is the uploaded bytes
    let copy = app.core.media().get(&original_hash).await.unwrap();
    assert_eq!(copy, bytes(&wav));

    // the player copy is lost behind this instance's back (another instance deleted it):
    // though this one knows its size, it answers as for any missing file, every time
    another_instance(&media)
        .delete(&media_name(&audio_hash))
        .await
        .unwrap();
    for _ in 0..2 {
        let gone = admin
            .client
            .get(&url)
            .header("range", "bytes=0-99")
            .send()
            .await
            .unwrap();
        assert_problem(gone, 404).await;
    }
}

#[tokio::test]
async fn identical_bytes_are_one_object_and_deleting_removes_what_nothing_uses() {
    let app = spawn_app_on_garage().await;
    let admin = app.admin().await;
    let (first, second) = (
        card_for(&admin, "First").await,
        card_for(&admin, "Second").await,
    );
    let mp3 = tone(2, "mp3");
    let a = upload_track(&admin, &first, &mp3).await;
    let b = upload_track(&admin, &second, &mp3).await;
    let (a_slug, b_slug) = (a["slug"].as_str().unwrap(), b["slug"].as_str().unwrap());
    for (card, slug) in [(&first, a_slug), (&second, b_slug)] {
        let t = wait_settled(&admin, card, slug).await;
        assert_eq!(t["transcode_status"], "ready", "{t}");
    }
    let (a_audio, _) = audio_of(&admin, &first, a_slug).await;
    let (b_audio, _) = audio_of(&admin, &second, b_slug).await;
    assert_eq!(a_audio, b_audio, "the same bytes make the same player copy");
    let original = media_name(&sha256_hex(&bytes(&mp3)));
    let audio = media_name(&a_audio);
    assert_eq!(
        objects(&app, "media").await,
        {
            let mut both = vec![original.clone(), audio.clone()];
            both.sort();
            both
        },
        "two tracks of the same bytes: one original, one transcode"
    );

    // a cover, twice: the same object
    let jpeg = jpeg_bytes(40, 30);
    for card in [&first, &second] {
        let r = admin
            .upload(&format!("/api/cards/{card}/cover"), jpeg.clone(), "c.jpg")
            .await;
        assert_eq!(r.status(), 204);
    }
    let cover = admin.get(&format!("/api/cards/{first}/cover")).await;
    assert_eq!(cover.status(), 200);
    assert_eq!(cover.headers()["content-type"], "image/jpeg");
    let cover_object = media_name(&etag_hash(&cover));
    assert!(!cover.bytes().await.unwrap().is_empty());
    assert_eq!(objects(&app, "media").await.len(), 3);
    assert!(objects(&app, "media").await.contains(&cover_object));

    // a label sheet is a named object of the bucket, served from it
    let out = admin
        .post_for_json(
            "/api/labels/generate",
            &json!({"card_slugs": [first], "format": "svg", "page_size": "a4"}),
        )
        .await;
    let filename = out["filename"].as_str().unwrap();
    assert_eq!(
        objects(&app, "labels").await,
        vec![format!("labels/{filename}")]
    );
    let sheet = admin.get(out["url"].as_str().unwrap()).await;
    assert_eq!(sheet.status(), 200);
    assert!(String::from_utf8(sheet.bytes().await.unwrap().to_vec())
        .unwrap()
        .contains("<svg"));
    assert!(!app.core.settings.data_dir.join("labels").exists());

    // one of two tracks deleted: the shared files stay; the other too: they go
    let r = admin
        .delete(&format!("/api/cards/{first}/tracks/{a_slug}"))
        .await;
    assert_eq!(r.status(), 204);
    assert!(objects(&app, "media").await.contains(&original));
    let r = admin
        .delete(&format!("/api/cards/{second}/tracks/{b_slug}"))
        .await;
    assert_eq!(r.status(), 204);
    let left = objects(&app, "media").await;
    assert_eq!(left, vec![cover_object.clone()], "only the cover is left");
    assert!(objects(&app, "peaks").await.is_empty(), "peaks go too");

    // the sweep deletes unreferenced objects past the grace period, and nothing else
    let orphan = app
        .core
        .media()
        .put(b"nobody's bytes".to_vec())
        .await
        .unwrap();
    assert!(app.core.media().exists(&orphan).await.unwrap());
    let report = cardsmith_core::media::sweep::sweep(&app.core, std::time::Duration::ZERO)
        .await
        .unwrap();
    assert_eq!(report.files_checked, 2);
    assert_eq!(report.orphan_files_removed, 1);
    assert!(!app.core.media().exists(&orphan).await.unwrap());
    assert_eq!(objects(&app, "media").await, vec![cover_object]);
    assert_eq!(local_leftovers(&app), 0);
}

#[tokio::test]
async fn a_bucket_that_cannot_be_reached_stops_the_server_at_start() {
    let mut args = media_args();
    let secret = args
        .iter()
        .position(|a| a == "--s3-secret-access-key")
        .unwrap()
        + 1;
    args[secret] = "0".repeat(64);
    let dir = tempfile::tempdir().unwrap();
    let mut all = vec![
        "cardsmith",
        "serve",
        "--data-dir",
        dir.path().to_str().unwrap(),
    ];
    all.extend(args.iter().map(String::as_str));
    let config = <cardsmith::Cli as clap::Parser>::parse_from(all).into_config();
    assert!(
        !format!("{config:?}").contains(&"0".repeat(64)),
        "the secret stays out of Debug"
    );
    let error = match cardsmith::Application::build(&config).await {
        Ok(_) => panic!("a wrong secret key must stop the start"),
        Err(e) => format!("{e:#}"),
    };
    assert!(error.contains("CARDSMITH_MEDIA_URL"), "{error}");
}
