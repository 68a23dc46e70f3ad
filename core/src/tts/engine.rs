//! Detecting the engines and running one.

use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use tokio::io::AsyncWriteExt;
use tokio::process::Command;
use tokio::sync::OnceCell;

use super::voice::{is_plain_name, EngineKind, Voice, VoiceId};
use crate::{CoreError, CoreResult};

/// Longest a voice listing may take at detection.
const DETECT_TIMEOUT: Duration = Duration::from_secs(10);

/// flite's voices: a name for people, the language and what they sound like (its `-lv`
/// lists only ids).
const FLITE_VOICES: &[(&str, &str, &str)] = &[
    ("slt", "SLT", "English (US), female, clear (the default)"),
    ("rms", "RMS", "English (US), male"),
    ("awb", "AWB", "English (Scottish), male"),
    ("kal", "Kal", "English (US), male, robotic"),
    ("kal16", "Kal 16 kHz", "English (US), male, robotic"),
    (
        "awb_time",
        "AWB time",
        "English (Scottish), male, speaks clock times only",
    ),
];

/// espeak-ng variants offered in voice lists (any installed variant is accepted).
const LISTED_ESPEAK_VARIANTS: &[&str] = &["f1", "f2", "f3", "f4", "m1", "m3", "m7"];
/// espeak-ng languages whose variants are listed; other languages are listed plain.
const LISTED_ESPEAK_VARIANT_LANGUAGES: &[&str] = &["en-us", "en-gb"];

/// What this server can speak with, found by asking each engine binary.
#[derive(Debug, Clone, Default)]
pub struct Engines {
    /// espeak-ng's languages (without the MBROLA ones, which need files Debian cannot ship),
    /// `None` when espeak-ng is not installed.
    espeak_languages: Option<Vec<String>>,
    /// The language names espeak-ng lists (`en-us` → "English (America)").
    espeak_names: std::collections::HashMap<String, String>,
    espeak_variants: Vec<String>,
    /// flite's built-in voices, `None` when flite is not installed.
    flite_voices: Option<Vec<String>>,
}

static ENGINES: OnceCell<Engines> = OnceCell::const_new();

/// The engines of this process, detected on the first call (the server calls it at start so
/// the log says which exist).
pub async fn engines() -> &'static Engines {
    ENGINES.get_or_init(detect).await
}

/// Asks `espeak-ng` and `flite` for their voices; an engine that is missing or does not
/// answer is absent.
pub async fn detect() -> Engines {
    let (languages, variants, flite) = tokio::join!(
        list("espeak-ng", &["--voices"]),
        list("espeak-ng", &["--voices=variant"]),
        list("flite", &["-lv"]),
    );
    let espeak_names = languages.as_deref().map(espeak_names).unwrap_or_default();
    let engines = Engines {
        espeak_languages: languages.map(|out| espeak_languages(&out)),
        espeak_names,
        espeak_variants: variants
            .map(|out| espeak_variants(&out))
            .unwrap_or_default(),
        flite_voices: flite.map(|out| flite_voices(&out)),
    };
    tracing::info!(
        espeak_ng = engines.espeak_languages.as_ref().map_or(0, Vec::len),
        flite = engines.flite_voices.as_ref().map_or(0, Vec::len),
        "offline voices detected (languages / voices per engine; 0 = not installed)"
    );
    engines
}

impl Engines {
    /// Whether `id` names a voice this server has.
    pub fn knows(&self, id: &str) -> bool {
        VoiceId::parse(id).is_ok_and(|v| self.check(&v).is_ok())
    }

    pub fn has_espeak(&self) -> bool {
        self.espeak_languages.is_some()
    }

    pub fn has_flite(&self) -> bool {
        self.flite_voices.is_some()
    }

    /// 409 when the voice's engine is missing, 422 when the engine has no such voice.
    pub fn check(&self, voice: &VoiceId) -> CoreResult<()> {
        let unknown = || {
            CoreError::invalid(
                "voice",
                format!("{} is not a voice of this server", voice.id()),
            )
        };
        let missing = || {
            CoreError::Conflict(format!(
                "the {} engine is not installed on this server",
                voice.engine.prefix()
            ))
        };
        match voice.engine {
            EngineKind::Espeak => {
                let languages = self.espeak_languages.as_ref().ok_or_else(missing)?;
                let variant_ok = voice
                    .variant
                    .as_ref()
                    .is_none_or(|v| self.espeak_variants.contains(v));
                if languages.contains(&voice.name) && variant_ok {
                    Ok(())
                } else {
                    Err(unknown())
                }
            }
            EngineKind::Flite => {
                let voices = self.flite_voices.as_ref().ok_or_else(missing)?;
                if voices.contains(&voice.name) {
                    Ok(())
                } else {
                    Err(unknown())
                }
            }
        }
    }

