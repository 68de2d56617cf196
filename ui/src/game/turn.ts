// The turn in a player's words: what the step asks of you (set apart from what you may do),
// whether a card window can pass by itself (you hold nothing to play in it), and whether "End
// turn" may go on through a step. Pure; tested in turn.test.ts.

import type { Clock } from '../bindings/Clock';
import type { LegalCommand } from '../bindings/LegalCommand';
import type { Pending } from '../bindings/Pending';
import { OFFER_TYPES } from './intents';

const PHASES: Record<string, string> = {
  setup: 'Set-up',
  event: 'Event phase',
  movement: 'Movement phase',
  combat: 'Combat phase',
  parliament: 'Parliament phase',
  coronation: 'Coronation phase',
  end_of_turn: 'End of Turn phase',
  game_over: 'Game over',
};

const STEPS: Record<number, string> = {
  1: 'step 1: Nobles come home',
  2: 'step 2: draw Crown cards',
  3: 'step 3: play and award cards',
  4: 'step 4: politicking',
  5: 'step 5: discard down to your hand limit',
};

/** "Movement phase", "End of Turn phase, step 5: …". */
export function phaseWords(clock: Clock): string {
  const phase = PHASES[clock.phase] ?? clock.phase.replace(/_/g, ' ');
  return clock.phase === 'end_of_turn' ? `${phase}, ${STEPS[clock.step] ?? `step ${clock.step}`}` : phase;
}

const has = (legal: LegalCommand[], type: string) => legal.some((l) => l.command.type === type);

/** A window of cards (before the Event, a battle's cards, Parliament's attendance, politicking). */
export function isWindow(pending: Pending | null): boolean {
  if (!pending) return false;
  if (pending.kind === 'attack') return pending.window !== null;
  return pending.kind === 'event_reaction' || pending.kind === 'politicking' || pending.kind === 'parliament';
}

/** What you may do at any time, in others' turns as in yours (19.18, 17.10, 17.11, 11.10). */
export const ANY_TIME_TYPES: ReadonlySet<string> = new Set(['PlayNoble', 'AwardCard', 'ReplaceBishop', 'ExecuteRoyal', 'ReallocateRoyal', 'ExecuteCaptive']);

/**
 * Whether your decision is a card window where your answer changes nothing you could not change
 * at another moment, so it may pass by itself: in another's turn, a window every faction is
 * asked in (before an Event, Parliament, politicking) where every command but Pass is an offer
 * or something you may do at any time; otherwise (your battle's window, your own turn's
 * windows) every command but Pass is an offer (you hold nothing to add). `othersTurn`: the
 * turn is another faction's. The service's `empty_window_pass` asks the same.
 */
export function nothingToPlay(pending: Pending | null, legal: LegalCommand[], othersTurn = false): boolean {
  if (!isWindow(pending) || !has(legal, 'Pass')) return false;
  const anyTime = othersTurn && pending?.kind !== 'attack';
  return legal.every((l) => l.command.type === 'Pass' || OFFER_TYPES.has(l.command.type) || (anyTime && ANY_TIME_TYPES.has(l.command.type)));
}

export interface Required {
  /** The command kinds that do it. */
  types: string[];
  /** What the step asks, in a player's words. */
  text: string;
}

const REQUIRED: [string[], string][] = [
  [['DrawEventCard'], 'Draw the Event card to start your turn.'],
  [['AcceptOffer', 'RejectOffer'], 'Answer the offer: accept or refuse it.'],
  [['DiscardCrownCard'], 'Discard one card to end your turn: End turn shows your hand to choose from.'],
  [['AwardChanceryCard', 'DiscardChanceryCard'], 'Award the Chancery cards drawn at Parliament (tap a card, then a Noble).'],
  [['ChooseVictim'], 'Choose which of your tied Nobles dies.'],
  [['ChooseRaidLine'], 'Choose where your Noble answers the Raid or Revolt.'],
  [['ChooseStormPort'], 'Choose the port your ship runs to before the storm (tap it on the map).'],
  [['EnterConquered'], 'Choose who goes inside the place taken (tap a Noble), or pass.'],
  [['Accompany'], 'Choose who goes with the King, or pass.'],
  [['LandInside'], 'Choose who goes inside a friendly place after landing, or pass.'],
  [['CommitAttacker', 'LaunchAttack', 'CallOffAttack'], 'Your attack: commit Nobles, then launch it or call it off.'],
  [['ExecuteRoyal', 'ReallocateRoyal'], 'You hold Royals of both houses too long: execute one or give one away.'],
];

