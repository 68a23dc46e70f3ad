//! `spawn_app` and one helper per endpoint, so tests read as stories.

use std::path::Path;

use cardsmith::{Application, Cli};
use cardsmith_core::Core;
use clap::Parser;
use reqwest::{Client, Response};
use serde_json::{json, Value};
use tempfile::TempDir;

use crate::support::audio_fixtures::{upload_track, wait_settled};
use crate::support::database::TestDatabase;

pub const ADMIN_EMAIL: &str = "admin@example.com";
pub const ADMIN_PASSWORD: &str = "correct-horse-battery";
pub const PASSWORD: &str = "a-long-enough-password";

/// The longest any test request may take. Nothing a test asks should take more than a few
/// seconds even on a loaded machine; a request that hangs then fails its test by name
/// instead of stalling the whole run until CI's limit.
pub const REQUEST_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(90);

pub struct TestApp {
    pub base: String,
    pub core: Core,
    /// The in-process player platform, when started with `--demo-upstream`.
    pub sim: Option<cardsmith_upstream_sim::SimHandle>,
    _data_dir: TempDir,
    _shutdown: tokio::sync::oneshot::Sender<()>,
    /// The test's PostgreSQL database, when the suite runs on PostgreSQL (declared after
    /// `_shutdown`, so the server is told to stop before the database is dropped).
    database: Option<TestDatabase>,
    /// The serving task; `restart_with` waits for it to end.
    server: tokio::task::JoinHandle<()>,
}

/// Starts the whole application on a random loopback port with its own data directory.
pub async fn spawn_app() -> TestApp {
    spawn_app_with(&[]).await
}

/// Servers run on one process-wide runtime: Leptos keeps a global task executor, and a
/// per-test runtime that has already finished would strand its tasks.
static SERVER_RUNTIME: std::sync::LazyLock<tokio::runtime::Runtime> =
    std::sync::LazyLock::new(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("server runtime")
    });

/// With `CARDSMITH_TEST_LOG` set (an `EnvFilter`, e.g. `warn` or `cardsmith_core=debug`), the
/// servers' logs go to the tests' output: what a 500 logged, shown beside the failing test.
fn init_test_log() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        if let Ok(filter) = std::env::var("CARDSMITH_TEST_LOG") {
            let _ = tracing_subscriber::fmt()
                .with_env_filter(tracing_subscriber::EnvFilter::new(filter))
                // not the test writer: the servers' threads belong to no test
                .with_writer(std::io::stderr)
                .try_init();
        }
    });
}

/// Runs `task` on the servers' runtime without waiting for it (what a `Drop` can do).
pub fn on_server_runtime(task: impl std::future::Future<Output = ()> + Send + 'static) {
    SERVER_RUNTIME.spawn(task);
}

/// A database of its own for an application under test, when the suite runs on PostgreSQL
/// (see `database`); `None` on SQLite, where it lives in the data directory.
pub async fn test_database() -> Option<TestDatabase> {
    SERVER_RUNTIME
        .spawn(TestDatabase::create())
        .await
        .expect("test database")
}

pub async fn spawn_app_with(extra_args: &[&str]) -> TestApp {
    let database = test_database().await;
    spawn_app_in(tempfile::tempdir().expect("temp dir"), database, extra_args).await
}

