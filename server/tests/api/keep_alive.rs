//! A keep-alive client after a refusal: an answer made before the request's body was read
//! (401, 403, 404, 413, 415) leaves the connection usable for the next request, or says
//! `Connection: close` when the rest of the body is too large to wait for (`linger.rs`).

use std::time::Duration;

use reqwest::Client;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::support::helpers::{spawn_app, User, ADMIN_EMAIL, ADMIN_PASSWORD, PASSWORD};

/// A multipart body of `size` bytes (one file part), and its content type.
fn multipart(size: usize) -> (Vec<u8>, &'static str) {
    let mut body =
        b"--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n\
                     Content-Type: image/png\r\n\r\n"
            .to_vec();
    body.resize(size - 9, b'x');
    body.extend_from_slice(b"\r\n--XyZ--");
    (body, "multipart/form-data; boundary=XyZ")
}

/// One client, one connection (idle connections kept), as a REST client keeps it.
fn keep_alive_client() -> Client {
    Client::builder()
        .cookie_store(true)
        .pool_max_idle_per_host(1)
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap()
}

/// 1,000 refused uploads of four kinds, each followed by an ordinary request on the same
/// keep-alive client: no request fails, and every refusal arrives as itself.
#[tokio::test]
async fn a_thousand_refused_uploads_leave_the_connection_usable() {
    let app = spawn_app().await;
    app.new_user("keepalive@example.com", "user").await;
    let signed_in = User {
        client: keep_alive_client(),
        base: app.base.clone(),
    };
    assert_eq!(
        signed_in
            .login("keepalive@example.com", PASSWORD)
            .await
            .status(),
        200
    );
    let anonymous = keep_alive_client();
    let (upload, multipart_type) = multipart(256 * 1024);
    let big_json =
        json!({"email": "x@example.com", "password": "p".repeat(200_000), "role": "user"});
    let mut failures = Vec::new();
    let mut refusals = [0u32; 5];
    for i in 0..1000 {
        let (client, request, expected) = match i % 5 {
            // 404: an unknown card, 256 KiB of upload behind it
            0 => (
                &signed_in.client,
                signed_in
                    .client
                    .post(signed_in.url("/api/cards/no-such-card/cover"))
                    .header("content-type", multipart_type)
                    .body(upload.clone()),
                404,
            ),
            // 401: no session
            1 => (
                &anonymous,
                anonymous
                    .post(signed_in.url("/api/cards/no-such-card/cover"))
                    .header("content-type", multipart_type)
                    .body(upload.clone()),
                401,
            ),
            // 403: an admin's operation, its body never parsed
            2 => (
                &signed_in.client,
                signed_in
                    .client
                    .post(signed_in.url("/api/admin/users"))
                    .json(&big_json),
                403,
            ),
            // 415: not JSON
            3 => (
                &signed_in.client,
                signed_in
                    .client
                    .post(signed_in.url("/api/collections"))
                    .header("content-type", "text/plain")
                    .body(vec![b'a'; 64 * 1024]),
                415,
            ),
            // 413: a JSON body over the limit (1 MiB), half a MiB left unread
            _ => (
                &signed_in.client,
                signed_in
                    .client
                    .patch(signed_in.url("/api/auth/profile"))
                    .header("content-type", "application/json")
                    .body(vec![b' '; 1536 * 1024]),
                413,
            ),
        };
        match request.send().await {
            Ok(r) if r.status() == expected => refusals[i % 5] += 1,
            Ok(r) => failures.push(format!("{i}: {} instead of {expected}", r.status())),
            Err(e) => failures.push(format!("{i}: {e}")),
        }
        let next = if i % 5 == 1 {
            client.get(signed_in.url("/health")).send().await
        } else {
            client.get(signed_in.url("/api/auth/me")).send().await
        };
        match next {
            Ok(r) if r.status() == 200 => {}
            Ok(r) => failures.push(format!("{i} then: {}", r.status())),
            Err(e) => failures.push(format!("{i} then: {e}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures: {:?}",
        failures.len(),
        &failures[..failures.len().min(10)]
    );
    assert_eq!(refusals, [200; 5]);
}

/// The answer of one request read off `stream`: its status, headers (lowercase) and body.
async fn read_answer(stream: &mut TcpStream, buffer: &mut Vec<u8>) -> (u16, String, Vec<u8>) {
    let head_end = loop {
        if let Some(end) = buffer.windows(4).position(|w| w == b"\r\n\r\n") {
            break end + 4;
        }
        let mut chunk = [0u8; 8192];
        let n = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut chunk))
            .await
            .expect("an answer within 10 s")
            .unwrap();
        assert!(n > 0, "the connection closed without a response");
        buffer.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buffer[..head_end]).to_lowercase();
    let status: u16 = head[9..12].parse().unwrap();
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .map_or(0, |v| v.trim().parse().unwrap());
    while buffer.len() < head_end + length {
        let mut chunk = [0u8; 8192];
        let n = stream.read(&mut chunk).await.unwrap();
        assert!(n > 0, "the connection closed inside a response");
        buffer.extend_from_slice(&chunk[..n]);
    }
    let body = buffer[head_end..head_end + length].to_vec();
    buffer.drain(..head_end + length);
    (status, head, body)
}

/// A body that arrives 20 ms after its head (a slow client, or a proxy) is read after the
/// refusal is decided, and the next request on the connection is answered; a body larger
/// than the server waits for gets a refusal that says `Connection: close`.
#[tokio::test]
async fn a_late_body_is_drained_and_a_huge_one_closes_the_connection_saying_so() {
    let app = spawn_app().await;
    let admin = app.anonymous();
    let login = admin.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let cookie = login.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    let addr = app.base.trim_start_matches("http://").to_owned();
    let mut stream = TcpStream::connect(&addr).await.unwrap();
    let mut buffer = Vec::new();
    let (body, content_type) = multipart(256 * 1024);
    for round in 0..40 {
        let head = format!(
            "POST /api/cards/no-such-card/cover HTTP/1.1\r\nHost: {addr}\r\nCookie: {cookie}\r\n\
             Content-Type: {content_type}\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        stream.write_all(head.as_bytes()).await.unwrap();
        tokio::time::sleep(Duration::from_millis(20)).await;
        stream.write_all(&body).await.unwrap();
        let next = format!("GET /api/auth/me HTTP/1.1\r\nHost: {addr}\r\nCookie: {cookie}\r\n\r\n");
        stream.write_all(next.as_bytes()).await.unwrap();
        let (status, head, _) = read_answer(&mut stream, &mut buffer).await;
        assert_eq!(status, 404, "round {round}");
        assert!(!head.contains("connection: close"), "round {round}: {head}");
        let (status, _, me) = read_answer(&mut stream, &mut buffer).await;
        assert_eq!(status, 200, "round {round}");
        assert!(String::from_utf8_lossy(&me).contains(ADMIN_EMAIL));
    }

    // 8 MiB announced: refused without waiting for it, and the client is told to reconnect
    let head = format!(
        "POST /api/cards/no-such-card/cover HTTP/1.1\r\nHost: {addr}\r\nCookie: {cookie}\r\n\
         Content-Type: {content_type}\r\nContent-Length: {}\r\n\r\n",
        8 * 1024 * 1024
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(&body).await.unwrap();
    let (status, head, _) = read_answer(&mut stream, &mut buffer).await;
    assert!(matches!(status, 404 | 413), "{status}");
    assert!(head.contains("connection: close"), "{head}");
}
