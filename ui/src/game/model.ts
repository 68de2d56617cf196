// Pure helpers between the rules' game view and what the UI draws: the pieces layer's Board,
// names of cards and pieces, the legal commands grouped by kind, the map places a command
// concerns, and a battle's preview in words (its numbers are the rules', from
// `api.battlePreview`: nothing here counts troops or reads the Table of Odds), an offer and what
// accepting it does, in words. Tested in
// model.test.ts.

import type { Content } from '../bindings/Content';
import type { LegalCommand } from '../bindings/LegalCommand';
import type { BattlePreview } from '../bindings/BattlePreview';
import type { NobleStrength } from '../bindings/NobleStrength';
import type { SideOdds } from '../bindings/SideOdds';
import type { Board, LandSpot } from '../map/pieces';
import type { Command } from '../bindings/Command';
import type { Place } from '../bindings/Place';
import type { View } from '../bindings/View';
import type { OfferTerms } from '../bindings/OfferTerms';
import type { RuleLink } from '../bindings/RuleLink';

/** Whether two commands are the same (both as the service serialises them, so field order agrees). */
export function sameCommand(a: Command, b: Command): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function cardName(content: Content, id: string): string {
  return (
    content.crown_cards.find((c) => c.id === id)?.name ??
    content.event_cards.find((c) => c.id === id)?.name ??
    content.city_cards.find((c) => c.id === id)?.name ??
    content.major_cards.find((c) => c.id === id)?.name ??
    id
  );
}

export function nobleName(content: Content, id: string): string {
  return content.crown_cards.find((c) => c.noble === id && c.type.endsWith('noble'))?.name ?? id;
}

export function royalName(content: Content, id: string): string {
  return content.royals.find((r) => r.id === id)?.name ?? id;
}

export function shipName(content: Content, id: string): string {
  for (const card of content.crown_cards) {
    const ship = (card.ships ?? []).find((s) => s.id === id);
    if (ship) return ship.name;
  }
  return id.replace(/_/g, ' ');
}

export function placeName(content: Content, id: string): string {
  return (
    content.locations.find((l) => l.id === id)?.name ??
    content.areas.find((a) => a.id === id)?.name ??
    content.sea_zones.find((s) => s.id === id)?.name ??
    id
  );
}

/** Where a Noble stands, in words. */
export function placeText(content: Content, view: View, place: Place): string {
  switch (place.kind) {
    case 'field':
      return `open field of ${placeName(content, place.area)}`;
    case 'inside':
      return `in ${placeName(content, place.location)}`;
    case 'aboard':
      return `aboard ${shipName(content, place.ship)}`;
    case 'captive':
      return `captive of ${view.factions[place.captor]?.name ?? 'another faction'}`;
  }
}

function landSpot(view: View, place: Place): LandSpot | undefined {
  switch (place.kind) {
    case 'field':
      return { field: place.area };
    case 'inside':
      return { location: place.location };
    case 'captive':
      return { field: place.area };
    case 'aboard': {
      const ship = view.ships[place.ship];
      if (!ship) return undefined;
      return ship.place.kind === 'port' ? { location: ship.place.location } : undefined;
    }
  }
}

