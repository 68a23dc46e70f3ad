//! Account deletion (`api::deletion`): requests, the admin's decision, the cascade, and
//! orphaned collections.

use cardsmith_core::time;
use serde_json::{json, Value};

use crate::support::helpers::{
    assert_problem, openapi_yaml, path_block, pointers, spawn_app, TestApp, User,
};

/// Ids of the collection `name` made by `user`.
async fn collection(user: &User, name: &str) -> String {
    user.create_collection(name).await["id"]
        .as_str()
        .unwrap()
        .to_owned()
}

async fn audited(app: &TestApp, user_id: &str) -> Vec<String> {
    cardsmith_core::audit::actions_for(app.core.db.pool(), user_id)
        .await
        .unwrap()
}

async fn request(user: &User, body: &Value) -> reqwest::Response {
    user.post_json("/api/auth/delete-request", body).await
}

async fn pending(admin: &User) -> Vec<Value> {
    admin.get_list("/api/admin/deletion-requests").await
}

#[tokio::test]
async fn asking_needs_a_session_a_bounded_reason_one_pending_request_and_patience() {
    let app = spawn_app().await;
    let (user, id) = app.new_user("leaving@example.com", "user").await;
    assert_problem(request(&app.anonymous(), &json!({})).await, 401).await;
    let long = request(&user, &json!({"reason": "x".repeat(1001)})).await;
    assert_eq!(pointers(&assert_problem(long, 422).await), ["/reason"]);

    let r = user.post_empty("/api/auth/delete-request").await;
    assert_eq!(
        r.status(),
        201,
        "an empty body is a request without a reason"
    );
    let body: Value = r.json().await.unwrap();
    assert!(body["message"].as_str().unwrap().contains("expires"));
    assert!(audited(&app, &id)
        .await
        .contains(&"account.deletion_requested".to_owned()));

    let again = request(&user, &json!({"reason": "still leaving"})).await;
    assert_problem(again, 409).await;
    let limited = request(&user, &json!({})).await;
    let retry = limited.headers()["retry-after"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(retry.parse::<i64>().unwrap() > 0);
    assert_problem(limited, 429).await;
}

#[tokio::test]
async fn admins_list_pending_requests_with_expiry_and_owned_collections_and_reject_them() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (user, user_id) = app.new_user("owner@example.com", "user").await;
    let family = collection(&user, "Family").await;
    let (other, _) = app
        .member_of(&user, &family, "other@example.com", "editor")
        .await;
    assert_eq!(
        request(&user, &json!({"reason": "moving on"}))
            .await
            .status(),
        201
    );

    assert_problem(
        app.anonymous().get("/api/admin/deletion-requests").await,
        401,
    )
    .await;
    assert_problem(other.get("/api/admin/deletion-requests").await, 403).await;
    let list = pending(&admin).await;
    assert_eq!(list.len(), 1);
    let item = &list[0];
    assert_eq!(item["user_id"], user_id.as_str());
    assert_eq!(item["reason"], "moving on");
    assert_eq!(item["status"], "pending");
    let created = chrono::DateTime::parse_from_rfc3339(item["created_at"].as_str().unwrap());
    let expires = chrono::DateTime::parse_from_rfc3339(item["expires_at"].as_str().unwrap());
    let days = (expires.unwrap() - created.unwrap()).num_hours() as f64 / 24.0;
    assert!((days - 30.0).abs() < 0.01, "expires 30 days after: {days}");
    let owned = item["owned_collections"].as_array().unwrap();
    assert_eq!(owned.len(), 1);
    assert_eq!(owned[0]["id"], family.as_str());
    assert_eq!(owned[0]["sole_owner"], true);
    assert_eq!(owned[0]["other_members"], 1);

    let id = item["id"].as_str().unwrap();
    let reject = format!("/api/admin/deletion-requests/{id}/reject");
    assert_problem(app.anonymous().post_empty(&reject).await, 401).await;
    assert_problem(other.post_empty(&reject).await, 403).await;
    assert_problem(
        admin
            .post_empty("/api/admin/deletion-requests/no-such-request/reject")
            .await,
        404,
    )
    .await;
    assert_eq!(admin.post_empty(&reject).await.status(), 204);
    assert_problem(admin.post_empty(&reject).await, 409).await;
    assert!(pending(&admin).await.is_empty());
    assert_eq!(
        user.me().await.status(),
        200,
        "a rejected request deletes nothing"
    );
    assert!(audited(&app, &user_id)
        .await
        .contains(&"deletion_request.rejected".to_owned()));
    assert_eq!(
        request(&user, &json!({})).await.status(),
        201,
        "after a rejection the user may ask again"
    );
}