    /// The voices to offer: every flite voice; every espeak-ng language once (its default
    /// voice), and for English a few female and male variants too.
    pub fn voices(&self) -> Vec<Voice> {
        let mut out = Vec::new();
        for id in self.flite_voices.iter().flatten() {
            let (name, description) = FLITE_VOICES
                .iter()
                .find(|(v, _, _)| v == id)
                .map_or((id.as_str(), "English"), |(_, n, d)| (*n, *d));
            out.push(Voice {
                id: format!("flite:{id}"),
                name: format!("{name} (flite)"),
                provider: "flite".into(),
                description: description.into(),
            });
        }
        for language in self.espeak_languages.iter().flatten() {
            let label = self
                .espeak_names
                .get(language)
                .cloned()
                .unwrap_or_else(|| language.clone());
            out.push(espeak_voice(language, &label, None));
            if LISTED_ESPEAK_VARIANT_LANGUAGES.contains(&language.as_str()) {
                for variant in LISTED_ESPEAK_VARIANTS {
                    if self.espeak_variants.iter().any(|v| v == variant) {
                        out.push(espeak_voice(language, &label, Some(variant)));
                    }
                }
            }
        }
        out
    }
}

/// One espeak-ng voice; `label` is the language in words ("English (America)").
fn espeak_voice(language: &str, label: &str, variant: Option<&str>) -> Voice {
    let character = match variant.map(|v| (v.as_bytes()[0], &v[1..])) {
        Some((b'f', n)) => format!("female {n}"),
        Some((_, n)) => format!("male {n}"),
        None => "default voice".to_owned(),
    };
    let id = match variant {
        Some(v) => format!("espeak:{language}+{v}"),
        None => format!("espeak:{language}"),
    };
    Voice {
        id,
        name: format!("{label}, {character} (espeak-ng)"),
        provider: "espeak".into(),
        description: format!("{label} [{language}], {character}, robotic"),
    }
}

/// The output of a listing command, or `None` when it is missing, fails or hangs.
async fn list(program: &str, args: &[&str]) -> Option<String> {
    let run = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .output();
    match tokio::time::timeout(DETECT_TIMEOUT, run).await {
        Ok(Ok(out)) if out.status.success() => Some(String::from_utf8_lossy(&out.stdout).into()),
        Ok(Ok(out)) => {
            tracing::info!(program, status = %out.status, "speech engine listing failed");
            None
        }
        Ok(Err(e)) => {
            tracing::info!(program, error = %e, "speech engine not available");
            None
        }
        Err(_) => {
            tracing::warn!(program, "speech engine listing timed out");
            None
        }
    }
}