/** The pieces layer's board for a view; `you` is the player's seat (none when watching). */
export function boardFromView(content: Content, view: View, you: number | null): Board {
  const board: Board = {
    factions: view.factions.map((f, i) => ({ name: f.name, you: i === you, colour: f.colour })),
    nobles: [],
    royals: [],
    ships: [],
    control: [],
    besieged: Object.keys(view.besieged),
  };
  for (const [id, noble] of Object.entries(view.nobles)) {
    const at = landSpot(view, noble.place);
    if (at) board.nobles.push({ id, name: nobleName(content, id), faction: noble.faction, at });
  }
  for (const [id, royal] of Object.entries(view.royals)) {
    let at: LandSpot | undefined;
    if (royal.place.kind === 'with') {
      const noble = view.nobles[royal.place.noble];
      at = noble && landSpot(view, noble.place);
    } else if (royal.place.kind === 'alone') {
      at = landSpot(view, royal.place.place);
    }
    if (!at) continue;
    const info = content.royals.find((r) => r.id === id);
    board.royals.push({
      id,
      name: info?.name ?? id,
      house: info?.house === 'york' ? 'york' : 'lancaster',
      crowned: royal.crowned,
      at,
    });
  }
  for (const [id, ship] of Object.entries(view.ships)) {
    const holder = Object.values(view.nobles).find((n) => n.card === ship.card || n.awards.includes(ship.card));
    board.ships.push({
      id,
      name: shipName(content, id),
      faction: holder?.faction,
      at: ship.place.kind === 'port' ? { port: ship.place.location } : { sea: ship.place.zone },
    });
  }
  for (const [location, controller] of Object.entries(view.control)) {
    if (controller.faction !== null && controller.faction !== undefined) {
      board.control.push({ location, faction: controller.faction });
    }
  }
  return board;
}

/** Plain-English names of command kinds, in the order the action list shows them. */
export const COMMAND_GROUPS: [string, string][] = [
  ['DrawEventCard', 'Draw the Event card'],
  ['ChooseVictim', 'Choose'],
  ['ChooseRaidLine', 'Choose'],
  ['ChooseStormPort', 'Choose'],
  ['Accompany', 'Embassy'],
  ['EndStep', 'Finish'],
  ['Pass', 'Pass'],
  ['AcceptOffer', 'Answer the offer'],
  ['RejectOffer', 'Answer the offer'],
  ['PlayNoble', 'Play a Noble'],
  ['AwardCard', 'Award a card'],
  ['MoveNoble', 'Move a Noble'],
  ['Board', 'Board a ship'],
  ['Sail', 'Sail a ship'],
  ['LandInside', 'Land inside'],
  ['RequestPassage', 'Ask for passage'],
  ['RequestShipLoan', 'Borrow a ship'],
  ['StartAttack', 'Attack'],
  ['CommitAttacker', 'Commit to the attack'],
  ['LaunchAttack', 'Attack'],
  ['ProposeForce', 'Attack'],
  ['EnterConquered', 'Enter the place taken'],
  ['CallOffAttack', 'Attack'],
  ['SummonParliament', 'Summon Parliament'],
  ['SendToParliament', 'Parliament'],
  ['AttendInside', 'Parliament'],
  ['MoveOffice', 'Parliament'],
  ['AwardChanceryCard', 'Chancery'],
  ['DiscardChanceryCard', 'Chancery'],
  ['Crown', 'Crown a Royal'],
  ['ClaimPrestigeVictory', 'Prestige Victory'],
  ['ExecuteRoyal', 'Royals'],
  ['ReallocateRoyal', 'Royals'],
  ['ExecuteCaptive', 'Captives'],
  ['OfferRansom', 'Negotiate'],
  ['OfferRansomKeeping', 'Negotiate'],
  ['ProposeAllianceExecuting', 'Negotiate'],
  ['RevealCards', 'Negotiate'],
  ['HandOverPlace', 'Negotiate'],
  ['HandOverShip', 'Negotiate'],
  ['OfferTrade', 'Negotiate'],
  ['TransferCard', 'Pass cards between Nobles'],
  ['ExchangeCards', 'Pass cards between Nobles'],
  ['ReplaceBishop', 'Pass cards between Nobles'],
  ['OfferGift', 'Negotiate'],
  ['ProposeAlliance', 'Negotiate'],
  ['LeaveAlliance', 'Negotiate'],
  ['LeaveFortification', 'Leave a fortified place'],
  ['DiscardCrownCard', 'Discard'],
];

export interface CommandGroup {
  title: string;
  commands: { index: number; legal: LegalCommand }[];
}

