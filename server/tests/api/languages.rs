//! The language a page is drawn in: the account's choice, else the language menu's cookie,
//! else `Accept-Language`, else English; and the choice itself, through the REST profile.

use reqwest::header::ACCEPT_LANGUAGE;
use serde_json::{json, Value};

use crate::support::helpers::{assert_problem, pointers, spawn_app, User};

/// The page at `path` as `user` gets it with `headers`: its `<html lang>` and its body.
async fn page(user: &User, path: &str, headers: &[(&str, &str)]) -> (String, String) {
    let mut request = user.client.get(user.url(path));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let body = request.send().await.unwrap().text().await.unwrap();
    let lang = body
        .split_once("<html lang=\"")
        .and_then(|(_, rest)| rest.split_once('"'))
        .map(|(lang, _)| lang.to_owned())
        .unwrap_or_default();
    (lang, body)
}

#[tokio::test]
async fn signed_out_pages_follow_the_menu_then_the_browser() {
    let app = spawn_app().await;
    let anon = app.anonymous();
    let (lang, body) = page(&anon, "/login", &[]).await;
    assert_eq!(lang, "en");
    assert!(body.contains("Sign in"));
    let german = [(ACCEPT_LANGUAGE.as_str(), "it-IT, de;q=0.8, en;q=0.5")];
    let (lang, body) = page(&anon, "/login", &german).await;
    assert_eq!(lang, "de", "Italian is not spoken; German is the next wish");
    assert!(body.contains("Anmelden") && body.contains("Passwort vergessen?"));

    // the menu: a form post that remembers the choice and goes back, never elsewhere
    let r = anon
        .client
        .post(anon.url("/language"))
        .form(&[("lang", "fr"), ("next", "/forgot-password")])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 303);
    assert_eq!(r.headers()["location"], "/forgot-password");
    let cookie = r.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(cookie.starts_with("cardsmith_lang=fr;") && cookie.contains("HttpOnly"));
    let (lang, _) = page(&anon, "/login", &german).await;
    assert_eq!(lang, "fr", "the menu's choice beats the browser's");
    for away in [
        "//evil.example/",
        "https://evil.example/",
        "/\\evil.example",
    ] {
        let r = anon
            .client
            .post(anon.url("/language"))
            .form(&[("lang", "es"), ("next", away)])
            .send()
            .await
            .unwrap();
        assert_eq!(r.headers()["location"], "/login", "{away}");
    }
    // an unknown language clears the choice: the browser's again
    anon.client
        .post(anon.url("/language"))
        .form(&[("lang", "klingon"), ("next", "/login")])
        .send()
        .await
        .unwrap();
    let (lang, _) = page(&anon, "/login", &german).await;
    assert_eq!(lang, "de");
}

#[tokio::test]
async fn the_accounts_choice_follows_it_everywhere_and_is_checked() {
    let app = spawn_app().await;
    let (parent, _) = app.new_user("parent@example.com", "user").await;
    let me: Value = parent.me().await.json().await.unwrap();
    assert!(me["locale"].is_null(), "follows the browser at first");

    // the REST profile takes one of the codes, "" to follow the browser, nothing to keep it
    for bad in ["it", "DE", "de-AT", " fr"] {
        let r = parent
            .update_profile(&json!({"display_name": "Parent", "locale": bad}))
            .await;
        let problem = assert_problem(r, 422).await;
        assert_eq!(pointers(&problem), ["/locale"], "{bad}");
    }
    let r = parent
        .update_profile(&json!({"display_name": "Parent", "locale": "es"}))
        .await;
    assert_eq!(r.status(), 200);
    let me: Value = parent.me().await.json().await.unwrap();
    assert_eq!(me["locale"], "es");
    let r = parent
        .update_profile(&json!({"display_name": "Parent again"}))
        .await;
    assert_eq!(r.status(), 200);
    let me: Value = parent.me().await.json().await.unwrap();
    assert_eq!(me["locale"], "es", "left out: unchanged");

    // the account's choice beats the menu's cookie and the browser, on every page
    let r = parent
        .client
        .post(parent.url("/language"))
        .form(&[("lang", "de"), ("next", "/settings")])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 303);
    let headers = [(ACCEPT_LANGUAGE.as_str(), "fr-FR")];
    let (lang, body) = page(&parent, "/settings", &headers).await;
    assert_eq!(lang, "es");
    assert!(body.contains("Ajustes"), "the Spanish navigation");

    // back to the browser's
    let r = parent
        .update_profile(&json!({"display_name": "Parent", "locale": ""}))
        .await;
    assert_eq!(r.status(), 200);
    let me: Value = parent.me().await.json().await.unwrap();
    assert!(me["locale"].is_null());
    let (lang, _) = page(&parent, "/settings", &headers).await;
    assert_eq!(lang, "de", "the menu's choice on this device again");
    // another person's choice is theirs alone
    let admin = app.admin().await;
    let (lang, _) = page(&admin, "/settings", &headers).await;
    assert_eq!(lang, "fr");
}
