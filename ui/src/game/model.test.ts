import { describe, expect, it } from 'vitest';
import type { Content } from '../bindings/Content';
import type { LegalCommand } from '../bindings/LegalCommand';
import { battleDrawing, boardFromView, commandFocus, groupCommands, offerText, pendingFocus, shipName, subGroups } from './model';
import type { View } from '../bindings/View';
import type { BattlePreview } from '../bindings/BattlePreview';

const content = {
  crown_cards: [
    { id: 'C1', name: 'Neville, Earl of Warwick', type: 'titled_noble', noble: 'neville' },
    { id: 'C2', name: 'Percy', type: 'untitled_noble', noble: 'percy' },
  ],
  event_cards: [{ id: 'E1', name: 'Revolt', combat: { result: '3-2', killed: ['percy'] } }],
  city_cards: [],
  major_cards: [],
  royals: [{ id: 'R01', name: 'Henry VI', house: 'lancaster' }],
  locations: [{ id: 'york', name: 'York', area: 'area_york', garrison: 100 }],
  areas: [{ id: 'area_york', name: 'Vale of York' }],
  sea_zones: [],
  zones: [],
  tables: {
    odds: [
      { step: 'majority', larger_part: 1, smaller_part: 1, strict: true },
      { step: '3-2', larger_part: 3, smaller_part: 2, strict: false },
      { step: '2-1', larger_part: 2, smaller_part: 1, strict: false },
    ],
    prestige_victory: [{ players: 3, targets: [12] }],
  },
} as unknown as Content;

function view(patch: Partial<View> = {}): View {
  return {
    viewer: { kind: 'faction', faction: 0 },
    clock: { round: 1, turn: 0, active: 0, phase: 'movement', step: 1 },
    order: [0, 1],
    factions: [
      { name: "Neville's Faction", colour: 'red', prestige: 3, hand_size: 0, hand: [], revealed: [], free_moves: [], chancellor_cards: [] },
      { name: "Percy's Faction", colour: 'blue', prestige: 2, hand_size: 1, hand: null, revealed: [], free_moves: [], chancellor_cards: [] },
    ],
    nobles: {
      neville: { faction: 0, card: 'C1', awards: [], cities: [], majors: [], place: { kind: 'field', area: 'area_york' }, moved_round: null, attacked_round: null, seq: 1 },
      percy: { faction: 1, card: 'C2', awards: [], cities: [], majors: [], place: { kind: 'inside', location: 'york' }, moved_round: null, attacked_round: null, seq: 2 },
    },
    royals: { R01: { place: { kind: 'with', noble: 'neville' }, crowned: true, gained_round: null } },
    ships: {},
    control: { york: { faction: 1, source: { kind: 'card', card: 'C2' } } },
    crown_deck_size: 10,
    crown_discard: [],
    chancery: [],
    event_deck_size: 10,
    event_discard: [],
    clamours: [],
    besieged: {},
    kings_peace: null,
    tile_revealed: false,
    prestige_claim: null,
    alliances: [],
    pending: null,
    awaiting: [0],
    outcome: null,
    ...patch,
  };
}

const legal = (command: Record<string, unknown>): LegalCommand => ({ command: command as LegalCommand['command'], description: JSON.stringify(command), undoable: true });