/** The piece or card a command acts with, for sub-grouping long lists (`noble:audley`). */
export function commandActor(command: Command): string | null {
  const c = command as Record<string, unknown>;
  for (const key of ['noble', 'ship', 'royal', 'card']) if (typeof c[key] === 'string') return `${key}:${c[key]}`;
  return null;
}

export function actorName(content: Content, actor: string): string {
  const [kind, id] = actor.split(':');
  if (kind === 'noble') return nobleName(content, id);
  if (kind === 'royal') return royalName(content, id);
  if (kind === 'card') return cardName(content, id);
  return id.replace(/_/g, ' ');
}

/** Splits a group's commands by the piece or card they act with, keeping first-seen order. */
export function subGroups(group: CommandGroup): { actor: string | null; commands: CommandGroup['commands'] }[] {
  const out = new Map<string | null, CommandGroup['commands']>();
  for (const entry of group.commands) {
    const actor = commandActor(entry.legal.command as Command);
    if (!out.has(actor)) out.set(actor, []);
    out.get(actor)!.push(entry);
  }
  return [...out.entries()].map(([actor, commands]) => ({ actor, commands }));
}

/** Groups legal commands by kind (order of `COMMAND_GROUPS`; unknown kinds last). */
export function groupCommands(commands: LegalCommand[]): CommandGroup[] {
  const groups = new Map<string, CommandGroup>();
  const order = new Map<string, number>();
  COMMAND_GROUPS.forEach(([, title], i) => order.has(title) || order.set(title, i));
  commands.forEach((legal, index) => {
    const type = (legal.command as Command).type;
    const title = COMMAND_GROUPS.find(([kind]) => kind === type)?.[1] ?? type;
    let group = groups.get(title);
    if (!group) {
      group = { title, commands: [] };
      groups.set(title, group);
    }
    group.commands.push({ index, legal });
  });
  return [...groups.values()].sort((a, b) => (order.get(a.title) ?? 999) - (order.get(b.title) ?? 999));
}

/**
 * What a command points at on the map: places (drawn with a ring) and Areas or seas; and, for
 * a piece that moves, where it stands now (`from`, joined to them by a line).
 */
export interface MapFocus {
  locations: string[];
  areas: string[];
  from?: { location?: string; area?: string };
}

export function commandFocus(view: View, command: Command): MapFocus {
  const focus: MapFocus = { locations: [], areas: [] };
  const addPlace = (place: Place | undefined) => {
    if (!place) return;
    if (place.kind === 'inside') focus.locations.push(place.location);
    if (place.kind === 'field' || place.kind === 'captive') focus.areas.push(place.area);
  };
  const c = command as Record<string, unknown>;
  const to = c.to as Record<string, unknown> | string | undefined;
  if (to && typeof to === 'object') {
    if (typeof to.inside === 'string') focus.locations.push(to.inside);
    else if (typeof to.area === 'string') focus.areas.push(to.area);
    if (to.kind === 'port' && typeof to.location === 'string') focus.locations.push(to.location);
    if (to.kind === 'sea' && typeof to.zone === 'string') focus.areas.push(to.zone);
  } else if (typeof to === 'string' && c.type === 'RequestPassage') {
    focus.areas.push(to);
  }
  if (typeof c.through === 'string') focus.locations.push(c.through);
  const target = c.target as Record<string, unknown> | undefined;
  if (target?.kind === 'location' && typeof target.location === 'string') focus.locations.push(target.location);
  if (typeof c.area === 'string' && !focus.locations.length) focus.areas.push(c.area);
  // A move: where the Noble (or ship) starts, so the line shows the way it goes.
  if ((c.type === 'MoveNoble' || c.type === 'Sail') && (focus.locations.length || focus.areas.length)) {
    const place = typeof c.noble === 'string' ? view.nobles[c.noble]?.place : undefined;
    const ship = typeof c.ship === 'string' ? view.ships[c.ship]?.place : undefined;
    if (place?.kind === 'inside') focus.from = { location: place.location };
    else if (place?.kind === 'field') focus.from = { area: place.area };
    else if (ship?.kind === 'port') focus.from = { location: ship.location };
    else if (ship?.kind === 'sea') focus.from = { area: ship.zone };
  }
  if (!focus.locations.length && !focus.areas.length) {
    if (typeof c.noble === 'string') addPlace(view.nobles[c.noble]?.place);
    if (typeof c.ship === 'string') {
      const ship = view.ships[c.ship];
      if (ship?.place.kind === 'port') focus.locations.push(ship.place.location);
      if (ship?.place.kind === 'sea') focus.areas.push(ship.place.zone);
    }
    if (typeof c.royal === 'string') {
      const royal = view.royals[c.royal];
      if (royal?.place.kind === 'with') addPlace(view.nobles[royal.place.noble]?.place);
      if (royal?.place.kind === 'alone') addPlace(royal.place.place);
    }
  }
  return focus;
}