/// `espeak-ng --voices`: a header, then `Pty Language Age/Gender VoiceName File Other`.
fn espeak_languages(listing: &str) -> Vec<String> {
    let mut out: Vec<String> = listing
        .lines()
        .skip(1)
        .filter_map(|line| {
            let cols: Vec<&str> = line.split_whitespace().collect();
            let (language, file) = (cols.get(1)?, cols.get(4)?);
            // MBROLA voices need data files that are not installed
            (!file.starts_with("mb/") && is_plain_name(language)).then(|| (*language).to_owned())
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// `espeak-ng --voices`' VoiceName column per language, underscores as spaces
/// (`English_(America)` → "English (America)"); the first listing of a language wins.
fn espeak_names(listing: &str) -> std::collections::HashMap<String, String> {
    let mut names = std::collections::HashMap::new();
    for line in listing.lines().skip(1) {
        let cols: Vec<&str> = line.split_whitespace().collect();
        if let (Some(language), Some(name), Some(file)) = (cols.get(1), cols.get(3), cols.get(4)) {
            if !file.starts_with("mb/") {
                let name = name.replace('_', " ").trim().to_owned();
                names.entry((*language).to_owned()).or_insert(name);
            }
        }
    }
    names
}

/// `espeak-ng --voices=variant`: the File column is `!v/<variant>`.
fn espeak_variants(listing: &str) -> Vec<String> {
    listing
        .lines()
        .skip(1)
        .filter_map(|line| line.split_whitespace().nth(4)?.strip_prefix("!v/"))
        .filter(|v| is_plain_name(v))
        .map(str::to_owned)
        .collect()
}

/// `flite -lv`: `Voices available: kal awb_time kal16 awb rms slt`.
fn flite_voices(listing: &str) -> Vec<String> {
    listing
        .split_once(':')
        .map_or("", |(_, names)| names)
        .split_whitespace()
        .filter(|v| is_plain_name(v))
        .map(str::to_owned)
        .collect()
}

/// Runs the engine for `voice`, writing `out`. The text never reaches the command line:
/// espeak-ng reads it from stdin, flite from a file next to `out`.
pub(super) async fn run(
    voice: &VoiceId,
    text: &str,
    out: &Path,
    limit: Duration,
) -> CoreResult<()> {
    let mut command;
    let mut text_file = None;
    let stdin_text;
    match voice.engine {
        EngineKind::Espeak => {
            command = crate::priority::command("espeak-ng");
            // -b 1: the text is UTF-8; --stdin: read it from there
            command
                .arg("-b")
                .arg("1")
                .arg("-v")
                .arg(voice.id().trim_start_matches("espeak:"))
                .arg("-w")
                .arg(out)
                .arg("--stdin");
            stdin_text = Some(text);
        }
        EngineKind::Flite => {
            let path = out.with_extension("txt");
            tokio::fs::write(&path, text)
                .await
                .map_err(|e| CoreError::internal("writing the text for flite", e))?;
            command = crate::priority::command("flite");
            command
                .arg("-voice")
                .arg(&voice.name)
                .arg("-f")
                .arg(&path)
                .arg("-o")
                .arg(out);
            text_file = Some(TextFile(path));
            stdin_text = None;
        }
    }
    let result = run_bounded(command, stdin_text, limit).await;
    drop(text_file);
    result.inspect_err(|_| {
        let _ = std::fs::remove_file(out);
    })
}

/// Deletes flite's input file however the run ends.
struct TextFile(std::path::PathBuf);

impl Drop for TextFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

async fn run_bounded(
    mut command: Command,
    stdin_text: Option<&str>,
    limit: Duration,
) -> CoreResult<()> {
    let program = command
        .as_std()
        .get_program()
        .to_string_lossy()
        .into_owned();
    command
        .stdin(if stdin_text.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    let mut child = command
        .spawn()
        .map_err(|e| CoreError::internal(&format!("starting {program}"), e))?;
    let stdin = child.stdin.take();
    let work = async {
        if let (Some(mut stdin), Some(text)) = (stdin, stdin_text) {
            stdin.write_all(text.as_bytes()).await?;
            stdin.shutdown().await?;
        }
        child.wait_with_output().await
    };
    let output = match tokio::time::timeout(limit, work).await {
        Ok(Ok(output)) => output,
        Ok(Err(e)) => return Err(CoreError::internal(&format!("running {program}"), e)),
        Err(_) => {
            // dropping the future drops the child, which kill_on_drop kills
            tracing::warn!(
                program,
                limit_s = limit.as_secs(),
                "speech engine timed out"
            );
            return Err(CoreError::Internal(format!("{program} timed out")));
        }
    };
    if output.status.success() {
        return Ok(());
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    tracing::warn!(program, status = %output.status, stderr = %stderr.trim(), "speech engine failed");
    Err(CoreError::Internal(format!("{program} failed")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listings_are_parsed_without_mbrola_voices() {
        let voices = "Pty Language       Age/Gender VoiceName          File                 Other Languages\n \
             2  en-gb           --/M      English_(Great_Britain) gmw/en               (en 2)\n \
             5  en-us           --/M      us-mbrola-2        mb/mb-us2            (en 7)\n \
             2  en-us           --/M      English_(America)  gmw/en-US            (en 3)\n";
        assert_eq!(espeak_languages(voices), vec!["en-gb", "en-us"]);
        let names = espeak_names(voices);
        assert_eq!(
            names["en-us"], "English (America)",
            "not the MBROLA voice's name"
        );
        assert_eq!(names["en-gb"], "English (Great Britain)");
        let variants = "Pty Language Age/Gender VoiceName File Other\n 5  variant --/F Alicia !v/Alicia\n 5 variant --/F f3 !v/f3\n";
        assert_eq!(espeak_variants(variants), vec!["Alicia", "f3"]);
        assert_eq!(
            flite_voices("Voices available: kal awb_time slt \n"),
            vec!["kal", "awb_time", "slt"]
        );
    }
}
