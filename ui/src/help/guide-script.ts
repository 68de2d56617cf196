// The guided first game's script, pure: a fixed-seed game against one Easy bot, and for each
// step of your first two rounds a short note — what to look at, what to try, and why it
// matters — with its rule. The guide only talks: it never plays for the person.

import type { NewGame } from '../bindings/NewGame';
import type { RuleLink } from '../bindings/RuleLink';

/** The guided game: seed 1461 (the year of Towton), you and one Easy bot, pre-set Factions. */
export const GUIDED_GAME: NewGame = {
  mode: 'casual',
  seats: [{ kind: 'human' }, { kind: 'bot', tier: 'easy', seed: 1462 }],
  setup: 'preset',
  two_player_variant: null,
  time_limit_rounds: null,
  seed: 1461,
};

/** The rounds the script covers. */
export const GUIDED_ROUNDS = 2;

/** One note of the script. */
export interface GuideNote {
  id: string;
  title: string;
  /** What to look at or try. */
  text: string;
  /** Why it matters. */
  why: string;
  rule: RuleLink;
}

const r = (section: string, anchor: string | null = null): RuleLink => ({ section, anchor });

/** Notes by round and step key (a decision, or `phase.…` as `stepKey` gives it). */
const SCRIPT: Record<number, Record<string, Omit<GuideNote, 'id'>>> = {
  1: {
    'phase.event': {
      title: 'Your first turn: the Event card',
      text: 'Every turn opens with an Event card. Press “Draw the Event card” and look at the Event panel to see what it did.',
      why: 'Events move Nobles to Raids and Revolts, send the King on Embassies, and Plague can kill. Knowing the deck helps you guess what comes next.',
      rule: r('events', '8.01'),
    },
    before_event: {
      title: 'Before the Event acts',
      text: 'You may play a card from your hand before the Event takes effect. Nothing is needed now: Pass.',
      why: 'Later, a card played at the right moment can save a Noble from a Plague or strengthen one called to a Raid.',
      rule: r('events', '8.02'),
    },
    'phase.movement': {
      title: 'Moving your Nobles',
      text: 'Tap one of your Nobles (your colour on the map). The places it can reach are ringed; tap one to move there. Try moving a Noble towards a Royal, or into one of your castles.',
      why: 'Royals are the heart of the game: a Royal with your Nobles scores Prestige, and a crowned King of yours is what a Prestige Victory needs.',
      rule: r('movement', '9.02'),
    },
    'phase.combat': {
      title: 'No fighting yet',
      text: 'In round 1 nobody may attack another Faction’s Nobles. End the phase.',
      why: 'The quiet first round lets everyone set up; from round 2 an unguarded Noble or Royal can be attacked.',
      rule: r('setup', '3.26'),
    },
    'phase.parliament': {
      title: 'Parliament',
      text: 'Parliament needs a Clamour card in play and the King under your control; neither is likely yet. End the phase.',
      why: 'Parliament hands out the Chancery’s Titles and Offices, and Offices are Prestige.',
      rule: r('parliament', '12.01'),
    },
    'phase.coronation': {
      title: 'Coronation',
      text: 'Crowning needs the senior Royal of a house, a cathedral and churchmen. End the phase for now.',
      why: 'A crowned King of yours is worth the most Prestige of any piece.',
      rule: r('coronation', '13.01'),
    },
    'phase.end_of_turn.3': {
      title: 'Leaving the walls',
      text: 'Your Nobles inside castles may step out into the open field. Staying inside is safer: end the step.',
      why: 'Inside a fortified place a Noble can only be taken by a siege, which needs at least as many troops as the garrison and the Nobles inside.',
      rule: r('end-of-turn', '14.06'),
    },
    politicking: {
      title: 'Politicking',
      text: 'You drew two Crown cards. Look at your hand (the Cards tab): a Noble card can be played to add a Noble. Pass when you are done.',
      why: 'More Nobles and more cards mean more troops, and troops decide battles and sieges.',
      rule: r('end-of-turn', '14.07'),
    },
    'phase.end_of_turn.5': {
      title: 'Discard one card',
      text: 'Having drawn two cards, you give one back: choose the card you need least.',
      why: 'Keep Nobles, Offices and churchmen; a lone Mercenary or a far-away Town matters less.',
      rule: r('end-of-turn', '14.10'),
    },
  },
  2: {
    'phase.event': {
      title: 'Round 2',
      text: 'Draw the Event card again. Then look at the Prestige tab: it says what you count and what stands between you and a claim.',
      why: 'Prestige Victory is the usual way to win: reach the target with a crowned King and hold it for a turn.',
      rule: r('winning', '15.03'),
    },
    'phase.movement': {
      title: 'Gather your strength',
      text: 'Move Nobles together so they can defend or attack as one stack, and keep at least one Noble with each Royal you control.',
      why: 'All your Nobles in one open field defend as a single stack, and a Royal left alone can be taken by anyone.',
      rule: r('factions', '2.14'),
    },
    'phase.combat': {
      title: 'Attacks are open',
      text: 'From now on you may attack enemies in the same Area: a battle in the open field, a siege of a castle. Attack only with clearly better odds, or end the phase.',
      why: 'The larger side wins if the odds on the drawn card are met, and the winner captures the losers and their Royals.',
      rule: r('combat', '10.13'),
    },
    politicking: {
      title: 'Deals',
      text: 'Offers let you trade cards, ransom captives or form Alliances once a head of a house is controlled. Pass if you have nothing to offer.',
      why: 'In an Alliance you win together, with a higher Prestige target.',
      rule: r('negotiation', 'offers'),
    },
    'phase.end_of_turn.5': {
      title: 'That is the guided part',
      text: 'Discard a card to end your turn. From here you are on your own: every refusal says why, every step says what it is for, and the Rules button has the whole rulebook in our words.',
      why: 'The whole game is there to learn as you play.',
      rule: r('turn', '7.02'),
    },
  },
};

/** While a bot plays. */
const WAITING: Omit<GuideNote, 'id'> = {
  title: 'The other Faction’s turn',
  text: 'The bot is playing its turn. Watch the map and the “Since your last turn” list: each line shows what it did.',
  why: 'Knowing where the enemy’s Nobles and Royals went tells you where you are safe and what you could attack.',
  rule: r('turn', '7.01'),
};

/** The note for a moment of the game: the round, whether it is your decision, and the step key. */
export function guideNote(round: number, yours: boolean, key: string): GuideNote | null {
  if (round > GUIDED_ROUNDS) return null;
  if (!yours) return { id: `r${round}.waiting`, ...WAITING };
  const key2 = key === 'phase.end_of_turn.4' ? 'politicking' : key;
  const note = SCRIPT[round]?.[key2];
  return note ? { id: `r${round}.${key2}`, ...note } : null;
}

/** Every note of the script (for tests). */
export function allNotes(): GuideNote[] {
  return Object.entries(SCRIPT).flatMap(([round, notes]) =>
    Object.entries(notes).map(([key, note]) => ({ id: `r${round}.${key}`, ...note })),
  );
}