/** Where the decision under way is (an attack, Parliament, an offer about a place), for the map when nothing else is focused. */
export function pendingFocus(view: View): MapFocus | undefined {
  const p = view.pending;
  if (p?.kind === 'attack') return p.target.kind === 'location' ? { locations: [p.target.location], areas: [] } : { locations: [], areas: [p.area] };
  if (p?.kind === 'parliament') return { locations: [], areas: [p.area] };
  if (p?.kind === 'offer' && p.terms.kind === 'hand_over') return { locations: [p.terms.location], areas: [] };
  if (p?.kind === 'offer' && p.terms.kind === 'passage') return { locations: [p.terms.through], areas: [p.terms.to] };
  return undefined;
}

/** One side of a battle as the panel draws it: every number is the rules' (`api.battlePreview`). */
export interface SideDrawing {
  faction: number | null;
  strength: number;
  withoutBonus: number;
  garrison: number;
  /** One line per Noble: its name and troops as the rules count them. */
  lines: string[];
}

/** A battle or siege as the panel draws it, from the service's preview. */
export interface BattleDrawing {
  title: string;
  where: string;
  attack: SideDrawing;
  defence: SideDrawing;
  /** The step of the Table of Odds reached, in words. */
  odds: string;
  /** Why it cannot be launched (or, launched, will stop), in the rules' words. */
  refusal: string | null;
  /** Under a quarter of the defence: every attacker would be captured. */
  veryWeak: boolean;
  couldBeKilled: string[];
}

function sideDrawing(content: Content, side: SideOdds): SideDrawing {
  return {
    faction: side.faction,
    strength: side.strength,
    withoutBonus: side.without_bonus,
    garrison: side.garrison,
    lines: side.nobles.map((n) => {
      const notes = [
        n.without_bonus !== n.strength ? `${n.without_bonus} without regional bonus` : '',
        n.not_counted ? `${n.not_counted} on cards traded this turn not counted` : '',
        n.ally ? 'ally' : '',
      ].filter(Boolean);
      return `${nobleName(content, n.noble)} (${n.strength}${notes.length ? `; ${notes.join('; ')}` : ''})`;
    }),
  };
}

