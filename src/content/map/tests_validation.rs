//! Tests that broken map data is reported with file, item and field.