describe('the game model', () => {
  it('names a ship as its card gives it, not by its id', () => {
    const withShip = {
      ...content,
      crown_cards: [{ id: 'C54', name: 'Ship', type: 'ship', ships: [{ id: 'le_swan', name: 'The Swan' }] }],
    } as unknown as Content;
    expect(shipName(withShip, 'le_swan')).toBe('The Swan');
    expect(shipName(content, 'le_swan')).toBe('le swan');
  });

  it('draws Nobles, Royals with their Noble, and control from the view', () => {
    const board = boardFromView(content, view(), 0);
    expect(board.factions.map((f) => [f.you, f.colour])).toEqual([[true, 'red'], [false, 'blue']]);
    expect(board.nobles).toEqual([
      { id: 'neville', name: 'Neville, Earl of Warwick', faction: 0, at: { field: 'area_york' } },
      { id: 'percy', name: 'Percy', faction: 1, at: { location: 'york' } },
    ]);
    expect(board.royals[0]).toMatchObject({ id: 'R01', crowned: true, house: 'lancaster', at: { field: 'area_york' } });
    expect(board.control).toEqual([{ location: 'york', faction: 1 }]);
  });

  it('groups commands by kind, finishing first, and splits long groups by Noble', () => {
    const commands = [
      legal({ type: 'MoveNoble', noble: 'neville', to: { area: 'a', inside: null } }),
      legal({ type: 'EndStep' }),
      legal({ type: 'MoveNoble', noble: 'percy', to: { area: 'b', inside: 'york' } }),
    ];
    const groups = groupCommands(commands);
    expect(groups.map((g) => g.title)).toEqual(['Finish', 'Move a Noble']);
    expect(subGroups(groups[1]).map((s) => [s.actor, s.commands.length])).toEqual([
      ['noble:neville', 1],
      ['noble:percy', 1],
    ]);
  });

  it('points a command at its place on the map', () => {
    const v = view();
    // A move also says where the Noble starts (neville stands in the open field of area_york).
    expect(commandFocus(v, { type: 'MoveNoble', noble: 'neville', kind: 'road', free: false, to: { area: 'area_york', inside: 'york' } })).toEqual({ locations: ['york'], areas: [], from: { area: 'area_york' } });
    expect(commandFocus(v, { type: 'MoveNoble', noble: 'neville', kind: 'road', free: false, to: { area: 'area_x', inside: null } })).toEqual({ locations: [], areas: ['area_x'], from: { area: 'area_york' } });
    expect(commandFocus(v, { type: 'StartAttack', area: 'area_york', target: { kind: 'location', location: 'york' } }).locations).toEqual(['york']);
    expect(commandFocus(v, { type: 'AwardCard', card: 'C9', noble: 'percy' })).toEqual({ locations: ['york'], areas: [] });
  });

  // The service's answer (`api.battlePreview`) for Neville (150) besieging York, where Percy
  // (100) is inside: the rules count York's garrison (100) with the Nobles inside, so the
  // defence is 200 and the siege is too weak to launch (10.43). The panel only draws it.
  const yorkSiege: BattlePreview = {
    odds: {
      area: 'area_york',
      target: { kind: 'location', location: 'york' },
      siege: true,
      stage: 'assembling',
      attack: {
        faction: 0,
        nobles: [{ noble: 'neville', faction: 0, strength: 150, without_bonus: 150, not_counted: 0, could_be_killed: false, ally: false }],
        garrison: 0,
        strength: 150,
        without_bonus: 150,
      },
      defence: {
        faction: 1,
        nobles: [{ noble: 'percy', faction: 1, strength: 100, without_bonus: 100, not_counted: 0, could_be_killed: true, ally: false }],
        garrison: 100,
        strength: 200,
        without_bonus: 200,
      },
      larger: 'defence',
      step: 'majority',
      very_weak: false,
      launchable: false,
    },
    code: 'too_weak_to_besiege',
    reason: 'the attackers are too weak to besiege York',
    rule: null,
  };

  it('draws a siege as the rules count it: the garrison with the Nobles inside, and why it cannot be launched', () => {
    const battle = battleDrawing(content, yorkSiege)!;
    expect(battle.title).toBe('Siege at York');
    expect(battle.attack).toMatchObject({ faction: 0, strength: 150, lines: ['Neville, Earl of Warwick (150)'] });
    expect(battle.defence).toMatchObject({ faction: 1, strength: 200, garrison: 100, lines: ['Percy (100)'] });
    expect(battle.couldBeKilled).toEqual(['Percy']);
    expect(battle.refusal).toBe('Cannot be launched as it stands: the attackers are too weak to besiege York.');
    expect(battle.odds).toMatch(/^decided by strength/);
  });

  it('draws allies, bonuses and traded cards in a battle in the field, and its step of the Table', () => {
    const field: BattlePreview = {
      ...yorkSiege,
      code: null,
      reason: null,
      odds: {
        ...yorkSiege.odds!,
        target: { kind: 'field', faction: 1 },
        siege: false,
        attack: { ...yorkSiege.odds!.attack, nobles: [{ ...yorkSiege.odds!.attack.nobles[0], strength: 300, without_bonus: 250, not_counted: 50 }], strength: 300, without_bonus: 250 },
        defence: {
          faction: 1,
          nobles: [
            { noble: 'percy', faction: 1, strength: 100, without_bonus: 100, not_counted: 0, could_be_killed: true, ally: false },
            { noble: 'stafford', faction: 2, strength: 50, without_bonus: 50, not_counted: 0, could_be_killed: false, ally: true },
          ],
          garrison: 0,
          strength: 150,
          without_bonus: 150,
        },
        larger: 'attack',
        step: '2-1',
        launchable: true,
      },
    };
    const battle = battleDrawing(content, field)!;
    expect(battle.title).toBe('Battle at Vale of York');
    expect(battle.attack.lines).toEqual(['Neville, Earl of Warwick (300; 250 without regional bonus; 50 on cards traded this turn not counted)']);
    expect(battle.defence.lines).toEqual(['Percy (100)', 'stafford (50; ally)']);
    expect(battle.defence.strength).toBe(150);
    expect(battle.odds).toMatch(/^2-1 for the attacker/);
    expect(battle.refusal).toBeNull();
    expect(battleDrawing(content, { ...field, odds: null })).toBeNull();
  });

  it('says what an offer waiting for an answer proposes', () => {
    expect(offerText(content, view())).toBeNull();
    const passage = view({ pending: { kind: 'offer', id: 1, from: 1, to: 0, terms: { kind: 'passage', noble: 'percy', through: 'york', to: 'area_york' } } });
    expect(offerText(content, passage)).toBe("Percy's Faction asks Neville's Faction to let Percy pass through York on the way to Vale of York.");
    const gift = view({ pending: { kind: 'offer', id: 2, from: 0, to: 1, terms: { kind: 'gift', cards: ['C1'] } } });
    expect(offerText(content, gift)).toBe("Neville's Faction offers Percy's Faction a gift: Neville, Earl of Warwick.");
    const alliance = view({ pending: { kind: 'offer', id: 3, from: 1, to: 0, terms: { kind: 'alliance' } } });
    expect(offerText(content, alliance)).toBe("Percy's Faction proposes an Alliance with Neville's Faction.");
    const trade = view({ pending: { kind: 'offer', id: 4, from: 0, to: 1, terms: { kind: 'trade', give: ['C1'], take: [] } } });
    expect(offerText(content, trade)).toBe("Neville's Faction offers Percy's Faction Neville, Earl of Warwick in exchange for no cards.");
    const unknown = view({ pending: { kind: 'offer', id: 5, from: 1, to: 0, terms: { kind: 'future_deal' } as never } });
    expect(offerText(content, unknown)).toBe("Percy's Faction makes Neville's Faction an offer (future deal).");
  });
});

describe('where the decision under way is', () => {
  const at = (pending: unknown) => pendingFocus({ pending } as unknown as View);
  it('marks the place besieged, the Area of a battle or of Parliament, and the place an offer is about', () => {
    expect(at({ kind: 'attack', area: 'a1', target: { kind: 'location', location: 'york' } })).toEqual({ locations: ['york'], areas: [] });
    expect(at({ kind: 'attack', area: 'a1', target: { kind: 'field', faction: 1 } })).toEqual({ locations: [], areas: ['a1'] });
    expect(at({ kind: 'parliament', area: 'a2' })).toEqual({ locations: [], areas: ['a2'] });
    expect(at({ kind: 'offer', terms: { kind: 'hand_over', location: 'dover' } })).toEqual({ locations: ['dover'], areas: [] });
    expect(at(null)).toBeUndefined();
  });
});
