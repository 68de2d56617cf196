// The shapes of the rules' game view (`src/rules/view.rs`), which the service sends as untyped
// JSON (`GameView.view`, `StateAt.view`). Written by hand to mirror the Rust serde output.

export type Place =
  | { kind: 'field'; area: string }
  | { kind: 'inside'; location: string }
  | { kind: 'aboard'; ship: string }
  | { kind: 'captive'; captor: number; area: string };

export interface NobleState {
  faction: number;
  card: string;
  awards: string[];
  cities: string[];
  majors: string[];
  place: Place;
  moved_round: number | null;
  attacked_round: number | null;
  seq: number;
}

export type RoyalPlace = { kind: 'with'; noble: string } | { kind: 'alone'; place: Place } | { kind: 'dead' };

export interface RoyalState {
  place: RoyalPlace;
  crowned: boolean;
  gained_round: number | null;
}

export interface ShipState {
  card: string;
  place: { kind: 'port'; location: string } | { kind: 'sea'; zone: string };
  capacity: number;
  moved_round: number | null;
}

export interface Clock {
  round: number;
  turn: number;
  active: number;
  phase: string;
  step: number;
}

export interface FactionView {
  name: string;
  colour: string;
  prestige: number;
  hand_size: number;
  hand: string[] | null;
  free_moves: string[];
  chancellor_cards: string[];
}

export interface Window {
  kind: string;
  order: number[];
  at: number;
  passes: number;
}

export type AttackTarget = { kind: 'field'; faction: number } | { kind: 'location'; location: string };

export type Pending =
  | { kind: 'event_reaction'; card: string; window: Window }
  | { kind: 'attack'; attacker: number; area: string; target: AttackTarget; attackers: string[]; window: Window | null }
  | { kind: 'parliament'; summoner: number; area: string; window: Window }
  | { kind: 'chancery_awards'; summoner: number; cards: string[] }
  | { kind: 'politicking'; window: Window }
  | { kind: 'offer'; id: number; from: number; to: number; terms: OfferTerms };

/** What a negotiation offer proposes. */
export type OfferTerms =
  | { kind: 'ransom'; captive: string; cards: string[] }
  | { kind: 'gift'; cards: string[] }
  | { kind: 'alliance' }
  | { kind: 'passage'; noble: string; through: string; to: string }
  | { kind: 'ship_loan'; ship: string }
  | { kind: 'ransom_keeping'; captive: string; cards: string[]; keep: string[]; gain: string[] }
  | { kind: 'alliance_executing'; house: 'lancaster' | 'york' }
  | { kind: 'transfer'; card: string; from: string; to: string }
  | { kind: 'exchange'; give: string; from: string; take: string; to: string }
  | { kind: 'hand_over'; location: string }
  | { kind: 'ship_hand_over'; ship: string }
  | { kind: 'trade'; give: string[]; take: string[] }
  | { kind: 'office_move'; card: string; from: string; to: string; waiting: number[] };

export interface PrestigeClaim {
  factions: number[];
  claimant: number;
  round: number;
  target: number;
}

export interface Outcome {
  kind: 'royalty' | 'prestige' | 'shared_prestige' | 'minor_prestige' | 'all_lose';
  winners: number[];
}

export interface GameViewData {
  viewer: { kind: 'faction'; faction: number } | { kind: 'spectator' };
  clock: Clock;
  order: number[];
  factions: FactionView[];
  nobles: Record<string, NobleState>;
  royals: Record<string, RoyalState>;
  ships: Record<string, ShipState>;
  control: Record<string, { faction: number | null; source: { kind: string } }>;
  crown_deck_size: number;
  crown_discard: string[];
  chancery: string[];
  event_deck_size: number;
  event_discard: string[];
  clamours: [string, boolean][];
  besieged: Record<string, number>;
  kings_peace: { area: string; summoner: number; round: number } | null;
  tile_revealed: boolean;
  prestige_claim: PrestigeClaim | null;
  alliances: number[][];
  pending: Pending | null;
  awaiting: number[];
  outcome: Outcome | null;
}

/** A command as the rules serialize it: tagged by `type`. */
export type CommandJson = { type: string } & Record<string, unknown>;
