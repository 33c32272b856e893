//! The demo tournament `bitwa serve --demo` loads into an empty database.

use super::error::WebError;
use super::startup::Login;
use crate::store::Db;

/// Load the demo (only into a database without tournaments); the demo logins to print.
///
/// # Errors
/// The database fails.
pub async fn load(_db: &Db) -> Result<Vec<Login>, WebError> {
    Ok(Vec::new())
}
