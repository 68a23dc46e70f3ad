//! What decoding an image may cost the server: covers and backgrounds uploaded at once by a
//! hostile user share one decode budget, so the process's peak memory stays bounded however
//! many arrive, and every upload is answered.

use crate::support::helpers::{assert_problem, User, ADMIN_EMAIL, ADMIN_PASSWORD};
use crate::support::process::ServerProcess;

/// A `width`x`height` RGB PNG that compresses to a few hundred KB (mostly one colour).
fn flat_png(width: u32, height: u32) -> Vec<u8> {
    let mut pixels = image::RgbImage::new(width, height);
    for x in 0..width.min(64) {
        pixels.put_pixel(x, x.min(height - 1), image::Rgb([255, 128, 0]));
    }
    let mut out = std::io::Cursor::new(Vec::new());
    pixels.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

/// The process's peak resident memory so far (`VmHWM`), in MB.
fn peak_rss_mb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc/PID/status");
    kb / 1024
}

/// Sends `png` as the cover of `card` or the background of `collection`, twelve at once
/// (alternating), and returns their statuses.
async fn twelve_at_once(user: &User, card: &str, collection: &str, png: &[u8]) -> Vec<u16> {
    let mut uploads = tokio::task::JoinSet::new();
    for i in 0..12 {
        let path = if i % 2 == 0 {
            format!("/api/cards/{card}/cover")
        } else {
            format!("/api/collections/{collection}/background")
        };
        let (user, bytes) = (
            User {
                client: user.client.clone(),
                base: user.base.clone(),
            },
            png.to_vec(),
        );
        uploads.spawn(async move { user.upload(&path, bytes, "big.png").await.status().as_u16() });
    }
    uploads.join_all().await
}

#[tokio::test]
async fn twelve_huge_uploads_at_once_keep_memory_bounded_and_are_all_answered() {
    let data = tempfile::tempdir().unwrap();
    let server = ServerProcess::start(data.path(), &[]).await;
    let admin = server.client();
    assert_eq!(admin.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.status(), 200);
    let collection = admin.create_collection("Pictures").await;
    let collection = collection["id"].as_str().unwrap().to_owned();
    let card = admin.create_card(&collection, "Big").await;
    let card = card["slug"].as_str().unwrap().to_owned();
    let before = peak_rss_mb(server.pid());

    // 8000x8000 (183 MiB of pixels, from a file of a few hundred KB): over the decode budget,
    // refused from its header before a pixel is decoded
    let bomb = flat_png(8000, 8000);
    assert!(bomb.len() < 1 << 20, "{} bytes", bomb.len());
    let statuses = twelve_at_once(&admin, &card, &collection, &bomb).await;
    assert_eq!(statuses, vec![413; 12]);
    let problem = assert_problem(
        admin
            .upload(&format!("/api/cards/{card}/cover"), bomb, "b.png")
            .await,
        413,
    )
    .await;
    assert!(
        problem["detail"].as_str().unwrap().contains("megapixels"),
        "{problem}"
    );

    // 6000x6000 (103 MiB each): accepted, decoded one after another within the budget
    let large = flat_png(6000, 6000);
    let statuses = twelve_at_once(&admin, &card, &collection, &large).await;
    assert_eq!(statuses, vec![204; 12]);
    let cover = admin.get(&format!("/api/cards/{card}/cover")).await;
    assert_eq!(cover.status(), 200);
    let stored = image::load_from_memory(&cover.bytes().await.unwrap()).unwrap();
    assert_eq!((stored.width(), stored.height()), (2048, 2048));

    let peak = peak_rss_mb(server.pid());
    eprintln!("server peak RSS: {before} MB after start, {peak} MB after 24 huge uploads");
    assert!(
        peak < 300,
        "peak RSS {peak} MB (12 decodes of 103 MiB each must not overlap)"
    );
}
