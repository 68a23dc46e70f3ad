//! A drop as the API answers it: its files, and the plan they make worked out afresh from
//! them (so it follows every file that lands, and the grouping the parent picks).

use cardsmith_model::drop::{
    DropCardPlan, DropCoverOut, DropFileKind, DropFileOut, DropGrouping, DropOut, DropPlanOut,
    DropRefusedOut, DropState, DropTrackPlan,
};

use super::plan::{self, Cover, DroppedFile, FileKind, Grouping};
use super::repo::{self, kind, state, DropFileRow, DropRow};
use crate::{Core, CoreResult};

/// Drop `drop` with its files and its plan `grouping`'s way.
pub async fn drop_out(core: &Core, drop: &DropRow, grouping: DropGrouping) -> CoreResult<DropOut> {
    let rows = repo::files(core.db.pool(), &drop.id).await?;
    let files: Vec<DroppedFile> = rows.iter().map(dropped).collect();
    let planned = plan::plan(&files, grouping_of(grouping), &drop.name);
    // each file's facts were read once, into `files`
    let durations: std::collections::HashMap<&str, i64> = files
        .iter()
        .filter_map(|f| match &f.kind {
            FileKind::Audio(facts) => Some((f.path.as_str(), facts.duration_ms?)),
            _ => None,
        })
        .collect();
    let duration = |path: &str| durations.get(path).copied();
    let cards = planned
        .cards
        .into_iter()
        .map(|card| DropCardPlan {
            title: card.title,
            folder: card.folder,
            cover: card.cover.map(|cover| match cover {
                Cover::File(path) => DropCoverOut {
                    path,
                    embedded: false,
                },
                Cover::Embedded(path) => DropCoverOut {
                    path,
                    embedded: true,
                },
            }),
            tracks: card
                .tracks
                .into_iter()
                .map(|track| DropTrackPlan {
                    duration_ms: duration(&track.path),
                    icon_confidence: track.icon.as_ref().map(|(_, sure)| *sure),
                    icon: track.icon.map(|(glyph, _)| glyph),
                    path: track.path,
                    title: track.title,
                })
                .collect(),
        })
        .collect();
    Ok(DropOut {
        id: drop.id.clone(),
        collection_id: drop.collection_id.clone(),
        name: drop.name.clone(),
        state: match drop.state.as_str() {
            state::MADE => DropState::Made,
            state::MAKING => DropState::Making,
            _ => DropState::Open,
        },
        created_at: drop.created_at.clone(),
        files: rows.iter().map(file_out).collect(),
        plan: DropPlanOut {
            grouping,
            cards,
            refused: planned
                .refused
                .into_iter()
                .map(|(path, reason)| DropRefusedOut { path, reason })
                .collect(),
            left_out: planned.left_out,
        },
        made_cards: drop
            .made_cards
            .as_deref()
            .and_then(|m| serde_json::from_str(m).ok())
            .unwrap_or_default(),
    })
}

pub fn file_out(row: &DropFileRow) -> DropFileOut {
    DropFileOut {
        path: row.path.clone(),
        size_bytes: row.size_bytes,
        kind: match row.kind.as_str() {
            kind::AUDIO => DropFileKind::Audio,
            kind::IMAGE => DropFileKind::Image,
            kind::UNUSABLE => DropFileKind::Unusable,
            _ => DropFileKind::Other,
        },
        reason: row.reason.clone(),
        duration_ms: row.facts().and_then(|f| f.duration_ms),
    }
}

/// The stored file as the planner takes it.
pub fn dropped(row: &DropFileRow) -> DroppedFile {
    let kind = match row.kind.as_str() {
        kind::AUDIO => FileKind::Audio(row.facts().unwrap_or_default()),
        kind::IMAGE => FileKind::Image,
        kind::UNUSABLE => FileKind::Unusable(row.reason.clone().unwrap_or_default()),
        _ => FileKind::Other,
    };
    DroppedFile {
        path: row.path.clone(),
        kind,
    }
}

fn grouping_of(grouping: DropGrouping) -> Grouping {
    match grouping {
        DropGrouping::PerFolder => Grouping::PerFolder,
        DropGrouping::OneCard => Grouping::OneCard,
    }
}