#[tokio::test]
async fn a_request_nobody_decides_expires_after_thirty_days() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (user, user_id) = app.new_user("waiting@example.com", "user").await;
    assert_eq!(request(&user, &json!({})).await.status(), 201);
    let id = pending(&admin).await[0]["id"].as_str().unwrap().to_owned();
    // as if it was made 31 days ago
    let past = |days: i64| time::format(time::now() - chrono::Duration::days(days));
    sqlx::query("UPDATE deletion_requests SET created_at = $1, expires_at = $2 WHERE id = $3")
        .bind(past(31))
        .bind(past(1))
        .bind(&id)
        .execute(app.core.db.pool())
        .await
        .unwrap();

    assert!(
        pending(&admin).await.is_empty(),
        "an expired request is not listed"
    );
    let status: String = sqlx::query_scalar("SELECT status FROM deletion_requests WHERE id = $1")
        .bind(&id)
        .fetch_one(app.core.db.pool())
        .await
        .unwrap();
    assert_eq!(status, "expired");
    assert!(audited(&app, &user_id)
        .await
        .contains(&"deletion_request.expired".to_owned()));
    let approve = format!("/api/admin/deletion-requests/{id}/approve");
    assert_problem(admin.post_empty(&approve).await, 409).await;
    assert_eq!(user.me().await.status(), 200);
    assert_eq!(request(&user, &json!({})).await.status(), 201, "asks again");
}

#[tokio::test]
async fn approving_deletes_the_account_with_its_reassignments() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (user, user_id) = app.new_user("going@example.com", "user").await;
    let family = collection(&user, "Family").await;
    let (heir, heir_id) = app
        .member_of(&user, &family, "heir@example.com", "viewer")
        .await;
    assert_eq!(request(&user, &json!({})).await.status(), 201);
    let id = pending(&admin).await[0]["id"].as_str().unwrap().to_owned();
    let approve = format!("/api/admin/deletion-requests/{id}/approve");

    assert_problem(app.anonymous().post_empty(&approve).await, 401).await;
    assert_problem(
        heir.post_json(&approve, &json!({"reassignments": 5})).await,
        403,
    )
    .await;
    assert_problem(
        admin
            .post_empty("/api/admin/deletion-requests/no-such-request/approve")
            .await,
        404,
    )
    .await;
    let bad = admin
        .post_json(
            &approve,
            &json!({"reassignments": {family.as_str(): user_id.as_str()}}),
        )
        .await;
    assert_eq!(
        pointers(&assert_problem(bad, 422).await),
        [format!("/reassignments/{family}")]
    );
    assert_eq!(
        pending(&admin).await.len(),
        1,
        "a refused approval changes nothing"
    );

    let ok = admin
        .post_json(
            &approve,
            &json!({"reassignments": {family.as_str(): heir_id.as_str()}}),
        )
        .await;
    assert_eq!(ok.status(), 204);
    assert_problem(user.me().await, 401).await;
    assert_problem(admin.post_empty(&approve).await, 409).await;
    let seen: Value = heir.get_json(&format!("/api/collections/{family}")).await;
    assert_eq!(seen["viewer_role"], "owner");
    let actions = audited(&app, &user_id).await;
    assert!(actions.contains(&"deletion_request.approved".to_owned()));
    assert!(actions.contains(&"admin.user_deleted".to_owned()));
}

