//! [`Options`]: the digital rulings Z01–Z48 as named options, each defaulting to the proposed
//! ruling of the checklist. Rulings that only fix data (Z01–Z05) or wording have no switch.

use serde::{Deserialize, Serialize};

/// Named rulings. `Options::default()` is the checklist's proposed set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// Z06: a Chancellor card drawn in combat is used for its black half only.
    pub z06_chancellor_combat_half: bool,
    /// Z07: Raid capacity counts the troops already inside plus the arriving Noble.
    pub z07_capacity_counts_occupants: bool,
    /// Z08: an uncontrolled King moves alone on an Embassy.
    pub z08_uncontrolled_king_moves: bool,
    /// Z10: a Plague naming an unfortified town strikes that Area's open field.
    pub z10_plague_open_field: bool,
    /// Z11: the one-Noble-per-Faction cap applies per resolution card.
    pub z11_cap_per_card: bool,
    /// Z12: round 1 bans battles and sieges of places holding another Faction's Nobles only.
    pub z12_round_one_ban_nobles_only: bool,
    /// Z13: siege attackers stand in the open field of the Area.
    pub z13_besiege_from_field: bool,
    /// Z14: allies join attacks only as an allied Force.
    pub z14_allies_only_as_force: bool,
    /// Z15: attacker x 4 < defender captures every attacker (a defender victory).
    pub z15_very_weak_odds: bool,
    /// Z16: a ratio of exactly 1 gives no odds step.
    pub z16_equal_is_indecisive: bool,
    /// Z18: captives are executed when the capturing turn's politicking closes.
    pub z18_execute_at_politicking_close: bool,
    /// Z20: spoils with no victor Noble in the Area are discarded.
    pub z20_spoils_discarded: bool,
    /// Z22: a card takes control only of a neutral place; later, the earliest-awarded card.
    pub z22_earliest_card_controls: bool,
    /// Z23: the segmented road model.
    pub z23_segment_roads: bool,
    /// Z25: an occupied Open Town counts as an enemy fortified place.
    pub z25_open_town_blocks: bool,
    /// Z26: Parliament at an Open Town only when it is friendly-occupied.
    pub z26_open_town_parliament: bool,
    /// Z29: the King's Peace lasts until the end of the summoner's next Combat Phase.
    pub z29_kings_peace_until_next_combat: bool,
    /// Z31: the two-house deadline is the player's next End of Turn step 4.
    pub z31_deadline_next_politicking: bool,
    /// Z33: check "all Royals dead" before the Royalty Victory.
    pub z33_all_dead_first: bool,
    /// Z35: a Free Move is one complete extra move of any type.
    pub z35_free_move_any_type: bool,
    /// Z37: a reallocated Royal's recipient need not consent.
    pub z37_no_consent_for_royal: bool,
    /// Z39: windows run clockwise from the active player, defender first in battles.
    pub z39_window_order: bool,
    /// Z40: Rally pools per Faction per resolution.
    pub z40_rally_pool: bool,
    /// Z41: held Chancellor cards are discarded when the Office is lost.
    pub z41_discard_chancellor_cards: bool,
    /// Z42: the Event deck reshuffle uses the discard and the removed cards only.
    pub z42_reshuffle_discard_and_removed: bool,
    /// Z43: contested opening placement is sequential in turn order.
    pub z43_sequential_placement: bool,
    /// Z45: the original besieger may renew a siege in a later Combat Phase.
    pub z45_resume_siege: bool,
    /// Z46: the 2-player neutral Faction defends with garrison only and refuses passage.
    pub z46_passive_neutral: bool,
    /// Z48: Calais and islands are not mainland (no Royal Prestige).
    pub z48_calais_not_mainland: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            z06_chancellor_combat_half: true,
            z07_capacity_counts_occupants: true,
            z08_uncontrolled_king_moves: true,
            z10_plague_open_field: true,
            z11_cap_per_card: true,
            z12_round_one_ban_nobles_only: true,
            z13_besiege_from_field: true,
            z14_allies_only_as_force: true,
            z15_very_weak_odds: true,
            z16_equal_is_indecisive: true,
            z18_execute_at_politicking_close: true,
            z20_spoils_discarded: true,
            z22_earliest_card_controls: true,
            z23_segment_roads: true,
            z25_open_town_blocks: true,
            z26_open_town_parliament: true,
            z29_kings_peace_until_next_combat: true,
            z31_deadline_next_politicking: true,
            z33_all_dead_first: true,
            z35_free_move_any_type: true,
            z37_no_consent_for_royal: true,
            z39_window_order: true,
            z40_rally_pool: true,
            z41_discard_chancellor_cards: true,
            z42_reshuffle_discard_and_removed: true,
            z43_sequential_placement: true,
            z45_resume_siege: true,
            z46_passive_neutral: true,
            z48_calais_not_mainland: true,
        }
    }
}
