//! A real S3-compatible object store for the tests: one Garage server per test process
//! (single node, SQLite metadata, loopback ports, a generated config in a temp dir), one
//! access key, and a fresh bucket per application so tests never see each other's objects.
//!
//! Garage is installed by `scripts/bootstrap` (`cargo install garage`). Without it the tests
//! that need it fail, naming the fix: object storage is never skipped silently.
//!
//! The server outlives no test run: it runs under a small shell watchdog that stops it (and
//! deletes its directory) once this test process is gone, since statics are never dropped.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The Garage the tests expect (`scripts/bootstrap` installs this one).
pub const GARAGE_VERSION: &str = "2.5.0";
/// Region Garage answers as (its `s3_region`).
const REGION: &str = "garage";

struct Garage {
    /// The watchdog shell (it reaps Garage itself; kept so it is owned somewhere).
    _watchdog: std::process::Child,
    bin: PathBuf,
    config: PathBuf,
    endpoint: String,
    key_id: String,
    secret: String,
}

static GARAGE: OnceLock<Garage> = OnceLock::new();
static BUCKETS: AtomicUsize = AtomicUsize::new(0);

/// Set to `garage`, every test application keeps its media in a bucket of its own (see
/// [`suite_media_args`]): the whole suite then runs on object storage.
pub const SUITE_MEDIA_VAR: &str = "CARDSMITH_TEST_MEDIA";

/// The `serve` flags that put an application's media into a new, empty bucket (under a
/// prefix, so prefixed names are exercised too). Starts Garage on first use.
pub fn media_args() -> Vec<String> {
    bucket_args(&format!(
        "cardsmith-{}-{}",
        std::process::id(),
        BUCKETS.fetch_add(1, Ordering::Relaxed)
    ))
}

/// With `CARDSMITH_TEST_MEDIA=garage`, the flags that keep the media of the application on
/// `data_dir` in a bucket named after that directory (so a restart on the same directory
/// finds its media again); else none.
pub fn suite_media_args(data_dir: &Path) -> Vec<String> {
    match std::env::var(SUITE_MEDIA_VAR).as_deref() {
        Ok("garage") => {
            use std::hash::{Hash, Hasher};
            let mut hasher = std::collections::hash_map::DefaultHasher::new();
            data_dir.hash(&mut hasher);
            bucket_args(&format!("cardsmith-{:016x}", hasher.finish()))
        }
        Ok("") | Ok("local") | Err(_) => Vec::new(),
        Ok(other) => panic!("{SUITE_MEDIA_VAR}={other}: expected `garage` or `local`"),
    }
}

/// Creates `bucket` unless it exists, lets the tests' key use it, and answers the flags.
fn bucket_args(bucket: &str) -> Vec<String> {
    let garage = GARAGE.get_or_init(start);
    if !garage.try_cli(&["bucket", "create", bucket]).0 {
        garage.cli(&["bucket", "info", bucket]);
    }
    garage.cli(&[
        "bucket",
        "allow",
        "--read",
        "--write",
        "--owner",
        bucket,
        "--key",
        "cardsmith-tests",
    ]);
    [
        "--media-url",
        &format!("s3://{bucket}/cardsmith"),
        "--s3-endpoint",
        &garage.endpoint,
        "--s3-region",
        REGION,
        "--s3-access-key-id",
        &garage.key_id,
        "--s3-secret-access-key",
        &garage.secret,
        "--s3-allow-http",
    ]
    .map(str::to_owned)
    .to_vec()
}

/// The `garage` binary on PATH or in `~/.cargo/bin`, or a failure that says how to get it.
fn binary() -> PathBuf {
    let on_path = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .unwrap_or_default();
    let home = std::env::var_os("HOME").map(|h| Path::new(&h).join(".cargo/bin"));
    let found = on_path
        .into_iter()
        .chain(home)
        .map(|dir| dir.join("garage"))
        .find(|p| p.is_file());
    let Some(bin) = found else {
        panic!(
            "the object storage tests need Garage {GARAGE_VERSION} (an S3-compatible server) \
             and `garage` is not installed: run scripts/bootstrap, or \
             `cargo install garage --version {GARAGE_VERSION} --locked --no-default-features \
             --features sqlite,bundled-libs`"
        );
    };
    let version = Command::new(&bin)
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    assert!(
        version.contains(GARAGE_VERSION),
        "{} is `{}`, the tests expect Garage {GARAGE_VERSION}: run scripts/bootstrap",
        bin.display(),
        version.trim()
    );
    bin
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free loopback port")
        .port()
}