/// Everything of the user goes, everything shared stays: the reassigned collection is the
/// heir's, the other is orphaned with its members' roles intact until an admin assigns it.
#[tokio::test]
async fn deleting_a_user_ends_sessions_cancels_jobs_removes_files_and_keeps_shared_collections() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (user, user_id) = app.new_user("deleted@example.com", "user").await;
    let shared = collection(&user, "Shared").await;
    let solo = collection(&user, "Solo").await;
    let (heir, heir_id) = app
        .member_of(&user, &shared, "heir@example.com", "editor")
        .await;
    let (viewer, _) = app
        .member_of(&user, &solo, "viewer@example.com", "viewer")
        .await;
    let card = user.create_card(&shared, "Bedtime").await;
    let slug = card["slug"].as_str().unwrap();

    // a label sheet with a share link, a take being recorded, a job waiting
    let label: Value = user
        .post_for_json(
            "/api/labels/generate",
            &json!({"card_slugs": [slug], "format": "pdf", "page_size": "a4"}),
        )
        .await;
    let filename = label["filename"].as_str().unwrap().to_owned();
    let label_id = filename.trim_end_matches(".pdf");
    let share: Value = user
        .post_empty(&format!("/api/labels/{label_id}/share"))
        .await
        .json()
        .await
        .unwrap();
    let public = share["url"].as_str().unwrap().to_owned();
    assert_eq!(app.anonymous().get(&public).await.status(), 200);
    let started: Value = user
        .post_empty(&format!("/api/cards/{slug}/tracks/record-start"))
        .await
        .json()
        .await
        .unwrap();
    let session = started["session_id"].as_str().unwrap().to_owned();
    let first_chunk = &crate::recording::take_in_chunks(2)[0];
    assert_eq!(
        crate::recording::send(&user, &session, 0, first_chunk)
            .await
            .status(),
        204
    );
    let label_file = format!("labels/{filename}");
    assert!(!crate::recording::stored_files(&app, &session)
        .await
        .is_empty());
    assert!(app.core.media().read_named(&label_file).await.is_ok());
    let in_a_day = time::from_now(chrono::Duration::days(1));
    let job = cardsmith_core::jobs::enqueue_at(
        app.core.db.pool(),
        Some(&user_id),
        &cardsmith_core::media::rescan::RescanPayload {},
        &in_a_day,
    )
    .await
    .unwrap();

    let r = admin
        .send_json(
            reqwest::Method::DELETE,
            &format!("/api/admin/users/{user_id}"),
            &json!({"reassignments": {shared.as_str(): heir_id.as_str()}}),
        )
        .await;
    assert_eq!(r.status(), 204);

    assert_problem(user.me().await, 401).await;
    assert_problem(
        user.login("deleted@example.com", crate::support::helpers::PASSWORD)
            .await,
        401,
    )
    .await;
    let status: String = sqlx::query_scalar("SELECT status FROM jobs WHERE id = $1")
        .bind(&job)
        .fetch_one(app.core.db.pool())
        .await
        .unwrap();
    assert_eq!(status, "cancelled");
    assert!(
        app.core.media().read_named(&label_file).await.is_err(),
        "the label sheet's file is removed"
    );
    assert!(
        crate::recording::stored_files(&app, &session)
            .await
            .is_empty(),
        "the take's files are removed"
    );
    assert_eq!(app.anonymous().get(&public).await.status(), 404);
    let users: Vec<Value> = admin.list_users().await.json().await.unwrap();
    assert!(users.iter().all(|u| u["id"] != user_id.as_str()));

    // the heir owns the shared collection and edits it; its card is still there
    let renamed = heir
        .put_json(
            &format!("/api/collections/{shared}"),
            &json!({"name": "Ours now", "description": ""}),
        )
        .await;
    assert_eq!(renamed.status(), 204);
    assert_eq!(
        heir.get_json(&format!("/api/cards/{slug}")).await["title"],
        "Bedtime"
    );

    // the other is orphaned; its viewer still sees it as viewer until an admin assigns it
    let orphans = admin.get_list("/api/admin/orphaned-collections").await;
    assert_eq!(orphans.len(), 1);
    assert_eq!(orphans[0]["id"], solo.as_str());
    assert_eq!(orphans[0]["name"], "Solo");
    let seen: Value = viewer.get_json(&format!("/api/collections/{solo}")).await;
    assert_eq!(seen["viewer_role"], "viewer");
    assert_problem(heir.get(&format!("/api/collections/{solo}")).await, 404).await;
    let assign = format!("/api/admin/orphaned-collections/{solo}/assign");
    let r = admin.post_json(&assign, &json!({"user_id": heir_id})).await;
    assert_eq!(r.status(), 204);
    let seen: Value = heir.get_json(&format!("/api/collections/{solo}")).await;
    assert_eq!(seen["viewer_role"], "owner");
    assert!(admin
        .get_list("/api/admin/orphaned-collections")
        .await
        .is_empty());
    let seen: Value = viewer.get_json(&format!("/api/collections/{solo}")).await;
    assert_eq!(seen["viewer_role"], "viewer");

    let actions = audited(&app, &user_id).await;
    assert!(actions.contains(&"admin.user_deleted".to_owned()));
    assert!(actions.contains(&"collection.orphaned".to_owned()));
    let heirs = audited(&app, &heir_id).await;
    assert!(heirs.contains(&"collection.reassigned".to_owned()));
    assert!(heirs.contains(&"collection.assigned".to_owned()));
}