/// Starts the application on an existing data directory and database (see
/// `TestApp::restart_with`).
async fn spawn_app_in(
    data_dir: TempDir,
    database: Option<TestDatabase>,
    extra_args: &[&str],
) -> TestApp {
    init_test_log();
    let dir = data_dir.path().to_str().unwrap().to_owned();
    let mut args: Vec<String> = [
        "cardsmith",
        "serve",
        "--data-dir",
        &dir,
        "--bind",
        "127.0.0.1:0",
        "--admin-email",
        ADMIN_EMAIL,
        "--admin-password",
        ADMIN_PASSWORD,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    if !extra_args.contains(&"--leptos-toml") {
        args.extend(["--leptos-toml".into(), "../Leptos.toml".into()]);
    }
    args.extend(extra_args.iter().map(|s| s.to_string()));
    if !extra_args.contains(&"--media-url") {
        // CARDSMITH_TEST_MEDIA=garage: media in a bucket of this data dir's own
        args.extend(crate::garage::suite_media_args(data_dir.path()));
    }
    if let Some(database) = &database {
        args.extend(["--database-url".into(), database.url().into()]);
    }
    if extra_args.contains(&"--demo-upstream") {
        // tests seed the simulator with exactly what they check
        args.push("--demo-bare".into());
    }
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let (base, core, sim, server) = SERVER_RUNTIME
        .spawn(async move {
            let config = Cli::parse_from(args).into_config();
            let app = Application::build(&config).await.expect("app builds");
            let core = app.core.clone();
            let sim = app.simulator.as_ref().map(|s| s.handle());
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let base = format!("http://{}", listener.local_addr().unwrap());
            let server = tokio::spawn(async move {
                let _ = app
                    .serve(listener, async {
                        let _ = rx.await;
                    })
                    .await;
            });
            (base, core, sim, server)
        })
        .await
        .expect("server task");
    TestApp {
        base,
        core,
        sim,
        _data_dir: data_dir,
        _shutdown: tx,
        database,
        server,
    }
}

impl TestApp {
    /// Stops this server (its workers with it) and starts another on the same data directory
    /// with `extra_args`, as an operator restarting with other settings would. The new server
    /// has a new address: sign in again.
    pub async fn restart_with(self, extra_args: &[&str]) -> TestApp {
        let TestApp {
            _data_dir,
            _shutdown,
            database,
            server,
            ..
        } = self;
        let _ = _shutdown.send(());
        tokio::time::timeout(std::time::Duration::from_secs(30), server)
            .await
            .expect("the server stops within 30 s")
            .expect("the server task ends cleanly");
        spawn_app_in(_data_dir, database, extra_args).await
    }

    /// A browser-like client with its own cookie jar, signed in as nobody.
    pub fn anonymous(&self) -> User {
        User {
            client: Client::builder()
                .cookie_store(true)
                .redirect(reqwest::redirect::Policy::none())
                .timeout(REQUEST_TIMEOUT)
                .build()
                .unwrap(),
            base: self.base.clone(),
        }
    }

    pub async fn admin(&self) -> User {
        self.signed_in(ADMIN_EMAIL, ADMIN_PASSWORD).await
    }

    pub async fn signed_in(&self, email: &str, password: &str) -> User {
        let user = self.anonymous();
        let r = user.login(email, password).await;
        assert_eq!(r.status(), 200, "sign-in of {email} failed");
        user
    }

    /// Creates a user with the given role through the admin API and signs them in.
    pub async fn new_user(&self, email: &str, role: &str) -> (User, String) {
        let admin = self.admin().await;
        let r = admin
            .create_user(&json!({"email": email, "password": PASSWORD, "role": role}))
            .await;
        assert_eq!(r.status(), 201);
        let id = r.json::<Value>().await.unwrap()["id"]
            .as_str()
            .unwrap()
            .to_owned();
        (self.signed_in(email, PASSWORD).await, id)
    }

    /// Creates a user (as `new_user` does) and makes them a member of `owner`'s collection as
    /// `role` (`User::add_member`: shared and accepted); answers them signed in, and their id.
    pub async fn member_of(
        &self,
        owner: &User,
        collection_id: &str,
        email: &str,
        role: &str,
    ) -> (User, String) {
        let member = self.new_user(email, "user").await;
        let r = owner.add_member(collection_id, email, role).await;
        assert_eq!(
            r.status(),
            204,
            "making {email} a {role} of {collection_id}"
        );
        member
    }
}

/// One cookie jar: a person at a browser, or an API client.
pub struct User {
    pub client: Client,
    pub base: String,
}

impl User {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub async fn get(&self, path: &str) -> Response {
        self.client.get(self.url(path)).send().await.unwrap()
    }

    /// `GET path`, answered by JSON (panics otherwise: the test is wrong or the server is).
    pub async fn get_json(&self, path: &str) -> Value {
        let r = self.get(path).await;
        assert!(r.status().is_success(), "GET {path}: {}", r.status());
        r.json().await.unwrap()
    }

    /// `GET path`, answered by a JSON array.
    pub async fn get_list(&self, path: &str) -> Vec<Value> {
        serde_json::from_value(self.get_json(path).await).unwrap()
    }

    /// `POST path` with a JSON body, answered by JSON (panics otherwise).
    pub async fn post_for_json(&self, path: &str, body: &Value) -> Value {
        let r = self.post_json(path, body).await;
        assert!(r.status().is_success(), "POST {path}: {}", r.status());
        r.json().await.unwrap()
    }

    pub async fn send_json(&self, method: reqwest::Method, path: &str, body: &Value) -> Response {
        self.client
            .request(method, self.url(path))
            .json(body)
            .send()
            .await
            .unwrap()
    }

    pub async fn post_empty(&self, path: &str) -> Response {
        self.client.post(self.url(path)).send().await.unwrap()
    }

    pub async fn put_json(&self, path: &str, body: &Value) -> Response {
        self.send_json(reqwest::Method::PUT, path, body).await
    }

    pub async fn post_json(&self, path: &str, body: &Value) -> Response {
        self.send_json(reqwest::Method::POST, path, body).await
    }

    pub async fn delete(&self, path: &str) -> Response {
        self.client.delete(self.url(path)).send().await.unwrap()
    }

    /// Uploads `bytes` as the one file of a multipart form.
    pub async fn upload(&self, path: &str, bytes: Vec<u8>, filename: &str) -> Response {
        let part = reqwest::multipart::Part::bytes(bytes).file_name(filename.to_owned());
        let form = reqwest::multipart::Form::new().part("file", part);
        self.client
            .post(self.url(path))
            .multipart(form)
            .send()
            .await
            .unwrap()
    }

    /// Creates a collection and returns its id.
    pub async fn collection_id(&self, name: &str) -> String {
        self.create_collection(name).await["id"]
            .as_str()
            .unwrap()
            .to_owned()
    }

    /// Creates a collection and returns its JSON.
    pub async fn create_collection(&self, name: &str) -> Value {
        let r = self
            .post_json(
                "/api/collections",
                &json!({"name": name, "description": "d"}),
            )
            .await;
        assert_eq!(r.status(), 201, "creating collection {name}");
        r.json().await.unwrap()
    }

    /// Creates a card in a collection and returns its JSON.
    pub async fn create_card(&self, collection_id: &str, title: &str) -> Value {
        let r = self
            .post_json(
                &format!("/api/collections/{collection_id}/cards"),
                &json!({"title": title, "description": "A story"}),
            )
            .await;
        assert_eq!(r.status(), 201, "creating card {title}");
        r.json().await.unwrap()
    }

    /// Shares a collection with another user by email.
    /// Shares a collection with `email` (or a user id) as `role`: the invitation alone
    /// (`POST /collections/{id}/members`), which the person still has to accept.
    pub async fn invite(&self, collection_id: &str, email: &str, role: &str) -> Response {
        self.post_json(
            &format!("/api/collections/{collection_id}/members"),
            &json!({"user_id": email, "role": role}),
        )
        .await
    }

    /// Makes the account of `email` a member as `role`, as a test's setup wants one: shares
    /// the collection with it and accepts the invitation as that person (signed in with the
    /// test password of `TestApp::new_user`, or the admin's). Answers the sharing's response;
    /// when it was refused, or the address has no such account, nothing is accepted.
    pub async fn add_member(&self, collection_id: &str, email: &str, role: &str) -> Response {
        let shared = self.invite(collection_id, email, role).await;
        if shared.status() == 204 {
            let invitee = User {
                client: Client::builder().cookie_store(true).build().unwrap(),
                base: self.base.clone(),
            };
            for password in [PASSWORD, ADMIN_PASSWORD] {
                if invitee.login(email, password).await.status() == 200 {
                    invitee.accept_invitation_to(collection_id).await;
                    break;
                }
            }
        }
        shared
    }

    /// Accepts this user's pending invitation to `collection_id` (there must be one).
    pub async fn accept_invitation_to(&self, collection_id: &str) {
        let pending = self.get_list("/api/invitations").await;
        let invitation = pending
            .iter()
            .find(|i| i["collection_id"] == collection_id)
            .unwrap_or_else(|| panic!("no invitation to {collection_id}: {pending:?}"));
        let path = format!(
            "/api/invitations/{}/accept",
            invitation["id"].as_str().unwrap()
        );
        assert_eq!(self.post_empty(&path).await.status(), 204);
    }

    pub async fn login(&self, email: &str, password: &str) -> Response {
        self.send_json(
            reqwest::Method::POST,
            "/api/auth/login",
            &json!({"email": email, "password": password}),
        )
        .await
    }

    pub async fn logout(&self) -> Response {
        self.post_empty("/api/auth/logout").await
    }

    pub async fn me(&self) -> Response {
        self.get("/api/auth/me").await
    }

    pub async fn revoke_my_sessions(&self) -> Response {
        self.post_empty("/api/auth/sessions/revoke").await
    }

    pub async fn change_password(&self, current: &str, new: &str) -> Response {
        let body = json!({"current_password": current, "new_password": new});
        self.send_json(reqwest::Method::PUT, "/api/auth/password", &body)
            .await
    }

    pub async fn update_profile(&self, body: &Value) -> Response {
        self.send_json(reqwest::Method::PATCH, "/api/auth/profile", body)
            .await
    }

    pub async fn list_users(&self) -> Response {
        self.get("/api/admin/users").await
    }

    pub async fn create_user(&self, body: &Value) -> Response {
        self.send_json(reqwest::Method::POST, "/api/admin/users", body)
            .await
    }

    pub async fn update_user(&self, id: &str, body: &Value) -> Response {
        self.send_json(
            reqwest::Method::PUT,
            &format!("/api/admin/users/{id}"),
            body,
        )
        .await
    }

    pub async fn revoke_user_sessions(&self, id: &str) -> Response {
        self.post_empty(&format!("/api/admin/users/{id}/revoke-sessions"))
            .await
    }
}

/// Uploads the audio at `path` as a new track of `card` and waits until its transcode is done
/// (`wait_settled`), which it must have finished as `ready`; answers the track's detail.
pub async fn upload_ready_track(user: &User, card: &str, path: &Path) -> Value {
    let uploaded = upload_track(user, card, path).await;
    let track = wait_settled(user, card, uploaded["slug"].as_str().unwrap()).await;
    assert_eq!(track["transcode_status"], "ready", "{track}");
    track
}

/// A small PNG, for cover uploads.
pub fn png_bytes(w: u32, h: u32) -> Vec<u8> {
    let img =
        image::RgbImage::from_fn(w, h, |x, y| image::Rgb([(x * 7) as u8, (y * 5) as u8, 200]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

/// A JPEG, for cover uploads.
pub fn jpeg_bytes(w: u32, h: u32) -> Vec<u8> {
    let img =
        image::RgbImage::from_fn(w, h, |x, y| image::Rgb([200, (x * 3) as u8, (y * 3) as u8]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Jpeg).unwrap();
    out.into_inner()
}

/// Asserts a problem+json response of `status` and returns its body.
pub async fn assert_problem(response: Response, status: u16) -> Value {
    assert_eq!(response.status(), status, "unexpected status");
    let content_type = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    assert_eq!(content_type, "application/problem+json");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["status"], status);
    assert!(body["type"].as_str().unwrap().starts_with("/problems/"));
    assert!(body["title"].is_string());
    body
}

/// The JSON pointers of a 422 problem's `errors`.
pub fn pointers(problem: &Value) -> Vec<String> {
    problem["errors"]
        .as_array()
        .map(|errors| {
            errors
                .iter()
                .map(|e| e["pointer"].as_str().unwrap().to_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// The served `/openapi.yaml`, as text.
pub async fn openapi_yaml(app: &TestApp) -> String {
    app.anonymous()
        .get("/openapi.yaml")
        .await
        .text()
        .await
        .unwrap()
}

/// The part of `/openapi.yaml` that describes `path`: from its key to the next path's.
pub fn path_block<'y>(yaml: &'y str, path: &str) -> &'y str {
    let key = format!("\n  {path}:\n");
    let start = yaml
        .find(&key)
        .unwrap_or_else(|| panic!("{path} is not documented"))
        + 1;
    let rest = &yaml[start + key.len() - 1..];
    let end = rest.find("\n  /").map_or(rest.len(), |i| i + 1);
    &rest[..end]
}
