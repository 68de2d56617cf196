// What each legal command does on the map: the piece or card it acts with (the actor, tapped
// first) and the place or piece it acts on (the target, tapped second). The map offers exactly
// the legal commands (`api.legal`) filtered by the selection: this module is that filter, and
// the choice of the one command a tap gives when several variants lead to the same place (a
// Noble's move by road or Regional move; a Free Move only when nothing else gets there). Pure;
// tested in intents.test.ts.

import type { Command } from '../bindings/Command';
import type { LegalCommand } from '../bindings/LegalCommand';
import type { Place } from '../bindings/Place';
import type { View } from '../bindings/View';

/** A piece or card tapped first. */
export type Actor =
  | { kind: 'noble'; id: string }
  | { kind: 'ship'; id: string }
  | { kind: 'royal'; id: string }
  | { kind: 'card'; id: string };

/** What a command acts on: a place, an Area's open field, a sea Area, a piece, or another faction's Nobles in a field. */
export type Target =
  | { kind: 'location'; id: string }
  | { kind: 'field'; id: string }
  | { kind: 'sea'; id: string }
  | { kind: 'noble'; id: string }
  | { kind: 'ship'; id: string }
  | { kind: 'enemy'; area: string; faction: number };

/** How a command reads on the map. */
export type Verb =
  | 'move'
  | 'passage'
  | 'board'
  | 'sail'
  | 'land'
  | 'leave'
  | 'enter'
  | 'attend'
  | 'commit'
  | 'attack'
  | 'award'
  | 'play'
  | 'discard'
  | 'crown'
  | 'execute'
  | 'reallocate'
  | 'summon'
  | 'choose'
  | 'offer'
  | 'flow';

export interface Intent {
  /** Index in the legal list. */
  index: number;
  legal: LegalCommand;
  type: Command['type'];
  actor: Actor | null;
  target: Target | null;
  verb: Verb;
  /** Spends a Free Move. */
  free: boolean;
  /** Cannot be taken back, or costs a piece: asked once before it is given. */
  danger: boolean;
}

/** Negotiation and card-passing commands: they go to the Offers panel, not the map. */
export const OFFER_TYPES: ReadonlySet<string> = new Set([
  'OfferRansom',
  'OfferRansomKeeping',
  'OfferGift',
  'ProposeAlliance',
  'ProposeAllianceExecuting',
  'LeaveAlliance',
  'RevealCards',
  'HandOverPlace',
  'HandOverShip',
  'OfferTrade',
  'TransferCard',
  'ExchangeCards',
  'MoveOffice',
  'ProposeForce',
  'RequestShipLoan',
]);

export function actorKey(actor: Actor): string {
  return `${actor.kind}:${actor.id}`;
}

export function targetKey(target: Target): string {
  return target.kind === 'enemy' ? `enemy:${target.area}:${target.faction}` : `${target.kind}:${target.id}`;
}

/** Where a Noble's place is on the map, as a target-like spot (aboard: the ship's spot). */
export function placeSpot(view: View, place: Place): Target | null {
  switch (place.kind) {
    case 'inside':
      return { kind: 'location', id: place.location };
    case 'field':
    case 'captive':
      return { kind: 'field', id: place.area };
    case 'aboard': {
      const ship = view.ships[place.ship];
      if (!ship) return null;
      return ship.place.kind === 'port' ? { kind: 'location', id: ship.place.location } : { kind: 'sea', id: ship.place.zone };
    }
  }
}

/** The Area a Noble stands in, if on land. */
export function nobleArea(view: View, areaOf: (location: string) => string | undefined, noble: string): string | undefined {
  const place = view.nobles[noble]?.place;
  if (!place) return undefined;
  if (place.kind === 'field' || place.kind === 'captive') return place.area;
  if (place.kind === 'inside') return areaOf(place.location);
  return undefined;
}