/**
 * What the step requires of you when it cannot simply be ended or passed (neither End step nor
 * Pass is offered), else null.
 */
export function requiredOf(legal: LegalCommand[]): Required | null {
  if (!legal.length || has(legal, 'EndStep')) return null;
  for (const [types, text] of REQUIRED) {
    // An attack being assembled (Nobles to commit, or launch): once launched, only calling it
    // off is left beside the battle's card window, which is not the assembling step.
    const present = types.includes('CommitAttacker') ? types.filter((t) => t !== 'CallOffAttack') : types;
    if (present.some((t) => has(legal, t))) {
      // A Pass beside them makes them optional (EnterConquered, Accompany, LandInside, a battle's window).
      if (has(legal, 'Pass') && !types.includes('AcceptOffer') && !types.includes('CommitAttacker')) return null;
      return { types, text };
    }
  }
  return null;
}

/**
 * Whether "End turn" may end this step: it is your turn and the step can be ended, or passed
 * (a window of your own turn, politicking among them: End turn means you are done, so it
 * passes whatever else you might have played or offered there).
 */
export function canFlowOn(clock: Clock, you: number, legal: LegalCommand[]): 'EndStep' | 'Pass' | null {
  if (clock.active !== you) return null;
  if (has(legal, 'EndStep')) return 'EndStep';
  if (has(legal, 'Pass')) return 'Pass';
  return null;
}

/** Your prompt in words: what the step asks, or what you may do, for the phase. */
export function yourPrompt(clock: Clock, pending: Pending | null, legal: LegalCommand[], you: number): string {
  const required = requiredOf(legal);
  if (required) return required.text;
  if (pending?.kind === 'offer') return 'Answer the offer: accept or refuse it.';
  if (isWindow(pending)) {
    if (pending?.kind === 'parliament') return 'Parliament: send Nobles to attend (tap a Noble), or pass.';
    if (pending?.kind === 'attack') return 'A battle: you may add cards to it, or pass.';
    if (pending?.kind === 'politicking') return 'Politicking: you may play or award cards, or pass.';
    return 'You may play cards before the Event takes effect, or pass.';
  }
  if (clock.active !== you) return 'Your decision.';
  switch (clock.phase) {
    case 'movement':
      return 'Movement: tap one of your Nobles or ships, then where it goes. End turn when you are done.';
    case 'combat':
      return has(legal, 'StartAttack')
        ? 'Combat: tap an enemy or a place marked on the map to attack it, or end your turn.'
        : 'Combat: nothing can be attacked from where your Nobles stand. End your turn or move on.';
    case 'parliament':
      return has(legal, 'SummonParliament') ? 'Parliament: tap a marked Area to summon Parliament there, or move on.' : 'Parliament: you cannot summon one now. Move on.';
    case 'coronation':
      return has(legal, 'Crown') ? 'Coronation: tap a Royal you hold to crown it, or move on.' : 'Coronation: no Royal of yours can be crowned now. Move on.';
    case 'end_of_turn':
      return `End of turn (${phaseWords(clock).replace(/^End of Turn phase, /, '')}): award or play cards from your hand, or end your turn.`;
    default:
      return 'Your move.';
  }
}

/**
 * Whether an unspent Free Move could still do something now: some piece could move by a Free
 * Move and by no other way (it has moved this turn already). A Free Move beside a piece's own
 * ordinary move adds nothing the player is giving up by ending Movement.
 */
export function freeMovesUseful(legal: LegalCommand[]): boolean {
  const paid = new Set<string>();
  const free = new Set<string>();
  for (const { command: c } of legal) {
    if (!('free' in c)) continue;
    const actor = 'noble' in c ? `noble:${String(c.noble)}` : 'ship' in c ? `ship:${String(c.ship)}` : 'other';
    (c.free ? free : paid).add(actor);
  }
  return [...free].some((actor) => !paid.has(actor));
}
