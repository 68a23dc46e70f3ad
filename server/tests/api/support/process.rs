//! The real `cardsmith` binary as a child process, on a fixed port and data directory, for
//! tests that kill it with SIGKILL at a bad moment and start it again on the same data.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::support::database::TestDatabase;
use crate::support::helpers::{User, ADMIN_EMAIL, ADMIN_PASSWORD, REQUEST_TIMEOUT};

pub struct ServerProcess {
    data: PathBuf,
    port: u16,
    args: Vec<String>,
    child: tokio::process::Child,
    /// Its PostgreSQL database when the suite runs on PostgreSQL (dropped after the child:
    /// fields drop in order, and the child is killed on drop).
    _database: Option<TestDatabase>,
}

impl ServerProcess {
    /// Starts the binary on a free loopback port with its data in `data` and the test admin,
    /// plus `args`, and waits until it answers `/health`.
    pub async fn start(data: &Path, args: &[&str]) -> Self {
        let database = crate::support::helpers::test_database().await;
        let mut args: Vec<String> = args.iter().map(|s| (*s).to_owned()).collect();
        if let Some(database) = &database {
            args.extend(["--database-url".into(), database.url().into()]);
        }
        Self::start_with(data, args, database).await
    }

    /// Starts the binary as [`ServerProcess::start`] does, on the database `args` name
    /// (several instances sharing one).
    pub async fn start_shared(data: &Path, args: &[&str]) -> Self {
        let args = args.iter().map(|s| (*s).to_owned()).collect();
        Self::start_with(data, args, None).await
    }

    async fn start_with(data: &Path, args: Vec<String>, database: Option<TestDatabase>) -> Self {
        let port = {
            let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            listener.local_addr().unwrap().port()
        };
        let child = spawn(data, port, &args);
        let server = Self {
            data: data.to_owned(),
            port,
            args,
            child,
            _database: database,
        };
        server.wait_healthy().await;
        server
    }

    /// A browser-like client of this server (cookies survive a restart: same origin).
    pub fn client(&self) -> User {
        User {
            client: reqwest::Client::builder()
                .cookie_store(true)
                .redirect(reqwest::redirect::Policy::none())
                .timeout(REQUEST_TIMEOUT)
                .build()
                .unwrap(),
            base: format!("http://127.0.0.1:{}", self.port),
        }
    }

    /// The settings that locate this server's data (its data folder, database and media
    /// store), as a command such as `cardsmith backup` takes them.
    pub fn instance_args(&self) -> Vec<String> {
        const WITH_VALUE: [&str; 6] = [
            "--database-url",
            "--media-url",
            "--s3-endpoint",
            "--s3-region",
            "--s3-access-key-id",
            "--s3-secret-access-key",
        ];
        let mut out = vec!["--data-dir".to_owned(), self.data.display().to_string()];
        let mut args = self.args.iter();
        while let Some(arg) = args.next() {
            if WITH_VALUE.contains(&arg.as_str()) {
                out.push(arg.clone());
                out.extend(args.next().cloned());
            } else if arg == "--s3-allow-http" {
                out.push(arg.clone());
            }
        }
        out
    }

    /// The child's process id (to read its memory from `/proc`).
    pub fn pid(&self) -> u32 {
        self.child.id().expect("the server is running")
    }

    /// SIGKILL: no shutdown, no flush, as a power cut would leave it.
    pub async fn kill(&mut self) {
        self.child.kill().await.unwrap();
        self.child.wait().await.unwrap();
    }

    /// Starts the binary again on the same port and data, and waits until it answers.
    pub async fn restart(&mut self) {
        self.child = spawn(&self.data, self.port, &self.args);
        self.wait_healthy().await;
    }

    async fn wait_healthy(&self) {
        let user = self.client();
        for _ in 0..600 {
            let up = user.client.get(user.url("/health")).send().await;
            if up.is_ok_and(|r| r.status() == 200) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the server did not start");
    }
}

fn spawn(data: &Path, port: u16, args: &[String]) -> tokio::process::Child {
    tokio::process::Command::new(env!("CARGO_BIN_EXE_cardsmith"))
        .args([
            "serve",
            "--bind",
            &format!("127.0.0.1:{port}"),
            "--data-dir",
        ])
        .arg(data)
        .args([
            "--admin-email",
            ADMIN_EMAIL,
            "--admin-password",
            ADMIN_PASSWORD,
            "--leptos-toml",
            "../Leptos.toml",
        ])
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("cardsmith starts")
}
