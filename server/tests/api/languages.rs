//! The language a page is drawn in: the account's choice, else the language menu's cookie,
//! else `Accept-Language`, else English; and the choice itself, through the REST profile.

use reqwest::header::ACCEPT_LANGUAGE;
use serde_json::{json, Value};

use crate::player_accounts::link_account;
use crate::publish::publish_card;
use crate::support::audio_fixtures::tone;
use crate::support::helpers::{
    assert_problem, pointers, spawn_app, spawn_app_with, upload_ready_track, User,
};

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

/// The newest mail queued for `to`: (subject, text body, html body).
async fn last_mail_to(
    app: &crate::support::helpers::TestApp,
    to: &str,
) -> (String, String, String) {
    sqlx::query_as(
        "SELECT subject, text_body, html_body FROM mail_messages WHERE recipient = $1
         ORDER BY created_at DESC, id DESC LIMIT 1",
    )
    .bind(to)
    .fetch_one(app.core.db.pool())
    .await
    .unwrap()
}

#[tokio::test]
async fn mails_speak_the_recipients_language_else_the_senders() {
    let app = spawn_app().await;
    let (grandma, _) = app.new_user("mamie@example.com", "user").await;
    let r = grandma
        .update_profile(&json!({"display_name": "Mamie", "locale": "fr"}))
        .await;
    assert_eq!(r.status(), 200);
    let id = grandma.create_collection("Histoires du soir").await["id"]
        .as_str()
        .unwrap()
        .to_owned();

    // a French grandparent invites an address with no account: the mail is French
    assert_eq!(
        grandma
            .invite(&id, "cousin@example.com", "editor")
            .await
            .status(),
        204
    );
    let (subject, text, html) = last_mail_to(&app, "cousin@example.com").await;
    assert_eq!(
        subject,
        "Vous êtes invité à partager une collection sur Cardsmith"
    );
    assert!(
        text.contains("« Mamie » (mamie@example.com) vous a invité dans la collection « Histoires du soir » en tant que rédacteur"),
        "{text}"
    );
    assert!(text.contains("/collections\n") && html.contains(">Voir l’invitation</a>"));
    assert!(
        !text.contains("invited") && !html.contains("Or copy"),
        "no English left"
    );

    // someone who chose German gets German, whoever invites them
    let (opa, _) = app.new_user("opa@example.com", "user").await;
    opa.update_profile(&json!({"display_name": "Opa", "locale": "de"}))
        .await;
    assert_eq!(
        grandma
            .invite(&id, "opa@example.com", "viewer")
            .await
            .status(),
        204
    );
    let (subject, text, _) = last_mail_to(&app, "opa@example.com").await;
    assert_eq!(
        subject,
        "Du bist eingeladen, eine Sammlung auf Cardsmith zu teilen"
    );
    assert!(text.contains("zum Anhören"), "{text}");

    // a forgotten password: the account's language, else the page's that asked
    let anon = app.anonymous();
    let asked_in = |lang: &'static str, email: &'static str| {
        anon.client
            .post(anon.url("/api/auth/forgot-password"))
            .header(ACCEPT_LANGUAGE, lang)
            .json(&json!({ "email": email }))
            .send()
    };
    let answer: Value = asked_in("es-ES", "opa@example.com")
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .contains("durante 1 hora"),
        "the answer is in the asker's language: {answer}"
    );
    let (subject, text, _) = last_mail_to(&app, "opa@example.com").await;
    assert_eq!(subject, "Setze dein Cardsmith-Passwort zurück");
    assert!(
        text.starts_with("Hallo Opa,") && text.contains("1 Stunde lang"),
        "{text}"
    );
    let (_, _) = app.new_user("nobody-chose@example.com", "user").await;
    asked_in("fr-CA, en;q=0.5", "nobody-chose@example.com")
        .await
        .unwrap();
    let (subject, text, html) = last_mail_to(&app, "nobody-chose@example.com").await;
    assert_eq!(subject, "Réinitialisez votre mot de passe Cardsmith");
    assert!(
        text.contains("pendant 1 heure") && html.contains("Ou copiez ce lien"),
        "{text}"
    );
}

