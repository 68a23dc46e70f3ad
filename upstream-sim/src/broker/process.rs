//! The `mosquitto` process: a config in a directory of its own, a free port, gone on drop.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::ids;

/// Where Debian puts the dynamic-security plugin.
const PLUGIN_DIRS: [&str; 3] = [
    "/usr/lib/x86_64-linux-gnu",
    "/usr/lib/aarch64-linux-gnu",
    "/usr/lib",
];

pub struct Process {
    pub port: u16,
    /// The dynamic-security admin (also the players' connection).
    pub admin_user: String,
    pub admin_password: String,
    dir: PathBuf,
    _child: tokio::process::Child,
}

impl Drop for Process {
    fn drop(&mut self) {
        // the child is killed on drop (kill_on_drop); its files go with it
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Process {
    pub async fn start() -> std::io::Result<Self> {
        let plugin = PLUGIN_DIRS
            .iter()
            .map(|d| Path::new(d).join("mosquitto_dynamic_security.so"))
            .find(|p| p.exists())
            .ok_or_else(|| std::io::Error::other("mosquitto's dynamic-security plugin is not installed (apt-get install mosquitto)"))?;
        sweep_stale();
        let dir = std::env::temp_dir().join(format!("{DIR_PREFIX}{}", ids::hex_id(8)));
        std::fs::create_dir_all(&dir)?;
        let admin_user = "sim-players".to_owned();
        let admin_password = ids::secret();
        let dynsec = dir.join("dynsec.json");
        let init = tokio::process::Command::new("mosquitto_ctrl")
            .args(["dynsec", "init"])
            .arg(&dynsec)
            .args([&admin_user, &admin_password])
            .output()
            .await?;
        if !init.status.success() {
            return Err(std::io::Error::other("mosquitto_ctrl dynsec init failed"));
        }
        let_the_admin_speak_for_players(&dynsec)?;
        // a few tries: another process may take the port between our probe and the bind
        let mut last = None;
        for _ in 0..3 {
            let port = free_port()?;
            let conf = dir.join("mosquitto.conf");
            let root = if is_root() { "user root\n" } else { "" };
            std::fs::write(
                &conf,
                format!(
                    "{root}listener {port} 127.0.0.1\nallow_anonymous false\npersistence false\n\
                     set_tcp_nodelay true\n\
                     log_dest stderr\nlog_type error\nlog_type warning\n\
                     plugin {}\nplugin_opt_config_file {}\n",
                    plugin.display(),
                    dynsec.display()
                ),
            )?;
            let mut command = tokio::process::Command::new("mosquitto");
            command
                .arg("-c")
                .arg(&conf)
                .stdin(std::process::Stdio::null())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .kill_on_drop(true);
            // SAFETY: runs in the forked child before exec, where only async-signal-safe
            // calls are allowed; prctl is one system call. It ends the broker with the thread
            // that started it, so a test process that dies cannot leave brokers behind.
            unsafe {
                command.pre_exec(|| {
                    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                    Ok(())
                });
            }
            let mut child = command.spawn()?;
            if let Some(pid) = child.id() {
                std::fs::write(dir.join("pid"), pid.to_string())?;
            }
            if listening(port, &mut child).await {
                return Ok(Self {
                    port,
                    admin_user,
                    admin_password,
                    dir,
                    _child: child,
                });
            }
            last = Some(port);
        }
        Err(std::io::Error::other(format!(
            "mosquitto did not start listening (last port tried: {last:?})"
        )))
    }
}

/// Adds to the admin role the right to publish on every player's topics, in the file before
/// the broker reads it: changing a role at runtime disconnects the clients that have it.
fn let_the_admin_speak_for_players(dynsec: &Path) -> std::io::Result<()> {
    let mut config: serde_json::Value = serde_json::from_slice(&std::fs::read(dynsec)?)?;
    let admin = config["roles"]
        .as_array_mut()
        .and_then(|roles| roles.iter_mut().find(|r| r["rolename"] == "admin"))
        .and_then(|r| r["acls"].as_array_mut())
        .ok_or_else(|| std::io::Error::other("dynsec init wrote no admin role"))?;
    admin.push(
        serde_json::json!({"acltype": "publishClientSend", "topic": "device/#", "allow": true}),
    );
    std::fs::write(dynsec, serde_json::to_vec_pretty(&config)?)
}

/// Broker directories are named `<temp>/cardsmith-broker-…`.
const DIR_PREFIX: &str = "cardsmith-broker-";

/// Removes the directories of brokers that are gone: a process that ends without unwinding
/// (a test binary finishing, a crash) kills its brokers (parent-death signal) but cannot
/// remove their files. A directory whose `pid` names no running process is stale; one without
/// a `pid` is left alone for a minute (its broker may be starting).
fn sweep_stale() {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        if !name.to_string_lossy().starts_with(DIR_PREFIX) {
            continue;
        }
        let dir = entry.path();
        let alive = match std::fs::read_to_string(dir.join("pid")) {
            Ok(pid) => Path::new("/proc").join(pid.trim()).exists(),
            Err(_) => entry
                .metadata()
                .and_then(|m| m.modified())
                .is_ok_and(|t| t.elapsed().unwrap_or_default() < Duration::from_secs(60)),
        };
        if !alive {
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}

fn free_port() -> std::io::Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port())
}

fn is_root() -> bool {
    std::fs::metadata("/proc/self").is_ok_and(|m| {
        use std::os::unix::fs::MetadataExt;
        m.uid() == 0
    })
}

/// Waits up to 5 s for the port to take connections, giving up early if the process died.
async fn listening(port: u16, child: &mut tokio::process::Child) -> bool {
    for _ in 0..100 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_ok()
        {
            return true;
        }
        if child.try_wait().ok().flatten().is_some() {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}
