//! The reference sections compiled into the binary: every `data/reference/*.md`, by file name.

/// (file name, text) of each section file.
pub const FILES: &[(&str, &str)] = &[
    (
        "01-royalty.md",
        include_str!("../../data/reference/01-royalty.md"),
    ),
    (
        "02-factions.md",
        include_str!("../../data/reference/02-factions.md"),
    ),
    (
        "03-setup.md",
        include_str!("../../data/reference/03-setup.md"),
    ),
    (
        "04-two-player.md",
        include_str!("../../data/reference/04-two-player.md"),
    ),
    (
        "05-random-setup.md",
        include_str!("../../data/reference/05-random-setup.md"),
    ),
    (
        "06-time-limit.md",
        include_str!("../../data/reference/06-time-limit.md"),
    ),
    (
        "07-turn.md",
        include_str!("../../data/reference/07-turn.md"),
    ),
    (
        "08-events.md",
        include_str!("../../data/reference/08-events.md"),
    ),
    (
        "09-movement.md",
        include_str!("../../data/reference/09-movement.md"),
    ),
    (
        "10-combat.md",
        include_str!("../../data/reference/10-combat.md"),
    ),
    (
        "11-sieges.md",
        include_str!("../../data/reference/11-sieges.md"),
    ),
    (
        "12-capture.md",
        include_str!("../../data/reference/12-capture.md"),
    ),
    (
        "13-parliament.md",
        include_str!("../../data/reference/13-parliament.md"),
    ),
    (
        "14-coronation.md",
        include_str!("../../data/reference/14-coronation.md"),
    ),
    (
        "15-end-of-turn.md",
        include_str!("../../data/reference/15-end-of-turn.md"),
    ),
    (
        "16-winning.md",
        include_str!("../../data/reference/16-winning.md"),
    ),
    (
        "17-prestige.md",
        include_str!("../../data/reference/17-prestige.md"),
    ),
    (
        "18-royals.md",
        include_str!("../../data/reference/18-royals.md"),
    ),
    (
        "19-chancery.md",
        include_str!("../../data/reference/19-chancery.md"),
    ),
    (
        "20-crown-cards.md",
        include_str!("../../data/reference/20-crown-cards.md"),
    ),
    (
        "21-transfers.md",
        include_str!("../../data/reference/21-transfers.md"),
    ),
    (
        "22-trading.md",
        include_str!("../../data/reference/22-trading.md"),
    ),
    (
        "23-rally.md",
        include_str!("../../data/reference/23-rally.md"),
    ),
    (
        "24-alliances.md",
        include_str!("../../data/reference/24-alliances.md"),
    ),
    (
        "25-negotiation.md",
        include_str!("../../data/reference/25-negotiation.md"),
    ),
];

#[cfg(test)]
mod tests {
    /// A section file added to `data/reference/` but not listed here would silently be left
    /// out of the game.
    #[test]
    fn every_file_in_the_folder_is_listed() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/reference");
        let mut on_disk: Vec<String> = std::fs::read_dir(dir)
            .expect("data/reference")
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".md") && n != "README.md")
            .collect();
        on_disk.sort();
        let listed: Vec<String> = super::FILES.iter().map(|(n, _)| (*n).to_owned()).collect();
        assert_eq!(on_disk, listed);
    }
}
