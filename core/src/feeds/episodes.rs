//! One episode onto a feed's card: downloaded into the media store and transcoded as an
//! upload is, or added as a stream track the player fetches itself. Either way the episode is
//! remembered (`feed_episodes`) in the transaction that adds its track, and a refusal comes
//! back as a reason the parent can read.

use std::time::Duration;

use cardsmith_model::track::{source_type, stream_status, stream_url_problem};
use cardsmith_model::validate::NAME_MAX_CHARS;

use super::fetch::{self, Caps, FetchError};
use super::read::Episode;
use super::repo;
use crate::audit::AuditEvent;
use crate::auth::Actor;
use crate::cards::repo::CardRow;
use crate::media::store::IncomingFile;
use crate::tracks::upload::{self, NewStored};
use crate::{tracks, Core, CoreError};

/// How long one episode's download may take.
const EPISODE_TIMEOUT: Duration = Duration::from_secs(10 * 60);
/// How long a stream episode has to answer its first byte.
const STREAM_CHECK_TIMEOUT: Duration = Duration::from_secs(10);

/// Adds `episode` as the card's last track and remembers it; why not, in words for the parent.
pub async fn add_episode(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    stream: bool,
    episode: &Episode,
) -> Result<String, String> {
    let title: String = episode.title.trim().chars().take(NAME_MAX_CHARS).collect();
    let onto = Onto { core, actor, card };
    let added = if stream {
        add_stream(onto, &title, episode).await
    } else {
        add_download(onto, &title, episode).await
    };
    added.map_err(|e| match e {
        Failure::Fetch(e) => e.to_string(),
        Failure::Core(CoreError::Invalid(errors)) => errors
            .iter()
            .map(|e| e.detail.as_str())
            .collect::<Vec<_>>()
            .join("; "),
        Failure::Core(e) => {
            tracing::info!(error = %e, "a feed episode was not added");
            e.user_message()
        }
    })
}

/// The card an episode goes onto, and who adds it.
#[derive(Clone, Copy)]
struct Onto<'a> {
    core: &'a Core,
    actor: &'a Actor,
    card: &'a CardRow,
}

enum Failure {
    Fetch(FetchError),
    Core(CoreError),
}

impl From<CoreError> for Failure {
    fn from(e: CoreError) -> Self {
        Self::Core(e)
    }
}

impl From<sqlx::Error> for Failure {
    fn from(e: sqlx::Error) -> Self {
        Self::Core(e.into())
    }
}

/// Downloads the episode's audio (within the upload size cap, streamed to disk), stores it as
/// an upload is stored and appends its track, its transcode queued.
async fn add_download(onto: Onto<'_>, title: &str, episode: &Episode) -> Result<String, Failure> {
    let Onto { core, actor, card } = onto;
    let limit = core.settings.max_audio_bytes;
    let mut file = IncomingFile::create(&core.settings.data_dir, limit).await?;
    let caps = Caps {
        max_bytes: limit,
        timeout: EPISODE_TIMEOUT,
    };
    fetch::fetch_into(&episode.audio, &super::reach(core), caps, &mut file)
        .await
        .map_err(Failure::Fetch)?;
    let audio = upload::store_file(core, file).await?;
    let hash = audio.hash.clone();
    let new = NewStored {
        title,
        source_type: source_type::FEED,
        audio,
        player: None,
    };
    let added = async {
        let mut tx = core.db.begin().await?;
        let added = upload::insert_stored(&mut tx, core, actor, card, new).await?;
        repo::remember(&mut *tx, &card.id, episode, &added.id).await?;
        upload::commit_added(core, tx, actor, card, &added, None).await?;
        Ok::<_, CoreError>(added.id)
    }
    .await;
    if added.is_err() {
        upload::forget_unused(core, &hash).await?;
    }
    Ok(added?)
}

/// Appends the episode as a stream track: its address is checked by the guard (and asked for
/// its first byte, to say whether it answers), never downloaded.
async fn add_stream(onto: Onto<'_>, title: &str, episode: &Episode) -> Result<String, Failure> {
    let Onto { core, actor, card } = onto;
    if let Some(problem) = stream_url_problem(episode.audio.as_str()) {
        return Err(Failure::Core(CoreError::invalid("stream_url", problem)));
    }
    let status = match fetch::answers(&episode.audio, &super::reach(core), STREAM_CHECK_TIMEOUT)
        .await
    {
        Ok(()) => stream_status::REACHABLE,
        Err(e @ (FetchError::Refused(_) | FetchError::NotHttp)) => return Err(Failure::Fetch(e)),
        Err(_) => stream_status::UNREACHABLE,
    };
    let mut tx = core.db.begin().await?;
    let (id, slug) =
        tracks::stream::insert(&mut tx, core, card, title, &episode.audio, status).await?;
    repo::remember(&mut *tx, &card.id, episode, &id).await?;
    let event = AuditEvent::own(actor, "track.stream_added", format!("{}/{slug}", card.slug));
    tracks::commit_change(tx, &card.id, event).await?;
    Ok(id)
}
