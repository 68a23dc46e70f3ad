//! Lenient (de)serialisers for values whose wire type varies between sources.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

/// Audio channel layout. The card schema says `"stereo"|"mono"`; the transcoder has been seen
/// answering `1`/`2`. We read both and always write the string form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channels {
    Mono,
    Stereo,
}

impl Serialize for Channels {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match self {
            Self::Mono => "mono",
            Self::Stereo => "stereo",
        })
    }
}

impl<'de> Deserialize<'de> for Channels {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Value::deserialize(d)? {
            Value::String(s) if s.eq_ignore_ascii_case("mono") => Ok(Self::Mono),
            Value::Number(n) if n.as_u64() == Some(1) => Ok(Self::Mono),
            // Stereo for "stereo", 2, and anything multi-channel we do not model.
            _ => Ok(Self::Stereo),
        }
    }
}

/// Optional numbers that may arrive as JSON numbers or numeric strings, written back as
/// integers when whole (durations and sizes are integers on the wire).
pub mod opt_number {
    use super::*;

    pub fn serialize<S: Serializer>(value: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
        match value {
            Some(v) if v.fract() == 0.0 && v.abs() < 9.0e15 => s.serialize_i64(*v as i64),
            Some(v) => s.serialize_f64(*v),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
        Ok(match Option::<Value>::deserialize(d)? {
            Some(Value::Number(n)) => n.as_f64(),
            Some(Value::String(s)) => s.trim().parse().ok(),
            _ => None,
        })
    }
}

/// Optional booleans that may arrive as `true`, `1` or `"1"`.
pub mod opt_flag {
    use super::*;

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<bool>, D::Error> {
        Ok(match Option::<Value>::deserialize(d)? {
            Some(Value::Bool(b)) => Some(b),
            Some(Value::Number(n)) => n.as_f64().map(|v| v != 0.0),
            Some(Value::String(s)) => match s.trim() {
                "1" | "true" => Some(true),
                "0" | "false" => Some(false),
                _ => None,
            },
            _ => None,
        })
    }
}

/// Optional strings that some sources send as numbers (ids, codes).
pub mod opt_text {
    use super::*;

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
        Ok(match Option::<Value>::deserialize(d)? {
            Some(Value::String(s)) => Some(s),
            Some(Value::Number(n)) => Some(n.to_string()),
            Some(Value::Bool(b)) => Some(b.to_string()),
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize, Deserialize)]
    struct N {
        #[serde(default, with = "opt_number")]
        n: Option<f64>,
    }

    #[test]
    fn numbers_round_trip_as_integers() {
        let n: N = serde_json::from_str(r#"{"n":"533"}"#).unwrap();
        assert_eq!(n.n, Some(533.0));
        assert_eq!(serde_json::to_string(&n).unwrap(), r#"{"n":533}"#);
        let n: N = serde_json::from_str(r#"{"n":1.5}"#).unwrap();
        assert_eq!(serde_json::to_string(&n).unwrap(), r#"{"n":1.5}"#);
        let n: N = serde_json::from_str(r#"{"n":{}}"#).unwrap();
        assert_eq!(n.n, None);
    }

    #[test]
    fn channels_accept_numbers() {
        let c: Vec<Channels> = serde_json::from_str(r#"["mono",1,2,"stereo"]"#).unwrap();
        assert_eq!(
            c,
            [
                Channels::Mono,
                Channels::Mono,
                Channels::Stereo,
                Channels::Stereo
            ]
        );
        assert_eq!(serde_json::to_string(&Channels::Mono).unwrap(), r#""mono""#);
    }
}
