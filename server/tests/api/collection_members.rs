//! Collection members (`api::collection_members`) and the role matrix: who sees and changes
//! what.

use serde_json::{json, Value};

use crate::support::helpers::{assert_problem, pointers, spawn_app};

#[tokio::test]
async fn roles_decide_who_sees_and_changes_what() {
    let app = spawn_app().await;
    let owner = app.admin().await;
    let (editor, editor_id) = app.new_user("editor@example.com", "user").await;
    let (viewer, viewer_id) = app.new_user("viewer@example.com", "user").await;
    let (stranger, _) = app.new_user("stranger@example.com", "user").await;
    let c = owner.create_collection("Family").await;
    let id = c["id"].as_str().unwrap();
    assert_eq!(
        owner
            .add_member(id, "editor@example.com", "editor")
            .await
            .status(),
        204
    );
    // by user id: an invitation of that account's address, which it accepts
    assert_eq!(owner.invite(id, &viewer_id, "viewer").await.status(), 204);
    viewer.accept_invitation_to(id).await;
    assert_problem(
        owner.add_member(id, "editor@example.com", "viewer").await,
        409,
    )
    .await;
    let unknown = owner.add_member(id, "no-such-user-id", "viewer").await;
    assert_eq!(pointers(&assert_problem(unknown, 422).await), ["/user_id"]);
    assert_problem(
        owner.add_member(id, "stranger@example.com", "god").await,
        422,
    )
    .await;

    // Strangers cannot even learn the collection exists.
    assert_problem(stranger.get(&format!("/api/collections/{id}")).await, 404).await;
    assert_problem(stranger.get("/api/collections/by-slug/family").await, 404).await;
    assert_problem(
        stranger
            .put_json(
                &format!("/api/collections/{id}"),
                &json!({"name": "x", "description": ""}),
            )
            .await,
        404,
    )
    .await;

    // Viewers read, and that is all.
    let seen: Value = viewer.get_json(&format!("/api/collections/{id}")).await;
    assert_eq!(seen["viewer_role"], "viewer");
    assert_problem(
        viewer
            .put_json(
                &format!("/api/collections/{id}"),
                &json!({"name": "x", "description": ""}),
            )
            .await,
        403,
    )
    .await;
    assert_problem(
        viewer
            .post_json(
                &format!("/api/collections/{id}/cards"),
                &json!({"title": "t", "description": ""}),
            )
            .await,
        403,
    )
    .await;
    assert_problem(
        viewer
            .add_member(id, "stranger@example.com", "viewer")
            .await,
        403,
    )
    .await;

    // Editors change content but not membership, slug or existence.
    assert_eq!(
        editor
            .put_json(
                &format!("/api/collections/{id}"),
                &json!({"name": "Family Room", "description": ""})
            )
            .await
            .status(),
        204
    );
    let card = editor.create_card(id, "Our Trip").await;
    assert_eq!(card["viewer_role"], "editor");
    assert_problem(
        editor
            .add_member(id, "stranger@example.com", "viewer")
            .await,
        403,
    )
    .await;
    assert_problem(
        editor
            .put_json(
                &format!("/api/collections/{id}/slug"),
                &json!({"slug": "mine"}),
            )
            .await,
        403,
    )
    .await;
    assert_problem(
        editor
            .delete(&format!("/api/collections/{id}?cascade=true"))
            .await,
        403,
    )
    .await;

    // Members list; owners change roles; the last owner stays.
    let members: Vec<Value> = viewer
        .get_list(&format!("/api/collections/{id}/members"))
        .await;
    let roles: Vec<_> = members
        .iter()
        .map(|m| m["role"].as_str().unwrap())
        .collect();
    assert_eq!(roles, ["owner", "editor", "viewer"]);
    let owner_id = members[0]["user_id"].as_str().unwrap();
    assert_problem(
        owner
            .put_json(
                &format!("/api/collections/{id}/members/{owner_id}"),
                &json!({"role": "viewer"}),
            )
            .await,
        409,
    )
    .await;
    assert_problem(
        owner
            .delete(&format!("/api/collections/{id}/members/{owner_id}"))
            .await,
        409,
    )
    .await;
    assert_eq!(
        owner
            .put_json(
                &format!("/api/collections/{id}/members/{viewer_id}"),
                &json!({"role": "editor"})
            )
            .await
            .status(),
        204
    );
    assert_eq!(
        viewer.get_json(&format!("/api/collections/{id}")).await["viewer_role"],
        "editor"
    );
    // Anybody may leave; owners may remove.
    assert_eq!(
        viewer
            .delete(&format!("/api/collections/{id}/members/{viewer_id}"))
            .await
            .status(),
        204
    );
    assert_problem(viewer.get(&format!("/api/collections/{id}")).await, 404).await;
    assert_problem(
        editor
            .delete(&format!("/api/collections/{id}/members/{owner_id}"))
            .await,
        403,
    )
    .await;
    assert_eq!(
        owner
            .delete(&format!("/api/collections/{id}/members/{editor_id}"))
            .await
            .status(),
        204
    );
    assert_problem(
        owner
            .delete(&format!("/api/collections/{id}/members/{editor_id}"))
            .await,
        404,
    )
    .await;
}