#[tokio::test]
async fn deleting_needs_an_admin_a_known_user_valid_reassignments_and_not_oneself() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (user, user_id) = app.new_user("kept@example.com", "user").await;
    let (other, other_id) = app.new_user("other@example.com", "user").await;
    let mine = collection(&user, "Mine").await;
    let theirs = collection(&other, "Theirs").await;
    let path = format!("/api/admin/users/{user_id}");
    let delete = |who: &User, path: String, body: Value| {
        let who = who.client.clone();
        let url = format!("{}{path}", app.base);
        async move { who.delete(url).json(&body).send().await.unwrap() }
    };

    assert_problem(app.anonymous().delete(&path).await, 401).await;
    assert_problem(
        delete(&other, path.clone(), json!({"reassignments": []})).await,
        403,
    )
    .await;
    assert_problem(admin.delete("/api/admin/users/no-such-user").await, 404).await;
    let me: Value = admin.me().await.json().await.unwrap();
    let own = format!("/api/admin/users/{}", me["id"].as_str().unwrap());
    assert_problem(admin.delete(&own).await, 409).await;

    let not_owned = delete(
        &admin,
        path.clone(),
        json!({"reassignments": {theirs.as_str(): other_id.as_str()}}),
    )
    .await;
    assert_eq!(
        pointers(&assert_problem(not_owned, 422).await),
        [format!("/reassignments/{theirs}")]
    );
    let to_nobody = delete(
        &admin,
        path.clone(),
        json!({"reassignments": {mine.as_str(): "nobody"}}),
    )
    .await;
    assert_eq!(
        pointers(&assert_problem(to_nobody, 422).await),
        [format!("/reassignments/{mine}")]
    );
    assert_eq!(
        admin
            .post_empty(&format!("/api/admin/users/{other_id}/deactivate"))
            .await
            .status(),
        204
    );
    let to_deactivated = delete(
        &admin,
        path.clone(),
        json!({"reassignments": {mine.as_str(): other_id.as_str()}}),
    )
    .await;
    assert_eq!(
        assert_problem(to_deactivated, 422).await["errors"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    let malformed = delete(&admin, path.clone(), json!({"reassignments": "all"})).await;
    assert_problem(malformed, 422).await;
    assert_eq!(
        user.me().await.status(),
        200,
        "refused deletions change nothing"
    );
    assert_eq!(
        admin.delete(&path).await.status(),
        204,
        "no body: nothing reassigned"
    );
    assert_problem(admin.delete(&path).await, 404).await;
}

#[tokio::test]
async fn assigning_an_orphan_needs_an_admin_an_orphan_and_an_active_user() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (user, user_id) = app.new_user("gone@example.com", "user").await;
    let (other, other_id) = app.new_user("other@example.com", "user").await;
    let orphan = collection(&user, "Orphan").await;
    let owned = collection(&other, "Owned").await;
    assert_eq!(
        admin
            .delete(&format!("/api/admin/users/{user_id}"))
            .await
            .status(),
        204
    );
    let assign = |id: &str| format!("/api/admin/orphaned-collections/{id}/assign");
    let body = json!({"user_id": other_id});

    assert_problem(
        app.anonymous().get("/api/admin/orphaned-collections").await,
        401,
    )
    .await;
    assert_problem(other.get("/api/admin/orphaned-collections").await, 403).await;
    assert_problem(
        app.anonymous().post_json(&assign(&orphan), &body).await,
        401,
    )
    .await;
    assert_problem(other.post_json(&assign(&orphan), &json!({})).await, 403).await;
    assert_problem(
        admin.post_json(&assign("no-such-collection"), &body).await,
        404,
    )
    .await;
    assert_problem(admin.post_json(&assign(&owned), &body).await, 409).await;
    let missing = admin
        .post_json(&assign(&orphan), &json!({"user_id": ""}))
        .await;
    assert_eq!(pointers(&assert_problem(missing, 422).await), ["/user_id"]);
    let unknown = admin
        .post_json(&assign(&orphan), &json!({"user_id": "nobody"}))
        .await;
    assert_eq!(pointers(&assert_problem(unknown, 422).await), ["/user_id"]);
    assert_problem(other.get(&format!("/api/collections/{orphan}")).await, 404).await;
    assert_eq!(admin.post_json(&assign(&orphan), &body).await.status(), 204);
    assert_eq!(
        other.get_json(&format!("/api/collections/{orphan}")).await["viewer_role"],
        "owner"
    );
    assert_problem(admin.post_json(&assign(&orphan), &body).await, 409).await;
}

