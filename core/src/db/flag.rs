//! A yes/no read back from either backend.
//!
//! Flags are stored as integer 0/1 columns (SQLite has no boolean type), but an expression
//! such as `EXISTS (…)` or `a = b` is an integer on SQLite and a boolean on PostgreSQL.
//! sqlx's `Any` driver decodes a `bool` from booleans only and an integer from integers
//! only, so a row field that may be either reads as [`Flag`]:
//! `#[sqlx(try_from = "Flag")] is_default: bool`, or `query_scalar::<_, Flag>`.
//! Writing a flag binds an `i64` (0 or 1): [`Flag`] encodes as one.

use sqlx::any::{Any, AnyTypeInfo, AnyTypeInfoKind, AnyValueRef};
use sqlx::encode::IsNull;
use sqlx::error::BoxDynError;
use sqlx::{Decode, Encode, Type, ValueRef};

/// A boolean stored or computed by either backend (see the module's documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flag(pub bool);

impl From<Flag> for bool {
    fn from(flag: Flag) -> Self {
        flag.0
    }
}

impl From<bool> for Flag {
    fn from(value: bool) -> Self {
        Self(value)
    }
}

impl Type<Any> for Flag {
    fn type_info() -> AnyTypeInfo {
        <i64 as Type<Any>>::type_info()
    }

    fn compatible(ty: &AnyTypeInfo) -> bool {
        ty.kind() == AnyTypeInfoKind::Bool || ty.kind().is_integer()
    }
}

impl<'r> Decode<'r, Any> for Flag {
    fn decode(value: AnyValueRef<'r>) -> Result<Self, BoxDynError> {
        if value.type_info().kind() == AnyTypeInfoKind::Bool {
            Ok(Self(<bool as Decode<Any>>::decode(value)?))
        } else {
            Ok(Self(<i64 as Decode<Any>>::decode(value)? != 0))
        }
    }
}

impl<'q> Encode<'q, Any> for Flag {
    fn encode_by_ref(
        &self,
        buf: &mut <Any as sqlx::Database>::ArgumentBuffer<'q>,
    ) -> Result<IsNull, BoxDynError> {
        <i64 as Encode<Any>>::encode_by_ref(&i64::from(self.0), buf)
    }
}