fn start() -> Garage {
    let bin = binary();
    // kept (not a TempDir): the watchdog deletes it when the test process ends
    let dir = tempfile::Builder::new()
        .prefix("cardsmith-garage-")
        .tempdir()
        .expect("garage dir")
        .keep();
    let (rpc, s3) = (free_port(), free_port());
    let secret = random_hex(32);
    let config = dir.join("garage.toml");
    std::fs::write(
        &config,
        format!(
            r#"metadata_dir = "{meta}"
data_dir = "{data}"
db_engine = "sqlite"
replication_factor = 1
rpc_bind_addr = "127.0.0.1:{rpc}"
rpc_public_addr = "127.0.0.1:{rpc}"
rpc_secret = "{secret}"

[s3_api]
s3_region = "{REGION}"
api_bind_addr = "127.0.0.1:{s3}"
root_domain = ".s3.garage.localhost"
"#,
            meta = dir.join("meta").display(),
            data = dir.join("data").display(),
        ),
    )
    .expect("garage config");
    let log = std::fs::File::create(dir.join("server.log")).expect("garage log");
    // the watchdog: Garage runs while this test process does, then goes with its directory
    let watchdog = Command::new("sh")
        .arg("-c")
        .arg(
            r#""$0" -c "$1" server & g=$!
               while kill -0 "$2" 2>/dev/null && kill -0 "$g" 2>/dev/null; do sleep 1; done
               kill "$g" 2>/dev/null; wait "$g"; rm -rf "$3""#,
        )
        .arg(&bin)
        .arg(&config)
        .arg(std::process::id().to_string())
        .arg(&dir)
        .stdin(Stdio::null())
        .stdout(log.try_clone().expect("log"))
        .stderr(log)
        .spawn()
        .expect("starting garage");
    let mut garage = Garage {
        _watchdog: watchdog,
        bin,
        config,
        endpoint: format!("http://127.0.0.1:{s3}"),
        key_id: String::new(),
        secret: String::new(),
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    while !garage.try_cli(&["status"]).0 {
        assert!(
            Instant::now() < deadline,
            "garage did not start; its log: {}",
            std::fs::read_to_string(dir.join("server.log")).unwrap_or_default()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let node = garage.cli(&["node", "id", "-q"]);
    let node = node.trim().split('@').next().expect("node id").to_owned();
    garage.cli(&["layout", "assign", "-z", "dc1", "-c", "1G", &node]);
    garage.cli(&["layout", "apply", "--version", "1"]);
    let key = garage.cli(&["key", "create", "cardsmith-tests"]);
    let field = |name: &str| {
        key.lines()
            .find_map(|l| l.strip_prefix(name))
            .map(|v| v.trim().to_owned())
            .unwrap_or_else(|| panic!("no {name} in `garage key create`: {key}"))
    };
    garage.key_id = field("Key ID:");
    garage.secret = field("Secret key:");
    garage
}

/// `n` random bytes from the OS in hex (Garage's RPC secret).
fn random_hex(n: usize) -> String {
    use std::io::Read;
    let mut bytes = vec![0u8; n];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut bytes))
        .expect("/dev/urandom");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl Garage {
    fn try_cli(&self, args: &[&str]) -> (bool, String) {
        let out = Command::new(&self.bin)
            .arg("-c")
            .arg(&self.config)
            .args(args)
            .output()
            .expect("running garage");
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        (out.status.success(), text)
    }

    /// Runs a `garage` command that must succeed; its output.
    fn cli(&self, args: &[&str]) -> String {
        let (ok, text) = self.try_cli(args);
        assert!(ok, "garage {}: {text}", args.join(" "));
        text
    }
}
