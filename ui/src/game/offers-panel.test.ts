// The offers a bot makes of its own accord (card trades, gifts, swaps between Nobles, ships
// handed over or asked for) read, in the panel of the person they are made to, as what is
// offered for what, with names rather than ids.

import { describe, expect, it } from 'vitest';
import type { Content } from '../bindings/Content';
import type { View } from '../bindings/View';
import { offerText } from './model';

const content = {
  crown_cards: [
    { id: 'C2', name: 'Percy', type: 'untitled_noble', noble: 'percy' },
    { id: 'C3', name: 'Greystoke', type: 'untitled_noble', noble: 'greystoke' },
    { id: 'C31', name: 'Lord Chancellor', type: 'office' },
    { id: 'C58', name: 'Town of Hull', type: 'town' },
    { id: 'C68', name: 'Mercenaries', type: 'mercenary' },
    { id: 'C20', name: 'Lord Admiral', type: 'office', ships: [{ id: 'le_swan', name: 'The Swan' }] },
  ],
  event_cards: [],
  city_cards: [],
  major_cards: [],
  royals: [],
  locations: [],
  areas: [],
  sea_zones: [],
  zones: [],
  tables: { odds: [], prestige_victory: [] },
} as unknown as Content;

function offerFromBot(terms: unknown): View {
  return {
    viewer: { kind: 'faction', faction: 0 },
    factions: [
      { name: 'You', colour: 'red', prestige: 3, hand_size: 1, hand: ['C68'], revealed: [], free_moves: [], chancellor_cards: [] },
      { name: 'Percy (bot)', colour: 'blue', prestige: 2, hand_size: 1, hand: null, revealed: [], free_moves: [], chancellor_cards: [] },
    ],
    pending: { kind: 'offer', id: 7, from: 1, to: 0, terms },
  } as unknown as View;
}

describe("a bot's offer in the offers panel", () => {
  it('says what a trade, a gift and a swap give for what', () => {
    expect(offerText(content, offerFromBot({ kind: 'trade', give: ['C31'], take: ['C68'] }))).toBe(
      'Percy (bot) offers You Lord Chancellor in exchange for Mercenaries.',
    );
    expect(offerText(content, offerFromBot({ kind: 'gift', cards: ['C31'] }))).toBe('Percy (bot) offers You a gift: Lord Chancellor.');
    expect(
      offerText(content, offerFromBot({ kind: 'exchange', give: 'C68', from: 'percy', take: 'C58', to: 'greystoke' })),
    ).toBe('Percy (bot) offers Mercenaries of Percy for Town of Hull of Greystoke.');
  });

  it('names the ship handed over or asked for', () => {
    expect(offerText(content, offerFromBot({ kind: 'ship_hand_over', ship: 'le_swan' }))).toBe('Percy (bot) offers You the ship The Swan.');
    expect(offerText(content, offerFromBot({ kind: 'ship_loan', ship: 'le_swan' }))).toBe('Percy (bot) asks You to lend the ship The Swan.');
  });
});

describe('what accepting an offer does', () => {
  it('says it in a line, with the rule behind it', async () => {
    const { acceptWords } = await import('./model');
    const content = { crown_cards: [], cards: { cards: [] }, nobles: [], locations: [], ships: [] } as unknown as Parameters<typeof acceptWords>[0];
    const alliance = acceptWords(content, { kind: 'alliance' });
    expect(alliance.text).toMatch(/^Accepting forms the Alliance at once: .*only win together/);
    expect(alliance.rule.section).toBe('alliances');
    expect(acceptWords(content, { kind: 'gift', cards: [] }).text).toMatch(/^Accepting puts nothing in your hand/);
  });
});
