// A demo board built from the content, for `?demo=pieces` and the UI tests only: the five
// pre-set Factions of a 5-player game with each Noble at its home castle, the Royals at their
// start places, the Ships at their home ports, and a few made-up positions (a Noble in an open
// field, a ship at sea, a siege) so that every kind of piece shows. It is NOT a game state.

import type { Content } from '../bindings/Content';
import type { Board, BoardNoble, BoardShip } from './pieces';

export function demoBoard(content: Content): Board {
  const factions = content.factions.filter((f) => f.players === 5);
  const board: Board = {
    factions: factions.map((f, i) => ({ name: f.name, you: i === 0 })),
    nobles: [],
    royals: [],
    ships: [],
    control: [],
    besieged: [],
  };
  const card = (id: string) => content.crown_cards.find((c) => c.id === id);
  factions.forEach((faction, index) => {
    for (const member of faction.nobles) {
      const noble = card(member.card);
      if (!noble) continue;
      const home = noble.locations[0];
      if (home) {
        const piece: BoardNoble = { id: noble.noble ?? noble.id, name: noble.name, faction: index, at: { location: home } };
        board.nobles.push(piece);
      }
      for (const id of [member.card, ...member.awards]) {
        const c = card(id);
        if (!c) continue;
        for (const location of c.locations) board.control.push({ location, faction: index });
        for (const ship of c.ships) {
          board.ships.push({ id: ship.id, name: ship.name, faction: index, at: { port: ship.home_port } });
        }
      }
    }
  });
  for (const royal of content.royals) {
    board.royals.push({
      id: royal.id,
      name: royal.name,
      house: royal.house,
      crowned: royal.crowned_at_start,
      at: { location: royal.start },
    });
  }
  // Made-up positions so that every kind of piece shows.
  const shipCards = content.crown_cards.filter((c) => c.type === 'ship');
  const seaShip = shipCards[0]?.ships[0];
  if (seaShip) {
    const port = content.ports.find((p) => p.location === seaShip.home_port);
    const atSea: BoardShip = { id: seaShip.id, name: seaShip.name, at: { sea: port?.sea_zone ?? 'irish_sea' } };
    board.ships.push(atSea);
  }
  const inPort = shipCards[1]?.ships[0];
  if (inPort) board.ships.push({ id: inPort.id, name: inPort.name, at: { port: inPort.home_port } });
  const first = board.nobles[0];
  if (first && 'location' in first.at) {
    const area = content.locations.find((l) => l.id === (first.at as { location: string }).location)?.area;
    if (area) {
      // Two Nobles of different factions meet in one open field.
      board.nobles.push({ id: 'demo_field_a', name: 'A Noble in the field', faction: 0, at: { field: area } });
      board.nobles.push({ id: 'demo_field_b', name: 'An enemy Noble', faction: 1, at: { field: area } });
      board.besieged.push((first.at as { location: string }).location);
    }
  }
  // Three Nobles of one faction stacked in London, with Henry VI.
  for (const [i, name] of ['Stack one', 'Stack two'].entries()) {
    board.nobles.push({ id: `demo_london_${i}`, name, faction: 2, at: { location: 'london' } });
  }
  return board;
}