/** One legal command as an intent. */
export function intentOf(view: View, areaOf: (location: string) => string | undefined, legal: LegalCommand, index: number): Intent {
  const c = legal.command;
  const base = { index, legal, type: c.type, actor: null, target: null, free: false, danger: false } as const;
  const noble = (id: string): Actor => ({ kind: 'noble', id });
  switch (c.type) {
    case 'MoveNoble':
      return {
        ...base,
        actor: noble(c.noble),
        target: c.to.inside ? { kind: 'location', id: c.to.inside } : { kind: 'field', id: c.to.area },
        verb: 'move',
        free: c.free,
      };
    case 'RequestPassage':
      return { ...base, actor: noble(c.noble), target: { kind: 'field', id: c.to }, verb: 'passage' };
    case 'Board':
      return { ...base, actor: noble(c.noble), target: { kind: 'ship', id: c.ship }, verb: 'board', free: c.free };
    case 'Sail':
      return {
        ...base,
        actor: { kind: 'ship', id: c.ship },
        target: c.to.kind === 'port' ? { kind: 'location', id: c.to.location } : { kind: 'sea', id: c.to.zone },
        verb: 'sail',
        free: c.free,
      };
    case 'LandInside':
      return { ...base, actor: noble(c.noble), target: { kind: 'location', id: c.location }, verb: 'land' };
    case 'LeaveFortification': {
      const area = nobleArea(view, areaOf, c.noble);
      return { ...base, actor: noble(c.noble), target: area ? { kind: 'field', id: area } : null, verb: 'leave' };
    }
    case 'EnterConquered': {
      const p = view.pending;
      return { ...base, actor: noble(c.noble), target: p?.kind === 'occupy' ? { kind: 'location', id: p.location } : null, verb: 'enter' };
    }
    case 'AttendInside':
      return { ...base, actor: noble(c.noble), target: { kind: 'location', id: c.location }, verb: 'attend' };
    case 'SendToParliament': {
      const p = view.pending;
      return { ...base, actor: noble(c.noble), target: p?.kind === 'parliament' ? { kind: 'field', id: p.area } : null, verb: 'attend' };
    }
    case 'CommitAttacker': {
      const p = view.pending;
      const target: Target | null =
        p?.kind === 'attack'
          ? p.target.kind === 'location'
            ? { kind: 'location', id: p.target.location }
            : { kind: 'enemy', area: p.area, faction: p.target.faction }
          : null;
      return { ...base, actor: noble(c.noble), target, verb: 'commit' };
    }
    case 'StartAttack':
      return {
        ...base,
        target: c.target.kind === 'location' ? { kind: 'location', id: c.target.location } : { kind: 'enemy', area: c.area, faction: c.target.faction },
        verb: 'attack',
      };
    case 'AwardCard':
    case 'ReplaceBishop':
    case 'AwardChanceryCard':
      return { ...base, actor: { kind: 'card', id: c.card }, target: { kind: 'noble', id: c.noble }, verb: 'award' };
    case 'PlayNoble':
      return { ...base, actor: { kind: 'card', id: c.card }, verb: 'play' };
    case 'DiscardCrownCard':
    case 'DiscardChanceryCard':
      return { ...base, actor: { kind: 'card', id: c.card }, verb: 'discard', danger: true };
    case 'Crown':
      return { ...base, actor: { kind: 'royal', id: c.royal }, verb: 'crown' };
    case 'ExecuteRoyal':
      return { ...base, actor: { kind: 'royal', id: c.royal }, verb: 'execute', danger: true };
    case 'ReallocateRoyal':
      return { ...base, actor: { kind: 'royal', id: c.royal }, target: { kind: 'noble', id: c.noble }, verb: 'reallocate' };
    case 'ExecuteCaptive':
      return { ...base, actor: noble(c.noble), verb: 'execute', danger: true };
    case 'ChooseVictim':
    case 'Accompany':
      return { ...base, actor: noble(c.noble), verb: 'choose' };
    case 'ChooseStormPort':
      return { ...base, target: { kind: 'location', id: c.port }, verb: 'choose' };
    case 'SummonParliament':
      return { ...base, target: { kind: 'field', id: c.area }, verb: 'summon' };
    default:
      return { ...base, verb: OFFER_TYPES.has(c.type) ? 'offer' : 'flow' };
  }
}

