//! What `make fuzz` (schemathesis against `/openapi.yaml`) found, kept from coming back:
//! query parameters were documented as path parameters, the statuses the shared extractors
//! answer (malformed or non-JSON bodies, bad query strings) were missing from the operations
//! that use them, the server refused schema-valid input (rules missing from the schemas,
//! `6.0` for an integer, `null` for an optional body) and accepted form parts the document
//! forbids.

use cardsmith::api;
use cardsmith::state::HttpSettings;
use reqwest::Method;
use serde_json::json;
use utoipa::openapi::path::{Operation, ParameterIn};
use utoipa::openapi::OpenApi;

use crate::support::helpers::{assert_problem, spawn_app};

fn document() -> OpenApi {
    let settings = HttpSettings {
        public_origin: String::new(),
        max_json_bytes: 1024,
        max_image_bytes: 1024,
        max_audio_bytes: 1024,
        image_sources: String::new(),
    };
    api::router(&settings).1
}

/// Every documented operation with its method and path.
fn operations(doc: &OpenApi) -> Vec<(&'static str, &str, &Operation)> {
    let mut out = Vec::new();
    for (path, item) in &doc.paths.paths {
        for (method, op) in [
            ("GET", &item.get),
            ("POST", &item.post),
            ("PUT", &item.put),
            ("PATCH", &item.patch),
            ("DELETE", &item.delete),
        ] {
            if let Some(op) = op {
                out.push((method, path.as_str(), op));
            }
        }
    }
    out
}

#[test]
fn a_path_parameter_is_documented_only_where_the_path_has_it() {
    let doc = document();
    for (method, path, op) in operations(&doc) {
        for p in op.parameters.iter().flatten() {
            if p.parameter_in == ParameterIn::Path {
                assert!(
                    path.contains(&format!("{{{}}}", p.name)),
                    "{method} {path} documents `{}` as a path parameter; it is a query parameter",
                    p.name
                );
            }
        }
    }
    let slug_available = doc.paths.paths["/cards/slug-available"]
        .get
        .as_ref()
        .unwrap();
    let slug = &slug_available.parameters.as_ref().unwrap()[0];
    assert!(slug.name == "slug" && slug.parameter_in == ParameterIn::Query);
}

#[test]
fn every_operation_documents_the_statuses_of_its_extractors() {
    let doc = document();
    let mut json_bodies = 0;
    for (method, path, op) in operations(&doc) {
        let statuses = &op.responses.responses;
        let body_types: Vec<&String> = op
            .request_body
            .iter()
            .flat_map(|b| b.content.keys())
            .collect();
        let mut needed = Vec::new();
        if !body_types.is_empty() {
            needed.extend(["400", "413"]);
        }
        if body_types.iter().any(|t| *t == "application/json") {
            json_bodies += 1;
            needed.extend(["415", "422"]);
        }
        if op
            .parameters
            .iter()
            .flatten()
            .any(|p| p.parameter_in == ParameterIn::Query)
        {
            needed.push("400");
        }
        for status in needed {
            assert!(
                statuses.contains_key(status),
                "{method} {path} does not document {status}"
            );
        }
    }
    assert!(json_bodies >= 30, "only {json_bodies} operations take JSON");
}

#[tokio::test]
async fn extractor_rejections_are_problems_that_say_what_is_wrong() {
    let app = spawn_app().await;
    let admin = app.admin().await;

    // the query string lacks a required parameter: 400 naming it
    let problem = assert_problem(admin.get("/api/cards/slug-available").await, 400).await;
    assert!(
        problem["detail"].as_str().unwrap().contains("slug"),
        "{problem}"
    );
    // a parameter of the wrong type
    let problem = assert_problem(
        admin.delete("/api/collections/some-id?cascade=maybe").await,
        400,
    )
    .await;
    assert!(
        problem["detail"].as_str().unwrap().contains("cascade"),
        "{problem}"
    );

    // a body that is not JSON: 415; malformed JSON: 400; JSON of the wrong shape: 422
    let not_json = admin
        .client
        .post(admin.url("/api/collections"))
        .header("content-type", "text/plain")
        .body("name")
        .send()
        .await
        .unwrap();
    assert_problem(not_json, 415).await;
    let malformed = admin
        .client
        .post(admin.url("/api/collections"))
        .header("content-type", "application/json")
        .body("{\"name\": ")
        .send()
        .await
        .unwrap();
    assert_problem(malformed, 400).await;
    assert_problem(
        admin
            .send_json(Method::POST, "/api/collections", &json!([null, null]))
            .await,
        422,
    )
    .await;
}

#[tokio::test]
async fn an_svg_label_is_served_as_documented() {
    let doc = document();
    let get_label = doc.paths.paths["/labels/{filename}"].get.as_ref().unwrap();
    let utoipa::openapi::RefOr::T(ok) = &get_label.responses.responses["200"] else {
        panic!("GET /labels/{{filename}} 200 is a reference");
    };
    assert!(
        ok.content.contains_key("image/svg+xml"),
        "{:?}",
        ok.content.keys()
    );

    let app = spawn_app().await;
    let admin = app.admin().await;
    let collection = admin.create_collection("Labels").await;
    let card = admin
        .create_card(collection["id"].as_str().unwrap(), "Songs")
        .await;
    let label = admin
        .post_for_json(
            "/api/labels/generate",
            &json!({"card_slugs": [card["slug"]], "format": "svg", "page_size": "a4"}),
        )
        .await;
    let r = admin.get(label["url"].as_str().unwrap()).await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "image/svg+xml");
}

