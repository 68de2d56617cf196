//! [`Key`]: the interned string key inside every id (`super::ids`). Each distinct key is
//! stored once for the life of the process, with its hash, and a key is a reference to that
//! one entry: copying, equality (the same entry) and hashing (the stored hash) never read the
//! string. The order is the string's, so maps keyed by ids iterate as plain strings would.
//!
//! The table holds only the keys met: the content's ~2,000 and what input brings. Input
//! (logs, codes, requests) may add keys only while fewer than [`MAX_KEYS`] are held, so a
//! stream of forged keys cannot grow it without end. (A general interning crate was tried
//! first: it reserves ~8 MB of tables up front, which the app's memory budget cannot spare.)

use rustc_hash::FxHashMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{LazyLock, PoisonError, RwLock};

/// How many distinct keys the process interns from outside input before it refuses new ones.
const MAX_KEYS: usize = 1 << 16;

/// One interned key: its string and its hash, made once and never freed.
struct Entry {
    key: &'static str,
    hash: u64,
    /// The string's first 16 bytes, big-endian, zero-padded: two that differ order their keys
    /// as the strings do (equal ones leave it to the strings), so most comparisons in a map's
    /// search never call `memcmp`.
    prefix: u128,
}

/// Every key interned so far, by its string.
static TABLE: LazyLock<RwLock<FxHashMap<&'static str, &'static Entry>>> =
    LazyLock::new(|| RwLock::new(FxHashMap::default()));

/// The entry of `key`, if it is interned.
fn find(key: &str) -> Option<&'static Entry> {
    let table = TABLE.read().unwrap_or_else(PoisonError::into_inner);
    table.get(key).copied()
}

/// The entry of `key`, interned now if it is new and `admit` allows a table of that size.
/// (Two threads adding at once may each pass `admit`: the cap is a bound on growth, not a
/// count to the key.)
fn intern(key: &str, admit: impl Fn(usize) -> bool) -> Option<&'static Entry> {
    find(key).or_else(|| admit(held()).then(|| Key::new(key).0))
}

/// How many keys the table holds.
fn held() -> usize {
    TABLE.read().unwrap_or_else(PoisonError::into_inner).len()
}

/// Adds `key`, not yet in `table`, to it.
fn add(table: &mut FxHashMap<&'static str, &'static Entry>, key: &str) -> &'static Entry {
    let key: &'static str = Box::leak(key.into());
    // FxHash of the string: the same for a key in every run, so hashed maps behave alike.
    let mut hasher = rustc_hash::FxHasher::default();
    key.hash(&mut hasher);
    let entry: &'static Entry = Box::leak(Box::new(Entry {
        key,
        hash: hasher.finish(),
        prefix: prefix_of(key),
    }));
    table.insert(key, entry);
    entry
}

/// The first 16 bytes of `key` as a big-endian number, zero-padded.
fn prefix_of(key: &str) -> u128 {
    let mut bytes = [0u8; 16];
    let head = &key.as_bytes()[..key.len().min(16)];
    bytes[..head.len()].copy_from_slice(head);
    u128::from_be_bytes(bytes)
}

/// Whether a new key from outside input may be interned beside `entries` others.
fn admits_new(entries: usize) -> bool {
    entries < MAX_KEYS
}

/// An interned key (see the module's documentation).
#[derive(Clone, Copy)]
pub(crate) struct Key(&'static Entry);

impl Key {
    /// Interns `key` (the content's and the code's own keys: a bounded set).
    pub fn new(key: &str) -> Self {
        if let Some(entry) = find(key) {
            return Self(entry);
        }
        let mut table = TABLE.write().unwrap_or_else(PoisonError::into_inner);
        Self(match table.get(key) {
            Some(entry) => entry,
            None => add(&mut table, key),
        })
    }

    /// Interns `key` from outside input, refusing a new key once the table is full.
    fn from_input(key: &str) -> Option<Self> {
        intern(key, admits_new).map(Self)
    }

    /// The key of `key` if it is interned; never adds it.
    pub fn existing(key: &str) -> Option<Self> {
        find(key).map(Self)
    }

    /// The string key.
    pub fn as_str(&self) -> &'static str {
        self.0.key
    }
}

impl PartialEq for Key {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Key {}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.0.hash);
    }
}

impl Ord for Key {
    fn cmp(&self, other: &Self) -> Ordering {
        if self == other {
            return Ordering::Equal;
        }
        // Prefixes that differ order the strings (a shorter string padded with zeros sorts
        // before any longer one it begins); equal prefixes leave it to the strings.
        match self.0.prefix.cmp(&other.0.prefix) {
            Ordering::Equal => self.as_str().cmp(other.as_str()),
            order => order,
        }
    }
}

impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Debug for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl Serialize for Key {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl serde::de::Visitor<'_> for KeyVisitor {
            type Value = Key;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a key string")
            }
            fn visit_str<E: serde::de::Error>(self, key: &str) -> Result<Key, E> {
                Key::from_input(key).ok_or_else(|| {
                    E::custom(format!(
                        "unknown key {key:?}: too many distinct keys already read"
                    ))
                })
            }
        }
        deserializer.deserialize_str(KeyVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::{Key, MAX_KEYS, admits_new, intern};

    #[test]
    fn one_entry_per_key() {
        let a = Key::new("key_test_one_entry");
        let b = Key::new(&String::from("key_test_one_entry"));
        assert!(std::ptr::eq(a.0, b.0));
        assert_eq!(a, b);
        assert_ne!(a, Key::new("key_test_another"));
        assert_eq!(Key::existing("key_test_one_entry"), Some(a));
    }

    #[test]
    fn a_full_table_refuses_new_input_keys_but_not_known_ones() {
        let known = Key::new("key_test_known");
        // A table at its cap: a known key still reads, a new one is refused.
        assert!(intern("key_test_known", |_| false).is_some_and(|e| std::ptr::eq(e, known.0)));
        assert!(intern("key_test_never_admitted", |_| false).is_none());
        assert_eq!(Key::existing("key_test_never_admitted"), None);
        assert!(admits_new(0));
        assert!(admits_new(MAX_KEYS - 1));
        assert!(!admits_new(MAX_KEYS));
    }

    #[test]
    fn keys_order_as_their_strings() {
        let words = [
            "",
            "a",
            "a\u{0}",
            "a\u{0}b",
            "ab",
            "abc",
            "b",
            "area_alnwick",
            "area_alnwick_x",
            "area_alnwicl",
            "abcdefghijklmnop",
            "abcdefghijklmnoq",
            "abcdefghijklmnopq",
            "abcdefghijklmnopa",
            "abcdefghijklmno",
            "C07",
            "C7",
            "neville",
            "\u{0}",
            "é",
            "z",
        ];
        for a in words {
            for b in words {
                assert_eq!(
                    Key::new(a).cmp(&Key::new(b)),
                    a.cmp(b),
                    "{a:?} against {b:?}"
                );
            }
        }
    }

    #[test]
    fn the_hash_is_the_same_in_every_run() {
        use std::hash::{Hash, Hasher};
        let mut h = rustc_hash::FxHasher::default();
        Key::new("neville").hash(&mut h);
        let mut expected = rustc_hash::FxHasher::default();
        let mut inner = rustc_hash::FxHasher::default();
        "neville".hash(&mut inner);
        expected.write_u64(inner.finish());
        assert_eq!(h.finish(), expected.finish());
    }
}