export function intentsOf(view: View, areaOf: (location: string) => string | undefined, legal: LegalCommand[]): Intent[] {
  return legal.map((l, i) => intentOf(view, areaOf, l, i));
}

/** Whether an intent is played on the map (a piece, a card or a place), not only from a list. */
export const onMap = (intent: Intent) => intent.verb !== 'offer' && intent.verb !== 'flow';

/** Whether an intent belongs to the selection: its actor is selected (StartAttack: a selected Noble stands in the Area). */
function belongs(intent: Intent, selected: Set<string>, view: View, areaOf: (l: string) => string | undefined): boolean {
  if (intent.actor) return selected.has(actorKey(intent.actor));
  if (intent.type === 'StartAttack' && intent.legal.command.type === 'StartAttack') {
    const area = intent.legal.command.area;
    return [...selected].some((key) => key.startsWith('noble:') && nobleArea(view, areaOf, key.slice(6)) === area);
  }
  return false;
}

export interface TargetOption {
  key: string;
  target: Target;
  intents: Intent[];
  /** Reached only with a Free Move. */
  freeOnly: boolean;
  verb: Verb;
}

/**
 * The places and pieces the selection can act on, each with its intents. With nothing selected:
 * the targets of commands that need no piece first (attacks, Parliament, a storm's port).
 */
export function targetsFor(
  intents: Intent[],
  selected: Set<string>,
  view: View,
  areaOf: (l: string) => string | undefined,
): TargetOption[] {
  const out = new Map<string, TargetOption>();
  for (const intent of intents) {
    if (!intent.target || !onMap(intent)) continue;
    const mine = selected.size ? belongs(intent, selected, view, areaOf) : !intent.actor;
    if (!mine) continue;
    const key = targetKey(intent.target);
    let option = out.get(key);
    if (!option) {
      option = { key, target: intent.target, intents: [], freeOnly: true, verb: intent.verb };
      out.set(key, option);
    }
    option.intents.push(intent);
    if (!intent.free) option.freeOnly = false;
    // A move beats a passage request as the option's kind.
    if (intent.verb === 'move' && option.verb === 'passage') option.verb = 'move';
  }
  return [...out.values()];
}

/** The selection's commands that act on nothing further (crown, execute, play, discard, choose). */
export function actionsFor(intents: Intent[], selected: Set<string>): Intent[] {
  return intents.filter((i) => i.actor && !i.target && onMap(i) && selected.has(actorKey(i.actor)));
}

const VERB_ORDER: Verb[] = ['move', 'board', 'sail', 'land', 'enter', 'attend', 'commit', 'leave', 'attack', 'award', 'reallocate', 'summon', 'choose', 'passage'];

/**
 * The commands one tap on a target gives: per selected actor, its best variant (not a Free Move
 * when another gets there; a move before a passage request; legal order otherwise). `choices`
 * is set instead when one actor has variants a player must pick between (who to summon).
 */
export function commandsForTarget(option: TargetOption): { commands: Intent[]; choices?: Intent[] } {
  const byActor = new Map<string, Intent[]>();
  for (const intent of option.intents) {
    const key = intent.actor ? actorKey(intent.actor) : '';
    if (!byActor.has(key)) byActor.set(key, []);
    byActor.get(key)!.push(intent);
  }
  const commands: Intent[] = [];
  for (const variants of byActor.values()) {
    if (variants.length > 1 && variants.every((v) => v.verb === 'summon')) return { commands: [], choices: variants };
    const sorted = [...variants].sort(
      (a, b) => Number(a.free) - Number(b.free) || VERB_ORDER.indexOf(a.verb) - VERB_ORDER.indexOf(b.verb) || a.index - b.index,
    );
    commands.push(sorted[0]);
  }
  return { commands };
}

/** The pieces and cards that can act now (for marking them on the map and in the hand). */
export function actorsWithActions(intents: Intent[]): Set<string> {
  const out = new Set<string>();
  for (const intent of intents) if (intent.actor && onMap(intent)) out.add(actorKey(intent.actor));
  return out;
}
