//! Query strings and path parameters that cannot be read are 400 problems whose `detail`
//! names the parameter and says what is wrong (`ApiQuery`, `ApiPath`), and nothing changes.

use crate::support::helpers::{assert_problem, spawn_app};

#[tokio::test]
async fn a_bad_query_names_the_parameter_and_changes_nothing() {
    let app = spawn_app().await;
    let admin = app.admin().await;

    let missing = admin.get("/api/collections/slug-available").await;
    let problem = assert_problem(missing, 400).await;
    assert_eq!(problem["detail"], "query parameter `slug` is required");

    let collection = admin.create_collection("Kept").await;
    let id = collection["id"].as_str().unwrap();
    let bad = admin
        .delete(&format!("/api/collections/{id}?cascade=maybe"))
        .await;
    let problem = assert_problem(bad, 400).await;
    let detail = problem["detail"].as_str().unwrap();
    assert!(
        detail.starts_with("query parameter `cascade`: "),
        "{detail}"
    );
    let still = admin.get(&format!("/api/collections/{id}")).await;
    assert_eq!(still.status(), 200, "a refused delete deletes nothing");

    let bad_status = admin.get("/api/admin/jobs?limit=lots").await;
    let detail = assert_problem(bad_status, 400).await["detail"].clone();
    assert!(
        detail
            .as_str()
            .unwrap()
            .starts_with("query parameter `limit`: "),
        "{detail}"
    );
}

#[tokio::test]
async fn a_bad_path_value_names_the_parameter() {
    let app = spawn_app().await;
    let admin = app.admin().await;

    // %FF decodes to a byte that is not UTF-8
    let r = admin.get("/api/cards/%FF").await;
    let problem = assert_problem(r, 400).await;
    assert_eq!(
        problem["detail"],
        "path parameter `slug` is not valid UTF-8"
    );

    let r = admin.get("/api/cards/ok/tracks/%C3%28").await;
    let problem = assert_problem(r, 400).await;
    let detail = problem["detail"].as_str().unwrap();
    assert!(detail.starts_with("path parameter `"), "{detail}");
    assert!(detail.ends_with("` is not valid UTF-8"), "{detail}");
}