#[tokio::test]
async fn pages_read_problems_in_their_language_and_the_api_keeps_the_servers_words() {
    let app = spawn_app().await;
    let anon = app.anonymous();
    let german = (ACCEPT_LANGUAGE.as_str(), "de-DE");
    // the sign-in page's server function, for a German browser
    let r = anon
        .client
        .post(anon.url("/rpc/login"))
        .header(german.0, german.1)
        .form(&[
            ("email", "nobody@example.com"),
            ("password", "wrong-password"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 401);
    let problem: Value = r.json().await.unwrap();
    assert_eq!(
        problem["detail"],
        "E-Mail-Adresse oder Passwort ist falsch."
    );
    assert_eq!(problem["title"], "Anmeldung nötig");
    assert_eq!(
        problem["type"], "/problems/unauthenticated",
        "the kind stays"
    );

    // a field's message, beside the field and in the sentence
    let r = anon
        .client
        .post(anon.url("/rpc/forgot_password"))
        .header(ACCEPT_LANGUAGE, "fr")
        .json(&json!({"input": {"email": "not-an-address"}}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 422);
    let problem: Value = r.json().await.unwrap();
    assert_eq!(problem["errors"][0]["pointer"], "/email");
    assert_eq!(
        problem["errors"][0]["detail"],
        "n’est pas une adresse e-mail"
    );
    assert_eq!(
        problem["detail"],
        "« Adresse e-mail » n’est pas une adresse e-mail"
    );

    // the REST API answers in the server's words whatever the browser says
    let r = anon
        .client
        .post(anon.url("/api/auth/login"))
        .header(german.0, german.1)
        .json(&json!({"email": "nobody@example.com", "password": "wrong-password"}))
        .send()
        .await
        .unwrap();
    let problem = assert_problem(r, 401).await;
    assert_eq!(problem["detail"], "email or password is wrong");
}

#[tokio::test]
async fn a_collections_language_goes_with_its_cards_and_chooses_their_voice() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let sim = app.sim.clone().unwrap();
    let (papa, _) = app.new_user("papa@example.com", "user").await;
    let r = papa
        .update_profile(&json!({"display_name": "Papa", "locale": "fr"}))
        .await;
    assert_eq!(r.status(), 200);

    // made without a language: the maker's; the quick-recordings one too, named in it
    let contes = papa.create_collection("Contes").await;
    assert_eq!(contes["language"], "fr");
    let quick: Value = papa
        .post_for_json("/api/collections/default", &json!({}))
        .await;
    assert_eq!(quick["name"], "Mes enregistrements");
    assert_eq!(quick["language"], "fr");

    // or the one named; never one the platform does not know, and nothing is made then
    let r = papa
        .post_json(
            "/api/collections",
            &json!({"name": "Märchen", "description": "", "language": "de"}),
        )
        .await;
    assert_eq!(r.status(), 201);
    let maerchen: Value = r.json().await.unwrap();
    assert_eq!(maerchen["language"], "de");
    let before = papa.get_list("/api/collections").await.len();
    for bad in ["klingon", "DE", "", "de-de"] {
        let r = papa
            .post_json(
                "/api/collections",
                &json!({"name": "Nope", "description": "", "language": bad}),
            )
            .await;
        let problem = assert_problem(r, 422).await;
        assert_eq!(pointers(&problem), ["/language"], "{bad}");
    }
    assert_eq!(papa.get_list("/api/collections").await.len(), before);

    // changed with the collection's name, kept when left out
    let id = contes["id"].as_str().unwrap();
    let path = format!("/api/collections/{id}");
    let put = |body: Value| {
        let (papa, path) = (&papa, &path);
        async move { papa.put_json(path, &body).await }
    };
    assert_eq!(
        put(json!({"name": "Contes", "description": "", "language": "es-419"}))
            .await
            .status(),
        204
    );
    assert_eq!(
        put(json!({"name": "Contes", "description": ""}))
            .await
            .status(),
        204
    );
    let got: Value = papa.get_json(&format!("/api/collections/{id}")).await;
    assert_eq!(got["language"], "es-419");
    let problem = assert_problem(
        put(json!({"name": "Contes", "description": "", "language": "xx"})).await,
        422,
    )
    .await;
    assert_eq!(pointers(&problem), ["/language"]);

    // a card of the German collection starts with a German voice and is published as German
    let card = papa
        .create_card(maerchen["id"].as_str().unwrap(), "Rotkäppchen")
        .await["slug"]
        .as_str()
        .unwrap()
        .to_owned();
    let menu: Value = papa
        .client
        .post(papa.url("/rpc/load_voice_menu"))
        .form(&[("card", card.as_str())])
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(menu["collection_voice"], "espeak:de+f3", "{menu}");
    upload_ready_track(&papa, &card, &tone(1, "wav")).await;
    let account = link_account(&app, &papa).await;
    let player_card = publish_card(&papa, &account, &card).await;
    let remote =
        serde_json::to_value(sim.card(&sim.default_user(), &player_card).unwrap()).unwrap();
    assert_eq!(remote["metadata"]["languages"], json!(["de"]));
}

/// The islands' words come from the server, in the page's language only: a page's script
/// names its language's messages file; that file is the server's text, kept for good under
/// its digest and sent gzipped when the browser takes it; any other name is a 404 problem.
#[tokio::test]
async fn a_page_names_its_languages_messages_file_and_the_server_sends_it() {
    use std::io::Read as _;
    let app = spawn_app().await;
    let anon = app.anonymous();
    let german = [(ACCEPT_LANGUAGE.as_str(), "de")];
    let (lang, body) = page(&anon, "/login", &german).await;
    assert_eq!(lang, "de");
    let path = body
        .split_once("\"/i18n/")
        .and_then(|(_, rest)| rest.split_once('"'))
        .map(|(name, _)| format!("/i18n/{name}"))
        .expect("the page's script names its messages file");
    assert!(
        path.starts_with("/i18n/de.") && path.ends_with(".ftl"),
        "{path}"
    );
    assert!(!body.contains("\"/i18n/en."), "only the page's language");

    let get = |path: String, encoding: &'static str| {
        anon.client
            .get(anon.url(&path))
            .header("accept-encoding", encoding)
            .send()
    };
    let plain = get(path.clone(), "identity").await.unwrap();
    assert_eq!(plain.status(), 200);
    assert_eq!(plain.headers()["content-type"], "text/plain; charset=utf-8");
    assert_eq!(
        plain.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert!(plain.headers().get("content-encoding").is_none());
    let etag = plain.headers()["etag"].to_str().unwrap().to_owned();
    let text = plain.text().await.unwrap();
    assert_eq!(
        text,
        cardsmith_i18n::messages_text(cardsmith_i18n::Locale::De)
    );
    assert!(text.contains("Passwort vergessen?"));

    let gzipped = get(path.clone(), "gzip, br").await.unwrap();
    assert_eq!(gzipped.headers()["content-encoding"], "gzip");
    assert_ne!(gzipped.headers()["etag"].to_str().unwrap(), etag);
    let bytes = gzipped.bytes().await.unwrap();
    assert!(
        bytes.len() * 3 < text.len(),
        "{} bytes gzipped",
        bytes.len()
    );
    let mut unzipped = String::new();
    flate2::read::GzDecoder::new(&bytes[..])
        .read_to_string(&mut unzipped)
        .unwrap();
    assert_eq!(unzipped, text);

    let again = anon
        .client
        .get(anon.url(&path))
        .header("accept-encoding", "identity")
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);

    let digest = path
        .trim_start_matches("/i18n/de.")
        .trim_end_matches(".ftl");
    for other in [
        "/i18n/de.0000000000000000.ftl".to_owned(),
        format!("/i18n/it.{digest}.ftl"),
        format!("/i18n/de.{digest}.ftl.gz"),
        "/i18n/de.ftl".to_owned(),
    ] {
        let r = get(other.clone(), "identity").await.unwrap();
        assert_problem(r, 404).await;
    }
}