#[tokio::test]
async fn the_deletion_operations_are_documented_with_every_status() {
    let app = spawn_app().await;
    let yaml = openapi_yaml(&app).await;
    let cases: [(&str, &str, &[&str]); 6] = [
        (
            "/auth/delete-request",
            "request-account-deletion",
            &["'201'", "'401'", "'409'", "'422'", "'429'"],
        ),
        (
            "/admin/users/{id}",
            "admin-delete-user",
            &["'204'", "'401'", "'403'", "'404'", "'409'", "'422'"],
        ),
        (
            "/admin/deletion-requests",
            "admin-list-deletion-requests",
            &["'200'", "'401'", "'403'"],
        ),
        (
            "/admin/deletion-requests/{id}/approve",
            "admin-approve-deletion-request",
            &["'204'", "'401'", "'403'", "'404'", "'409'", "'422'"],
        ),
        (
            "/admin/deletion-requests/{id}/reject",
            "admin-reject-deletion-request",
            &["'204'", "'401'", "'403'", "'404'", "'409'"],
        ),
        (
            "/admin/orphaned-collections/{id}/assign",
            "admin-assign-orphaned-collection",
            &["'204'", "'401'", "'403'", "'404'", "'409'", "'422'"],
        ),
    ];
    for (path, operation, statuses) in cases {
        let block = path_block(&yaml, path);
        assert!(
            block.contains(&format!("operationId: {operation}")),
            "{path}"
        );
        for status in statuses {
            assert!(block.contains(status), "{operation} lacks {status}");
        }
    }
    let orphans = path_block(&yaml, "/admin/orphaned-collections");
    assert!(orphans.contains("OrphanedCollectionOut"));
    assert!(yaml.contains("DeletionRequestItem:"));
}

/// Links a deleted account made end with it (the people it showed the card to lose it), and
/// the card's owners see every link into their cards and may remove any of them, even from a
/// collection they are not a member of; nobody else sees or removes them.
#[tokio::test]
async fn a_deleted_accounts_links_end_and_owners_see_and_remove_every_link() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (owner, _) = app.new_user("owner@example.com", "user").await;
    let (linker, linker_id) = app.new_user("linker@example.com", "user").await;
    let (friend, _) = app.new_user("friend@example.com", "user").await;
    let (reader, _) = app.new_user("reader@example.com", "user").await;
    let home = collection(&owner, "Home").await;
    owner.create_card(&home, "Shared Tale").await;
    let card_id = "shared-tale";
    for (who, into) in [(&linker, "Linker's"), (&friend, "Friend's")] {
        let email = if into == "Linker's" {
            "linker@example.com"
        } else {
            "friend@example.com"
        };
        assert_eq!(owner.add_member(&home, email, "editor").await.status(), 204);
        let theirs = collection(who, into).await;
        assert_eq!(
            who.add_member(&theirs, "reader@example.com", "viewer")
                .await
                .status(),
            204
        );
        let linked = who
            .post_json(
                &format!("/api/collections/{theirs}/cards/link"),
                &json!({"card_id": card_id}),
            )
            .await;
        assert_eq!(linked.status(), 204);
    }
    assert_eq!(reader.get("/api/cards/shared-tale").await.status(), 200);

    // the owner sees both links and who made them; editors and readers see none
    let links = owner.get_json("/api/cards/shared-tale").await["links"].clone();
    let names: Vec<&str> = links
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["collection_name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Friend's", "Linker's"]);
    assert!(links[0]["linked_by"].is_string(), "{links}");
    assert!(linker.get_json("/api/cards/shared-tale").await["links"].is_null());
    assert!(reader.get_json("/api/cards/shared-tale").await["links"].is_null());

    // the linker's account is deleted: their link ends with it, the friend's stays
    let deleted = admin.delete(&format!("/api/admin/users/{linker_id}")).await;
    assert_eq!(deleted.status(), 204);
    let links = owner.get_json("/api/cards/shared-tale").await["links"].clone();
    assert_eq!(links.as_array().unwrap().len(), 1, "{links}");
    assert_eq!(links[0]["collection_name"], "Friend's");

    // only the owner (not a member there) or that collection's editors may take it out
    let friends = links[0]["collection_id"].as_str().unwrap().to_owned();
    let unlink = format!("/api/collections/{friends}/cards/{card_id}/link");
    assert_problem(reader.delete(&unlink).await, 403).await;
    assert_eq!(owner.delete(&unlink).await.status(), 204);
    assert_problem(reader.get("/api/cards/shared-tale").await, 404).await;
    assert_eq!(
        owner.get_json("/api/cards/shared-tale").await["links"],
        json!([])
    );
    assert_problem(owner.delete(&unlink).await, 404).await;
}
