//! Errors the service returns. They serialize as `{ code, message }` so the UI can branch on a
//! stable code and show the message.

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

/// What can go wrong in a service call.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// The request named something the service does not know.
    #[error("unknown request: {0}")]
    UnknownRequest(String),
    /// The request body could not be read.
    #[error("bad request: {0}")]
    BadRequest(String),
    /// The game data built into this binary is broken (a build problem, not a player's).
    #[error("{0}")]
    InvalidContent(String),
}

impl ServiceError {
    /// A stable machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            ServiceError::UnknownRequest(_) => "unknown_request",
            ServiceError::BadRequest(_) => "bad_request",
            ServiceError::InvalidContent(_) => "invalid_content",
        }
    }
}

impl Serialize for ServiceError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("ServiceError", 2)?;
        s.serialize_field("code", self.code())?;
        s.serialize_field("message", &self.to_string())?;
        s.end()
    }
}

/// Result of a service call.
pub type ServiceResult<T> = Result<T, ServiceError>;
