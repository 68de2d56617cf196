//! A text as a QR code, for a phone's camera: the share dialog's link or line. Must not hold
//! rule logic.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::core::Service;
use super::error::{ServiceError, ServiceResult};
use super::phone::qr_svg;

/// The most characters put in a QR code (a large code still reads from a screen).
pub const MAX_QR_CHARS: usize = 1200;

/// A text to draw as a QR code.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct QrText {
    /// The text (a link, a share line).
    pub text: String,
}

/// A QR code.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct QrPicture {
    /// The code as an SVG picture.
    pub svg: String,
}

impl Service {
    /// `text` as a QR code.
    pub fn qr(&self, request: &QrText) -> ServiceResult<QrPicture> {
        let chars = request.text.chars().count();
        if chars == 0 || chars > MAX_QR_CHARS {
            return Err(ServiceError::BadRequest(format!(
                "a QR code holds 1 to {MAX_QR_CHARS} characters, not {chars}"
            )));
        }
        Ok(QrPicture {
            svg: qr_svg(&request.text)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_becomes_a_picture_and_an_empty_or_huge_text_is_refused() {
        let service = Service::new();
        let picture = service
            .qr(&QrText {
                text: "http://127.0.0.1:8420/?view=verify#W2-abc".to_owned(),
            })
            .unwrap();
        assert!(picture.svg.contains("<svg"));
        for text in [String::new(), "x".repeat(MAX_QR_CHARS + 1)] {
            assert!(matches!(
                service.qr(&QrText { text }),
                Err(ServiceError::BadRequest(_))
            ));
        }
    }
}
