//! The shape every cause of a refusal shares: a closed list of reasons, each with a stable
//! snake_case key (its serialized form, and the second half of the refusal's help key
//! `unreachable.needs_ship`) and a phrase in a player's words that follows the refusal
//! ("York cannot be reached by that move: it lies across the sea…").

/// Declares a cause enum: each variant with the phrase a player reads. The phrase is the
/// variant's doc and its `Display`; the key is its snake_case name.
macro_rules! causes {
    ($(#[$meta:meta])* $name:ident { $($variant:ident => $text:literal,)+ }) => {
        $(#[$meta])*
        #[derive(
            Clone,
            Copy,
            Debug,
            PartialEq,
            Eq,
            serde::Serialize,
            serde::Deserialize,
            strum::VariantArray,
            strum::IntoStaticStr,
        )]
        #[serde(rename_all = "snake_case")]
        #[strum(serialize_all = "snake_case")]
        pub enum $name {
            $(#[doc = $text] $variant,)+
        }

        impl $name {
            /// The cause's stable key (`needs_ship`), as it is serialized.
            pub fn key(self) -> &'static str {
                self.into()
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(match self {
                    $($name::$variant => $text,)+
                })
            }
        }
    };
}

pub(crate) use causes;
