//! A TCP relay on a fixed local port that a test can take down and bring back: the way to
//! make a real broker "unreachable" and then reachable again without stopping it. Taking it
//! down closes the listener and every relayed connection, as a network that drops would.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use tokio::net::{TcpListener, TcpStream};
use tokio::task::{JoinHandle, JoinSet};

pub struct Relay {
    port: u16,
    target: Arc<Mutex<Option<SocketAddr>>>,
    serving: Mutex<Option<JoinHandle<()>>>,
}

impl Relay {
    /// Listens on a free port; connections are closed until [`Relay::point_at`] is told
    /// where to.
    pub async fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let relay = Self {
            port,
            target: Arc::new(Mutex::new(None)),
            serving: Mutex::new(None),
        };
        relay.serve(listener);
        relay
    }

    /// `mqtt://127.0.0.1:<port>`.
    pub fn mqtt_url(&self) -> String {
        format!("mqtt://127.0.0.1:{}", self.port)
    }

    pub fn point_at(&self, target: SocketAddr) {
        *self.target.lock().unwrap() = Some(target);
    }

    /// Closes the listener and every open connection.
    pub fn down(&self) {
        if let Some(serving) = self.serving.lock().unwrap().take() {
            serving.abort();
        }
    }

    /// Listens again on the same port.
    pub async fn up(&self) {
        let listener = TcpListener::bind(("127.0.0.1", self.port)).await.unwrap();
        self.serve(listener);
    }

    fn serve(&self, listener: TcpListener) {
        let target = self.target.clone();
        let serving = tokio::spawn(async move {
            // aborting this task drops the set, which aborts every relayed connection
            let mut connections = JoinSet::new();
            loop {
                let Ok((mut inbound, _)) = listener.accept().await else {
                    continue;
                };
                let to = *target.lock().unwrap();
                connections.spawn(async move {
                    let Some(to) = to else { return };
                    if let Ok(mut outbound) = TcpStream::connect(to).await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                });
                while connections.try_join_next().is_some() {}
            }
        });
        *self.serving.lock().unwrap() = Some(serving);
    }
}

impl Drop for Relay {
    fn drop(&mut self) {
        self.down();
    }
}
