//! Ids the content contract fixes and the Event deck checks locally, so a mistake is reported
//! with a precise reason before the cross-part checks of [`crate::content::Content`] run:
//! the 24 Noble families, the kinds of Crown card by id range, the Offices that own ships, and
//! the places Plague may strike. (The map and the cards still define these ids; the Event deck
//! also lists every id it names in `references()`.)

/// The 24 Noble families (contract; de Vere is new in Kingmaker II).
pub const NOBLES: [&str; 24] = [
    "beaufort",
    "courtenay",
    "de_vere",
    "fitzalan",
    "mowbray",
    "neville",
    "percy",
    "pole",
    "stafford",
    "talbot",
    "audley",
    "berkeley",
    "bourchier",
    "clifford",
    "cromwell",
    "grey",
    "greystoke",
    "hastings",
    "herbert",
    "holland",
    "howard",
    "roos",
    "scrope",
    "stanley",
];

/// Whether `key` is one of the 24 Noble families.
pub fn is_noble(key: &str) -> bool {
    NOBLES.contains(&key)
}

/// The number of a Crown card id `C01`-`C74`, if well formed.
pub fn crown_number(key: &str) -> Option<u8> {
    let digits = key.strip_prefix('C')?;
    if digits.len() != 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: u8 = digits.parse().ok()?;
    (1..=74).contains(&n).then_some(n)
}

/// Whether a Crown card can make a Noble answer a Raid or Revolt: a Bishop (C01-C06), an
/// Office (C31-C44) or a Title (C45-C53) (001 L629).
pub fn is_summonable_card(key: &str) -> bool {
    matches!(crown_number(key), Some(1..=6 | 31..=53))
}

/// Whether a Crown card is a Mercenary (C67-C74).
pub fn is_mercenary(key: &str) -> bool {
    matches!(crown_number(key), Some(67..=74))
}

/// The Offices that own ships, and how many (contract: Admiral 2, Warden of the Cinque Ports
/// 2, Lord of the Isle of Wight 1).
pub const OFFICE_SHIPS: [(&str, u8); 3] = [("C31", 2), ("C42", 2), ("C43", 1)];

/// How many ships the Office `key` owns (0 if none).
pub fn office_ships(key: &str) -> u8 {
    OFFICE_SHIPS
        .iter()
        .find(|(office, _)| *office == key)
        .map_or(0, |(_, ships)| *ships)
}

/// Every place Plague may strike: the 4 Cities, the fortified Towns including Calais, and the
/// 3 Open Towns of the classic gazetteer (000 L1280-1413), all kept on the KII map. Castles and
/// unfortified towns are never struck (001 L691; ruling Z10).
pub const PLAGUE_PLACES: [&str; 30] = [
    // Cities
    "bristol",
    "london",
    "norwich",
    "york",
    // Towns
    "berwick",
    "calais",
    "canterbury",
    "carlisle",
    "chester",
    "colchester",
    "coventry",
    "durham",
    "exeter",
    "ipswich",
    "lancaster",
    "leicester",
    "lincoln",
    "lynn",
    "newark",
    "newcastle",
    "northampton",
    "nottingham",
    "oxford",
    "plymouth",
    "shrewsbury",
    "southampton",
    "swansea",
    // Open Towns
    "cardigan",
    "hereford",
    "kingston",
];

/// Castles and Royal castles of the map (classic gazetteer plus Hedingham), used only to give
/// a precise message when a Plague names one.
pub const CASTLES: [&str; 52] = [
    "alnwick",
    "appleby",
    "arundel",
    "bamburgh",
    "beaumaris",
    "belvoir",
    "berkeley",
    "caernarvon",
    "carisbrooke",
    "castle_rising",
    "chillingham",
    "chirk",
    "cockermouth",
    "compton",
    "conisborough",
    "conway",
    "corfe",
    "denbigh",
    "douglas",
    "dover",
    "farnham",
    "fotheringhay",
    "framlingham",
    "harlech",
    "hedingham",
    "helmsley",
    "kenilworth",
    "kimbolton",
    "leeds",
    "llanstephan",
    "ludlow",
    "masham",
    "newcastle_under_lyme",
    "ogmore",
    "okehampton",
    "pevensey",
    "pleshey",
    "raby",
    "rhuddlan",
    "richmond",
    "rockingham",
    "sandal",
    "stokesay",
    "tattershall",
    "tickhill",
    "tutbury",
    "usk",
    "wallingford",
    "warwick",
    "windsor",
    "wingfield",
    "wressle",
];
