//! An optional floating-point parameter that binds the same way whether or not it is set.
//!
//! sqlx 0.8's `Any` driver hands a `None` of `f64` to PostgreSQL as a 4-byte `real` (its
//! table of null kinds swaps `Real` and `Double`), while `Some` is an 8-byte `double
//! precision`. PostgreSQL fixes a statement's parameter types when the connection first
//! prepares it, so once a statement ran with a `None`, the same statement with a value fails
//! ("incorrect binary data format"). Binding an `Option<f64>` as [`OptionalReal`] sends
//! `None` as the 8-byte kind, so the types always match. SQLite is not affected either way.

use sqlx::any::{Any, AnyTypeInfo};
use sqlx::encode::IsNull;
use sqlx::error::BoxDynError;
use sqlx::{Encode, Type};

/// `Option<f64>` as a query parameter (see the module's documentation).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OptionalReal(pub Option<f64>);

impl Type<Any> for OptionalReal {
    fn type_info() -> AnyTypeInfo {
        <f64 as Type<Any>>::type_info()
    }
}

impl<'q> Encode<'q, Any> for OptionalReal {
    fn encode_by_ref(
        &self,
        buf: &mut <Any as sqlx::Database>::ArgumentBuffer<'q>,
    ) -> Result<IsNull, BoxDynError> {
        match self.0 {
            Some(value) => <f64 as Encode<Any>>::encode_by_ref(&value, buf),
            // the null of the 4-byte kind is the one the driver sends as an 8-byte double;
            // should a later sqlx fix its table, the import test's second publish of a
            // track without a duration fails again and this becomes `None::<f64>`
            None => <Option<f32> as Encode<Any>>::encode_by_ref(&None, buf),
        }
    }
}
