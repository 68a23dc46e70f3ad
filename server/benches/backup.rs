//! Backups of the bench's library (1,000 cards in 10 collections, 100 tracks of distinct
//! audio) while the server serves it: `cardsmith backup` into a folder, the first time, again
//! with nothing changed, and after one new track, each against GNU tar of the same data
//! folder (a full archive, then `--listed-incremental` on the same steps). Time and bytes
//! written; nothing asserted.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

mod common;
use common::{block_on, ffmpeg, seed_cards, start_server, upload_until_ready};

const TRACKS: usize = 100;

fn main() {
    block_on(run());
}

async fn run() {
    let work = tempfile::tempdir().unwrap();
    let data = work.path().join("data");
    let (client, base) = start_server(&data, &[]).await;
    let t = Instant::now();
    let cards = seed_cards(&client, &base, 10, 100, 8).await;
    let audio = work.path().join("audio");
    std::fs::create_dir_all(&audio).unwrap();
    for (i, card) in cards.iter().take(TRACKS).enumerate() {
        let file = audio.join(format!("{i:03}.mp3"));
        let tone = format!("sine=frequency={}:duration=20", 200 + i * 7);
        ffmpeg(&[
            "-f",
            "lavfi",
            "-i",
            &tone,
            "-b:a",
            "128k",
            file.to_str().unwrap(),
        ]);
        upload_until_ready(&client, &base, card, &file).await;
    }
    println!(
        "library: {} cards, {TRACKS} tracks of 20 s, made in {:.1} s; data folder {:.1} MB",
        cards.len(),
        t.elapsed().as_secs_f64(),
        megabytes(du(&data))
    );

    let target = work.path().join("backups");
    let tars = work.path().join("tars");
    std::fs::create_dir_all(&tars).unwrap();
    let snar = tars.join("snar");
    let steps = ["first", "nothing changed", "one new track"];
    for (n, step) in steps.iter().enumerate() {
        if n == 2 {
            let file = audio.join("new.mp3");
            ffmpeg(&[
                "-f",
                "lavfi",
                "-i",
                "sine=frequency=97:duration=20",
                file.to_str().unwrap(),
            ]);
            upload_until_ready(&client, &base, &cards[0], &file).await;
        }
        let before = du(&target);
        let t = Instant::now();
        let out = cardsmith(&["backup"], &target, &data);
        let ours = t.elapsed().as_secs_f64();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let written = du(&target) - before;

        let archive = tars.join(format!("{n}.tar"));
        let t = Instant::now();
        let tar = Command::new("tar")
            .arg("-cf")
            .arg(&archive)
            .arg(format!("--listed-incremental={}", snar.display()))
            .arg("-C")
            .arg(&data)
            .arg(".")
            .output()
            .unwrap();
        let theirs = t.elapsed().as_secs_f64();
        assert!(
            tar.status.success(),
            "{}",
            String::from_utf8_lossy(&tar.stderr)
        );
        println!(
            "backup, {step}: cardsmith {ours:.2} s, {:.1} MB written ({} new objects of {} files) | tar {theirs:.2} s, {:.1} MB",
            megabytes(written),
            report["new_objects"],
            report["files"].as_u64().unwrap_or(0) + 1,
            megabytes(std::fs::metadata(&archive).unwrap().len()),
        );
    }
    let verify = Instant::now();
    let out = cardsmith(&["backup", "verify"], &target, &data);
    assert!(out.status.success());
    println!(
        "verify of the three backups: {:.2} s; the backup folder holds {:.1} MB in all",
        verify.elapsed().as_secs_f64(),
        megabytes(du(&target))
    );
}

/// `cardsmith <command> --to target --data-dir data`, run to its end.
fn cardsmith(command: &[&str], target: &Path, data: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cardsmith"))
        .args(command)
        .arg("--to")
        .arg(target)
        .arg("--data-dir")
        .arg(data)
        .env("RUST_LOG", "error")
        .output()
        .unwrap()
}

/// Bytes of the files under `dir`.
fn du(dir: &Path) -> u64 {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .flatten()
        .map(|e| match e.file_type() {
            Ok(t) if t.is_dir() => du(&e.path()),
            _ => e.metadata().map(|m| m.len()).unwrap_or(0),
        })
        .sum()
}

fn megabytes(bytes: u64) -> f64 {
    bytes as f64 / 1_000_000.0
}