/// Every `$ref` of the served document names a schema the document defines: schemathesis
/// skipped `GET /auth/oidc/login`'s `mode` because it pointed at a `LoginMode` that was never
/// registered, and a spec-only client would have been just as stuck.
#[tokio::test]
async fn every_schema_reference_in_the_document_resolves() {
    let app = spawn_app().await;
    let yaml = crate::support::helpers::openapi_yaml(&app).await;
    let prefix = "$ref: '#/components/schemas/";
    let mut checked = 0;
    for line in yaml.lines() {
        let Some(at) = line.find(prefix) else {
            continue;
        };
        let name = line[at + prefix.len()..].trim_end_matches('\'');
        assert!(
            yaml.contains(&format!("\n    {name}:\n")),
            "{name} is referenced but not defined"
        );
        checked += 1;
    }
    assert!(checked > 50, "only {checked} references found");
}

/// The schema of `schema_name`'s member `property`, as JSON.
fn property_schema(doc: &OpenApi, schema_name: &str, property: &str) -> serde_json::Value {
    let schema =
        serde_json::to_value(&doc.components.as_ref().unwrap().schemas[schema_name]).unwrap();
    schema["properties"][property].clone()
}

#[test]
fn the_schemas_state_the_rules_the_server_checks_from_the_same_constants() {
    use cardsmith_model::field_schemas::SLUG_PATTERN;
    use cardsmith_model::validate::{
        DESCRIPTION_MAX_CHARS, DISPLAY_NAME_MAX_CHARS, NAME_MAX_CHARS, PASSWORD_MIN_CHARS,
        SLUG_MAX_CHARS,
    };
    let doc = document();
    let name = property_schema(&doc, "CreateCollectionInput", "name");
    assert_eq!(name["maxLength"], NAME_MAX_CHARS, "{name}");
    assert_eq!(name["minLength"], 1, "{name}");
    let description = property_schema(&doc, "CreateCardInput", "description");
    assert_eq!(description["maxLength"], DESCRIPTION_MAX_CHARS);
    let slug = property_schema(&doc, "SlugInput", "slug");
    assert_eq!(slug["pattern"], SLUG_PATTERN);
    assert_eq!(slug["maxLength"], SLUG_MAX_CHARS);
    let display_name = property_schema(&doc, "UpdateProfileInput", "display_name");
    assert_eq!(display_name["maxLength"], DISPLAY_NAME_MAX_CHARS);
    let password = property_schema(&doc, "ChangePasswordInput", "new_password");
    assert_eq!(password["minLength"], PASSWORD_MIN_CHARS);
}

#[tokio::test]
async fn a_whole_number_written_with_a_fraction_is_an_integer_and_null_is_no_body() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let collection = admin.create_collection("Numbers").await;
    admin
        .create_card(collection["id"].as_str().unwrap(), "Counted")
        .await;

    // JSON Schema counts 10.0 as the integer 10, so the server does too
    let wanted = json!({"autoadvance": "next", "shuffle": "off", "overlay_timeout": 10.0, "resume_timeout": 60});
    let r = admin.put_json("/api/cards/counted/playback", &wanted).await;
    assert_eq!(r.status(), 204);
    let playback = admin.get_json("/api/cards/counted/playback").await;
    assert_eq!(playback["overlay_timeout"], 10);
    // a real fraction is still refused, and changes nothing
    let half = json!({"autoadvance": "next", "shuffle": "off", "overlay_timeout": 10.5, "resume_timeout": 60});
    let problem = assert_problem(
        admin.put_json("/api/cards/counted/playback", &half).await,
        422,
    )
    .await;
    assert_eq!(problem["errors"][0]["pointer"], "/overlay_timeout");
    assert_eq!(
        admin.get_json("/api/cards/counted/playback").await,
        playback
    );

    // an optional body sent as `null` is the same as none: a recording session starts
    let r = admin
        .client
        .post(admin.url("/api/cards/counted/tracks/record-start"))
        .header("content-type", "application/json")
        .body("null")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
}

#[tokio::test]
async fn a_form_part_with_an_odd_name_is_refused_and_nothing_is_stored() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let collection = admin.create_collection("Forms").await;
    admin
        .create_card(collection["id"].as_str().unwrap(), "Covered")
        .await;
    let upload = |name: &'static str| {
        let image = reqwest::multipart::Part::bytes(crate::support::helpers::png_bytes(8, 8))
            .file_name("cover.png");
        let form = reqwest::multipart::Form::new()
            .part("file", image)
            .text(name, "x");
        admin
            .client
            .post(admin.url("/api/cards/covered/cover"))
            .multipart(form)
            .send()
    };

    // after the file, a part named like no form field: refused, no cover kept
    let problem = assert_problem(upload("").await.unwrap(), 422).await;
    assert!(
        problem["detail"]
            .as_str()
            .unwrap()
            .contains("letters, digits"),
        "{problem}"
    );
    assert_eq!(admin.get("/api/cards/covered/cover").await.status(), 404);
    // a plain extra part is passed over
    assert_eq!(upload("note").await.unwrap().status(), 204);
    assert_eq!(admin.get("/api/cards/covered/cover").await.status(), 200);
}