/** Names and words for the rules' preview of a battle or siege; draws, never counts. */
export function battleDrawing(content: Content, preview: BattlePreview): BattleDrawing | null {
  const odds = preview.odds;
  if (!odds) return null;
  const where = placeName(content, odds.target.kind === 'location' ? odds.target.location : odds.area);
  const side = odds.larger === 'attack' ? 'attacker' : 'defender';
  const reason = preview.reason ?? preview.code ?? 'the rules refuse it';
  const words = odds.siege
    ? 'decided by strength, not by the Table of Odds: the attack must be at least as strong as the defence when the Event card is drawn, and Bad Weather leaves the place besieged.'
    : odds.step
      ? `${odds.step} for the ${side}. The Event card drawn decides: the larger side wins if it reaches the card's odds.`
      : odds.larger === 'equal'
        ? 'even: an equal battle is indecisive.'
        : `below the Table of Odds for the ${side}.`;
  return {
    title: `${odds.siege ? 'Siege' : 'Battle'} at ${where}`,
    where,
    attack: sideDrawing(content, odds.attack),
    defence: sideDrawing(content, odds.defence),
    odds: words,
    refusal: odds.launchable
      ? null
      : odds.stage === 'launched'
        ? `The siege will stop before the card is drawn: ${reason}.`
        : `Cannot be launched as it stands: ${reason}.`,
    veryWeak: odds.very_weak,
    couldBeKilled: [...odds.attack.nobles, ...odds.defence.nobles].filter((n) => n.could_be_killed).map((n) => nobleName(content, n.noble)),
  };
}

/** What the offer waiting for an answer proposes, in words; null when none waits. */
export function offerText(content: Content, view: View): string | null {
  const p = view.pending;
  if (p?.kind !== 'offer') return null;
  const from = view.factions[p.from]?.name ?? 'Another faction';
  const to = view.factions[p.to]?.name ?? 'another faction';
  const cards = (ids: string[]) => (ids.length ? ids.map((c) => cardName(content, c)).join(', ') : 'no cards');
  const t = p.terms;
  switch (t.kind) {
    case 'ransom':
      return `${from} offers ${to} ${cards(t.cards)} to ransom ${nobleName(content, t.captive)}.`;
    case 'gift':
      return `${from} offers ${to} a gift: ${cards(t.cards)}.`;
    case 'alliance':
      return `${from} proposes an Alliance with ${to}.`;
    case 'passage':
      return `${from} asks ${to} to let ${nobleName(content, t.noble)} pass through ${placeName(content, t.through)} on the way to ${placeName(content, t.to)}.`;
    case 'ship_loan':
      return `${from} asks ${to} to lend the ship ${shipName(content, t.ship)}.`;
    case 'ransom_keeping':
      return `${from} offers ${to} ${cards(t.cards)} to ransom ${nobleName(content, t.captive)}, who keeps ${cards(t.keep)} and gains ${cards(t.gain)}.`;
    case 'alliance_executing':
      return `${from} proposes an Alliance with ${to}; the Royals of ${t.house === 'york' ? 'York' : 'Lancaster'} would be executed.`;
    case 'transfer':
      return `${from} offers ${cardName(content, t.card)} from ${nobleName(content, t.from)} to ${nobleName(content, t.to)}.`;
    case 'exchange':
      return `${from} offers ${cardName(content, t.give)} of ${nobleName(content, t.from)} for ${cardName(content, t.take)} of ${nobleName(content, t.to)}.`;
    case 'hand_over':
      return `${from} offers ${to} control of ${placeName(content, t.location)}.`;
    case 'ship_hand_over':
      return `${from} offers ${to} the ship ${shipName(content, t.ship)}.`;
    case 'trade':
      return `${from} offers ${to} ${cards(t.give)} in exchange for ${cards(t.take)}.`;
    case 'office_move':
      return `${from} asks ${to} to agree that ${cardName(content, t.card)} moves from ${nobleName(content, t.from)} to ${nobleName(content, t.to)}.`;
    default:
      // A kind of offer this screen does not know yet: still say who offers what to whom.
      return `${from} makes ${to} an offer (${String((t as { kind: string }).kind).replace(/_/g, ' ')}).`;
  }
}

