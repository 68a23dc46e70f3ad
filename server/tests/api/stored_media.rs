//! What tests do behind the server's back to its media store — a file lost, a file whose
//! bytes went bad, a file nobody references — on whichever store the app runs on (the data
//! directory, or a Garage bucket with `CARDSMITH_TEST_MEDIA=garage`) — and the file hashes a
//! track's row names.

use cardsmith_core::media::store::{key_of, path_of};

use crate::support::helpers::TestApp;

/// Deletes the stored content of `hash`, as a failing disk or an operator might.
pub async fn lose(app: &TestApp, hash: &str) {
    app.core.media().remove(hash).await.unwrap();
}

/// Replaces the stored content of `hash` with `bytes` (what the store itself never does).
pub async fn overwrite(app: &TestApp, hash: &str, bytes: &[u8]) {
    match app.core.media().object() {
        Some(bucket) => bucket
            .put_bytes(&key_of(hash).unwrap(), bytes.to_vec())
            .await
            .unwrap(),
        None => std::fs::write(path_of(&app.core.settings.data_dir, hash).unwrap(), bytes).unwrap(),
    }
}

/// Stores `bytes` under `hash` though nothing references them (a file left behind).
pub async fn leave_behind(app: &TestApp, hash: &str, bytes: &[u8]) {
    if app.core.media().object().is_none() {
        let path = path_of(&app.core.settings.data_dir, hash).unwrap();
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    }
    overwrite(app, hash, bytes).await;
}

/// Whether the content of `hash` is stored.
pub async fn exists(app: &TestApp, hash: &str) -> bool {
    app.core.media().exists(hash).await.unwrap()
}

/// How many content-addressed files the store holds.
pub async fn count(app: &TestApp) -> usize {
    app.core.media().names_under("media").await.unwrap().len()
}

/// The sweep's grace period as it would apply to a file written two hours ago: files cannot
/// be aged in a bucket (its clock sets their time), so there the sweep is run with no grace
/// instead; in the data directory the file itself is aged.
pub async fn age_two_hours(app: &TestApp, hash: &str) -> std::time::Duration {
    use cardsmith_core::media::sweep::GRACE;
    if app.core.media().object().is_some() {
        return std::time::Duration::ZERO;
    }
    let old = std::time::SystemTime::now() - std::time::Duration::from_secs(7200);
    std::fs::File::options()
        .write(true)
        .open(path_of(&app.core.settings.data_dir, hash).unwrap())
        .unwrap()
        .set_modified(old)
        .unwrap();
    GRACE
}

/// A column of a track, read from the database (the API does not show file hashes).
pub async fn track_column(app: &TestApp, slug: &str, column: &str) -> Option<String> {
    sqlx::query_scalar(&format!("SELECT {column} FROM tracks WHERE slug = $1"))
        .bind(slug)
        .fetch_one(app.core.db.pool())
        .await
        .unwrap()
}
