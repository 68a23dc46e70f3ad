//! Media over raw HTTP: upload slots with dedupe, pre-signed PUT rules, transcode phases,
//! icons and covers, faults and the admin routes.

use serde_json::{json, Value};

use crate::helpers::*;

const PNG_16: &[u8] = &[
    0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, b'I', b'H', b'D', b'R', 0, 0, 0,
    16, 0, 0, 0, 16, 8, 6, 0, 0, 0,
];

fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest as _;
    hex::encode(sha2::Sha256::digest(bytes))
}

#[tokio::test]
async fn audio_uploads_dedupe_by_hash_and_transcode_through_phases() {
    let sim = start().await;
    let bearer = access(&token(&sim, SERVICE_SCOPES).await);
    let audio = b"some mp3 bytes".repeat(2000);
    let sha = sha256_hex(&audio);
    let slot_path = format!("/media/transcode/audio/uploadUrl?sha256={sha}&filename=story.mp3");

    let (status, slot) = get(&sim, &bearer, &slot_path).await;
    assert_eq!(status, 200);
    let upload_id = slot["upload"]["uploadId"].as_str().unwrap().to_owned();
    let url = slot["upload"]["uploadUrl"].as_str().unwrap().to_owned();

    let transcoded = format!("/media/upload/{upload_id}/transcoded?loudnorm=false");
    let with_token = http()
        .put(&url)
        .bearer_auth(&bearer)
        .body(audio.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(with_token.status(), 400);
    let wrong_bytes = http()
        .put(&url)
        .body(b"other".to_vec())
        .send()
        .await
        .unwrap();
    assert_eq!(wrong_bytes.status(), 400, "declared SHA-256 must match");
    let put = http()
        .put(&url)
        .header("content-type", "audio/mpeg")
        .body(audio.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(put.status(), 200);

    let mut phases = Vec::new();
    let done = loop {
        let (status, body) = get(&sim, &bearer, &transcoded).await;
        if body["transcode"]["transcodedSha256"].is_string() {
            assert_eq!(status, 200);
            break body;
        }
        assert_eq!(status, 202);
        phases.push(
            body["transcode"]["progress"]["phase"]
                .as_str()
                .unwrap()
                .to_owned(),
        );
        assert!(phases.len() < 10);
    };
    assert_eq!(
        phases,
        ["queued", "downloading", "analyzing", "transcoding"]
    );
    let info = &done["transcode"]["transcodedInfo"];
    assert_eq!(info["format"], "aac");
    assert_eq!(info["channels"], "stereo");
    assert_eq!(info["fileSize"], audio.len());
    assert_eq!(info["metadata"]["title"], "story");

    let (_, again) = get(&sim, &bearer, &slot_path).await;
    assert_eq!(
        again["upload"],
        json!({ "uploadId": upload_id, "uploadUrl": null })
    );

    sim.expire_signed_urls();
    let (_, fresh) = get(
        &sim,
        &bearer,
        "/media/transcode/audio/uploadUrl?filename=x.mp3",
    )
    .await;
    assert!(
        fresh["upload"]["uploadUrl"].is_string(),
        "no hash, no dedupe"
    );
    let late = http().put(&url).body(audio).send().await.unwrap();
    assert_eq!(late.status(), 403);
}

#[tokio::test]
async fn icons_dedupe_by_content_and_covers_return_a_media_url() {
    let sim = start().await;
    let bearer = access(&token(&sim, SERVICE_SCOPES).await);
    let upload = |query: &'static str, body: &'static [u8]| {
        http()
            .post(api(
                &sim,
                &format!("/media/displayIcons/user/me/upload?{query}"),
            ))
            .bearer_auth(&bearer)
            .header("content-type", "image/png")
            .body(body)
            .send()
    };
    let first: Value = upload("autoConvert=false&filename=a", PNG_16)
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let icon = &first["displayIcon"];
    assert_eq!(icon["new"], true);
    assert!(
        icon["url"].is_string() && icon["mediaId"].is_string() && icon["displayIconId"].is_string()
    );
    let second: Value = upload("autoConvert=true&filename=a", PNG_16)
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(second["displayIcon"]["url"], json!({}));
    assert!(second["displayIcon"].get("new").is_none());
    assert_eq!(second["displayIcon"]["mediaId"], icon["mediaId"]);
    let not_image = upload("autoConvert=true", b"hello").await.unwrap();
    assert_eq!(not_image.status(), 400);

    let (_, mine) = get(&sim, &bearer, "/media/displayIcons/user/me").await;
    assert_eq!(mine["displayIcons"].as_array().unwrap().len(), 1);
    assert_eq!(mine["displayIcons"][0]["public"], false);
    let (_, public) = get(&sim, &bearer, "/media/displayIcons/user/yoto").await;
    let first_public = &public["displayIcons"][0];
    assert_eq!(first_public["public"], true);
    assert!(first_public["title"].is_string() && first_public["publicTags"].is_array());

    let cover: Value = http()
        .post(api(
            &sim,
            "/media/coverImage/user/me/upload?autoconvert=true&coverType=myo&filename=c.png",
        ))
        .bearer_auth(&bearer)
        .header("content-type", "image/png")
        .body(PNG_16)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let media_url = cover["coverImage"]["mediaUrl"].as_str().unwrap();
    assert_eq!(
        http()
            .get(media_url)
            .send()
            .await
            .unwrap()
            .bytes()
            .await
            .unwrap()
            .as_ref(),
        PNG_16
    );
}

#[tokio::test]
async fn faults_answer_in_the_platform_shape_and_admin_routes_steer_the_simulator() {
    let sim = start().await;
    let bearer = access(&token(&sim, SERVICE_SCOPES).await);
    sim.rate_limit_next(1, Some(7));
    let limited = http()
        .get(api(&sim, "/content/mine"))
        .bearer_auth(&bearer)
        .send()
        .await
        .unwrap();
    assert_eq!(limited.status(), 429);
    assert_eq!(limited.headers()["retry-after"], "7");
    let early = http()
        .get(api(&sim, "/content/mine"))
        .bearer_auth(&bearer)
        .send()
        .await
        .unwrap();
    assert_eq!(
        early.status(),
        429,
        "the window stays closed until Retry-After passes"
    );
    assert_eq!(sim.stats().early_retries, 1);
    sim.clear_faults();

    let admin = |path: &str| sim.api_url().join(path).unwrap();
    let fault = json!({ "kind": { "kind": "error", "status": 503, "message": "maintenance" }, "times": 1, "pathPrefix": "/content" });
    assert_eq!(
        http()
            .post(admin("__sim/faults"))
            .json(&fault)
            .send()
            .await
            .unwrap()
            .status(),
        204
    );
    let (status, body) = get(&sim, &bearer, "/content/mine").await;
    assert_eq!(status, 503);
    assert_eq!(body["error"]["message"], "maintenance");

    let user: Value = http()
        .post(admin("__sim/users"))
        .json(&json!({ "email": "second@example.com" }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let user_id = user["userId"].as_str().unwrap();
    let seeded: Value = http()
        .post(admin(&format!("__sim/users/{user_id}/devices")))
        .json(&json!({ "name": "Den", "deviceType": "minie" }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(seeded["deviceId"].is_string());
    let login = http()
        .post(admin("__sim/login-as"))
        .json(&json!({ "userId": user_id }))
        .send()
        .await
        .unwrap();
    assert_eq!(login.status(), 204);
    let second = access(&token(&sim, SERVICE_SCOPES).await);
    let (_, devices) = get(&sim, &second, "/device-v2/devices/mine").await;
    assert_eq!(devices["devices"][0]["name"], "Den");
    let stats: Value = http()
        .get(admin("__sim/stats"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(stats["codeGrants"], 2);
    let (status, _) = get(&sim, &second, "/no/such/path").await;
    assert_eq!(status, 404);
}
