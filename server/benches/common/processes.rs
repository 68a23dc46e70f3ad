//! Servers run as child processes on free loopback ports, stopped when dropped: the release
//! `cardsmith` binary (so its memory is its own and the load generator never shares its
//! process) and nginx, the reference that serves the same bytes as plain files.

use std::ffi::OsStr;
use std::fs::File;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use reqwest::Client;

use super::{sign_in, EMAIL, PASSWORD};

/// A loopback port nobody listens on (now).
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A child process stopped (SIGTERM, then SIGKILL after 5 s) when dropped.
struct Stopped(Child);

impl Drop for Stopped {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.0.id().to_string()])
            .status();
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.0.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Waits until `addr` accepts connections; panics with `log`'s end if `child` exits first or
/// 60 s pass.
fn wait_for_port(child: &mut Child, addr: SocketAddr, what: &str, log: &Path) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while TcpStream::connect_timeout(&addr, Duration::from_millis(200)).is_err() {
        let exited = child.try_wait().unwrap();
        if exited.is_some() || Instant::now() > deadline {
            let log = std::fs::read_to_string(log).unwrap_or_default();
            let tail: Vec<&str> = log.lines().rev().take(20).collect();
            panic!(
                "{what} did not start ({exited:?}); its log ends:\n{}",
                tail.into_iter().rev().collect::<Vec<_>>().join("\n")
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The release `cardsmith` binary serving its own data directory.
pub struct CardsmithProcess {
    process: Stopped,
    /// `http://127.0.0.1:<port>`
    pub base: String,
    /// A client signed in as the admin.
    pub client: Client,
    /// The admin's session as a `Cookie` header value.
    pub cookie: String,
}

impl CardsmithProcess {
    /// Starts `cardsmith serve` on a free port with its data in `data` (its log in
    /// `data/../cardsmith.log`), waits until it answers and signs in.
    pub async fn start(data: &Path) -> Self {
        Self::start_with(data, &[] as &[&str]).await
    }

    /// [`start`](Self::start) with extra `serve` flags, e.g. the media flags that put its
    /// media into a bucket (`garage::media_args`).
    pub async fn start_with(data: &Path, flags: &[impl AsRef<OsStr>]) -> Self {
        let port = free_port();
        let log = data.with_file_name("cardsmith.log");
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardsmith"))
            .args([
                "serve",
                "--bind",
                &format!("127.0.0.1:{port}"),
                "--data-dir",
            ])
            .arg(data)
            .args(["--admin-email", EMAIL, "--admin-password", PASSWORD])
            .args(flags)
            .stdin(Stdio::null())
            .stdout(File::create(&log).unwrap())
            .stderr(File::create(log.with_extension("err")).unwrap())
            .spawn()
            .unwrap();
        let addr: SocketAddr = ([127, 0, 0, 1], port).into();
        wait_for_port(&mut child, addr, "cardsmith", &log);
        let base = format!("http://{addr}");
        let client = Client::builder().cookie_store(true).build().unwrap();
        let cookie = sign_in(&client, &base).await;
        Self {
            process: Stopped(child),
            base,
            client,
            cookie,
        }
    }

    pub fn pid(&self) -> u32 {
        self.process.0.id()
    }
}

/// nginx serving the files of a directory, configured by the bench alone: its prefix,
/// configuration, pid file, logs and temp paths all live in a directory of the bench's, so
/// it needs no root-owned path and leaves nothing behind.
pub struct Nginx {
    _process: Stopped,
    /// `http://127.0.0.1:<port>`
    pub base: String,
    /// Where the served files go: `{base}/name` serves `root/name`.
    pub root: PathBuf,
}

impl Nginx {
    /// Starts nginx with its prefix in `prefix` (created), one worker per core as Cardsmith's
    /// runtime has one thread per core, no access log, sendfile on: its stock way to serve
    /// static files.
    pub fn start(prefix: &Path) -> Self {
        let root = prefix.join("www");
        std::fs::create_dir_all(&root).unwrap();
        // workers started by root run as `nobody`: they must reach the files
        for dir in prefix
            .ancestors()
            .take_while(|d| d.starts_with(std::env::temp_dir()))
        {
            if dir != std::env::temp_dir() {
                use std::os::unix::fs::PermissionsExt;
                let _ = std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755));
            }
        }
        let port = free_port();
        let p = prefix.display();
        let conf = prefix.join("nginx.conf");
        std::fs::write(
            &conf,
            format!(
                "worker_processes auto;\n\
                 daemon off;\n\
                 pid {p}/nginx.pid;\n\
                 error_log {p}/error.log warn;\n\
                 events {{ worker_connections 1024; }}\n\
                 http {{\n\
                 \x20 access_log off;\n\
                 \x20 sendfile on;\n\
                 \x20 tcp_nopush on;\n\
                 \x20 keepalive_requests 1000000;\n\
                 \x20 client_body_temp_path {p}/client_body;\n\
                 \x20 types {{ audio/mp4 m4a; application/json json; }}\n\
                 \x20 default_type application/octet-stream;\n\
                 \x20 server {{\n\
                 \x20   listen 127.0.0.1:{port};\n\
                 \x20   root {root};\n\
                 \x20 }}\n\
                 }}\n",
                root = root.display()
            ),
        )
        .unwrap();
        let log = prefix.join("error.log");
        let mut child = Command::new(sbin_binary("nginx"))
            .arg("-p")
            .arg(prefix)
            .arg("-c")
            .arg(&conf)
            .arg("-e")
            .arg(&log)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(File::create(prefix.join("stderr.log")).unwrap())
            .spawn()
            .expect("nginx is installed (scripts/bootstrap installs nginx-light)");
        let addr: SocketAddr = ([127, 0, 0, 1], port).into();
        wait_for_port(&mut child, addr, "nginx", &log);
        Self {
            _process: Stopped(child),
            base: format!("http://{addr}"),
            root,
        }
    }

    /// Serves `bytes` as `{base}/name`; answers that URL.
    pub fn serve(&self, name: &str, bytes: &[u8]) -> String {
        std::fs::write(self.root.join(name), bytes).unwrap();
        format!("{}/{name}", self.base)
    }
}

/// `name` on PATH, else Debian's `/usr/sbin/<name>` (sbin is not on every user's PATH).
fn sbin_binary(name: &str) -> PathBuf {
    std::env::var_os("PATH")
        .iter()
        .flat_map(std::env::split_paths)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
        .unwrap_or_else(|| PathBuf::from("/usr/sbin").join(name))
}

/// A plain MQTT broker (Debian's `mosquitto`, anonymous, loopback only): the reference for
/// fanning messages out, with its config and log in a directory of the bench's.
pub struct Mosquitto {
    _process: Stopped,
    pub port: u16,
}

impl Mosquitto {
    pub fn start(dir: &Path) -> Self {
        std::fs::create_dir_all(dir).unwrap();
        let port = free_port();
        let conf = dir.join("mosquitto.conf");
        // run as root, mosquitto drops to a `mosquitto` user unless told to stay
        let user = if is_root() { "user root\n" } else { "" };
        std::fs::write(
            &conf,
            format!("{user}listener {port} 127.0.0.1\nallow_anonymous true\nset_tcp_nodelay true\nmax_queued_messages 100000\n"),
        )
        .unwrap();
        let log = dir.join("mosquitto.log");
        let mut child = Command::new(sbin_binary("mosquitto"))
            .arg("-c")
            .arg(&conf)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(File::create(&log).unwrap())
            .spawn()
            .expect("mosquitto is installed (scripts/bootstrap installs it)");
        let addr: SocketAddr = ([127, 0, 0, 1], port).into();
        wait_for_port(&mut child, addr, "mosquitto", &log);
        Self {
            _process: Stopped(child),
            port,
        }
    }
}

fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("Uid:"))
                .and_then(|l| l.split_whitespace().nth(1).map(|uid| uid == "0"))
        })
        .unwrap_or(false)
}

/// Busy loops standing in for other work on the machine (another build), stopped when
/// dropped.
pub struct BusyLoops(Vec<Stopped>);

impl BusyLoops {
    /// Starts `n` shells that spin at the server's priority.
    pub fn start(n: usize) -> Self {
        Self(
            (0..n)
                .map(|_| {
                    Stopped(
                        Command::new("sh")
                            .args(["-c", "while :; do :; done"])
                            .spawn()
                            .unwrap(),
                    )
                })
                .collect(),
        )
    }
}
