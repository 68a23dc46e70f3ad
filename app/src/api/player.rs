//! Server functions of the player screens: linked accounts, their players and the import
//! library. Actions on players, imports and publishing go through the REST API from the
//! browser (they answer jobs and messages the pages poll or show as they are).

use cardsmith_model::collection::CollectionOut;
use cardsmith_model::device::ListDevicesOutputBody;
use cardsmith_model::import::PlayerLibraryCardOut;
use cardsmith_model::player::PlayerAccountOut;
use cardsmith_model::publish::{PublishSummary, PublishedCardOut};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

#[cfg(feature = "ssr")]
use super::ssr;
use super::UiError;

/// What the accounts page shows.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct AccountsPageData {
    pub accounts: Vec<PlayerAccountOut>,
    /// Why linking is not possible on this server (no client id registered), in words that
    /// say how to fix it; `None` when the Link button works.
    pub link_unavailable: Option<String>,
}

/// Where the caller published cards: what the publish badges compare with, asked again after
/// a publish without reloading the page around them.
#[server(prefix = "/rpc", endpoint = "publish_summaries")]
pub async fn publish_summaries() -> Result<Vec<PublishSummary>, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::player::publish::summaries(&core, &actor).await?)
}

#[server(prefix = "/rpc", endpoint = "accounts_page")]
pub async fn accounts_page() -> Result<AccountsPageData, UiError> {
    use cardsmith_core::player::{self, accounts};
    let (core, actor) = ssr::caller().await?;
    Ok(AccountsPageData {
        accounts: accounts::list(&core, &actor).await?,
        link_unavailable: player::client(&core).err().map(|e| e.to_string()),
    })
}

#[server(prefix = "/rpc", endpoint = "unlink_account")]
pub async fn unlink_account(id: String) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::player::accounts::unlink(&core, &actor, &id).await?)
}

/// What the devices page shows: every player of every linked account (snapshots for
/// accounts the platform could not be asked about) and the accounts themselves.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DevicesPageData {
    pub accounts: Vec<PlayerAccountOut>,
    pub devices: ListDevicesOutputBody,
    /// Per account id, the cards published to it: what its players can be told to play.
    pub published: Vec<(String, Vec<PublishedCardOut>)>,
}

#[server(prefix = "/rpc", endpoint = "devices_page")]
pub async fn devices_page() -> Result<DevicesPageData, UiError> {
    use cardsmith_core::player::{accounts, devices, publish};
    let (core, actor) = ssr::caller().await?;
    // players first: listing them may mark an account as needing relinking, and the page
    // must show the accounts as they are after that (one consistent picture to hydrate)
    let devices = devices::list(&core, &actor).await?;
    let accounts = accounts::list(&core, &actor).await?;
    let mut published = Vec::new();
    for account in &accounts {
        let cards = publish::published_to(&core, &actor, &account.id).await?;
        published.push((account.id.clone(), cards));
    }
    Ok(DevicesPageData {
        devices,
        accounts,
        published,
    })
}

/// What the import page shows: the accounts, the chosen one, its own cards (or why they
/// could not be listed), and the collections an import may go into.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ImportPageData {
    pub accounts: Vec<PlayerAccountOut>,
    pub account_id: Option<String>,
    pub library: Result<Vec<PlayerLibraryCardOut>, String>,
    /// The collections the caller edits.
    pub collections: Vec<CollectionOut>,
    /// The one to offer first: where the caller's last import went, else their default.
    pub preselected: Option<String>,
}

#[server(prefix = "/rpc", endpoint = "import_page")]
pub async fn import_page(account: Option<String>) -> Result<ImportPageData, UiError> {
    use cardsmith_core::player::{accounts, library};
    let (core, actor) = ssr::caller().await?;
    let accounts = accounts::list(&core, &actor).await?;
    let account_id = account
        .filter(|id| accounts.iter().any(|a| &a.id == id))
        .or_else(|| accounts.first().map(|a| a.id.clone()));
    // a library the platform cannot list is shown on the page, which itself still loads
    let library = match &account_id {
        Some(id) => library::list(&core, &actor, id)
            .await
            .map_err(|e| ssr::shown(&e).to_string()),
        None => Ok(Vec::new()),
    };
    let destinations = library::destinations(&core, &actor).await?;
    Ok(ImportPageData {
        accounts,
        account_id,
        library,
        collections: destinations.collections,
        preselected: destinations.preselected,
    })
}

/// Confirms a handed-off player link with the code the person's app shows (public: the
/// browser the platform sent back may have no session here).
#[server(prefix = "/rpc", endpoint = "confirm_player_link", input = leptos::server_fn::codec::Json)]
pub async fn confirm_player_link(
    link_id: String,
    input: cardsmith_model::player::ConfirmLinkInput,
) -> Result<(), UiError> {
    let core = ssr::core();
    Ok(
        cardsmith_core::player::handoff::confirm(&core, &link_id, input, ssr::client().await)
            .await?,
    )
}