/** What accepting an offer does, in a line, and the rule it comes from (the rules' words, never a sum). */
export function acceptWords(content: Content, terms: OfferTerms): { text: string; rule: RuleLink } {
  const negotiation: RuleLink = { section: 'negotiation', anchor: null };
  const alliance: RuleLink = { section: 'alliances', anchor: '23.07' };
  const cards = (ids: string[]) => (ids.length ? ids.map((c) => cardName(content, c)).join(', ') : 'nothing');
  const allied = 'you count your Prestige together and can only win together; you may use each other\'s places and never attack one another';
  switch (terms.kind) {
    case 'alliance':
      return { text: `Accepting forms the Alliance at once: ${allied}.`, rule: alliance };
    case 'alliance_executing':
      return { text: `Accepting forms the Alliance at once and the Royals of ${terms.house === 'york' ? 'York' : 'Lancaster'} held by you both are executed: ${allied}.`, rule: { section: 'alliances', anchor: '23.02' } };
    case 'gift':
      return { text: `Accepting puts ${cards(terms.cards)} in your hand; you give nothing back.`, rule: negotiation };
    case 'ransom':
      return { text: `Accepting frees ${nobleName(content, terms.captive)}, who goes back to its faction, and ${cards(terms.cards)} come to you.`, rule: negotiation };
    case 'ransom_keeping':
      return { text: `Accepting frees ${nobleName(content, terms.captive)}; ${cards(terms.cards)} come to you.`, rule: negotiation };
    case 'trade':
      return { text: `Accepting swaps cards: you get ${cards(terms.give)} and give ${cards(terms.take)}.`, rule: negotiation };
    case 'hand_over':
      return { text: `Accepting gives you control of ${placeName(content, terms.location)}.`, rule: negotiation };
    case 'ship_hand_over':
      return { text: `Accepting gives you the ship ${shipName(content, terms.ship)}.`, rule: negotiation };
    case 'passage':
      return { text: `Accepting lets ${nobleName(content, terms.noble)} pass through ${placeName(content, terms.through)}, yours, this once.`, rule: negotiation };
    case 'ship_loan':
      return { text: `Accepting lends them the ship ${shipName(content, terms.ship)} for their move; it stays yours.`, rule: negotiation };
    case 'transfer':
    case 'office_move':
      return { text: `Accepting lets ${cardName(content, terms.card)} move from ${nobleName(content, terms.from)} to ${nobleName(content, terms.to)}.`, rule: negotiation };
    case 'exchange':
      return { text: `Accepting swaps ${cardName(content, terms.give)} and ${cardName(content, terms.take)} between the two Nobles.`, rule: negotiation };
    case 'force':
      return { text: `Accepting joins your Nobles there to an allied Force under ${nobleName(content, terms.commander)}, for at least this phase.`, rule: { section: 'alliances', anchor: '23.10' } };
    default:
      return { text: 'Refusing changes nothing; accepting does what it says.', rule: negotiation };
  }
}

/** The seat's troop total (with bonuses where they apply) and its total without. */
export function factionTroops(view: View, faction: number, strengths: Record<string, NobleStrength>) {
  let base = 0;
  let total = 0;
  for (const [id, noble] of Object.entries(view.nobles)) {
    if (noble.faction !== faction || noble.place.kind === 'captive') continue;
    base += strengths[id]?.base ?? 0;
    total += strengths[id]?.total ?? 0;
  }
  return { base, total };
}

export function outcomeText(view: View): string | null {
  const o = view.outcome;
  if (!o) return null;
  const names = o.winners.map((w) => view.factions[w]?.name ?? `seat ${w + 1}`).join(' and ');
  switch (o.kind) {
    case 'royalty':
      return `Royalty Victory: ${names} wins.`;
    case 'prestige':
      return `Prestige Victory: ${names} wins.`;
    case 'shared_prestige':
      return `Shared Prestige Victory: ${names}.`;
    case 'minor_prestige':
      return `Minor Victory at the time limit: ${names}.`;
    case 'all_lose':
      return 'Every Royal is dead: everyone loses.';
    case 'resigned':
      return 'Resigned: the game is over, a loss.';
  }
}
