// What the map shows while you play, built from the view and your legal commands: every piece
// named for screen readers ("Neville's Faction: Neville and Scrope, 2 Nobles, in York"), the
// ones that can act, the chosen one and where it can go (exactly the legal commands filtered by
// the choice, via ./intents.ts), and the way to the target under the pointer. Pure.

import type { BattlePreview } from '../bindings/BattlePreview';
import type { Content } from '../bindings/Content';
import type { View } from '../bindings/View';
import type { MapGeometry, Point } from '../geometry';
import type { MapPlay, PlayAnimation, PlayMoment, PlaySpot, PlayTarget } from '../map/map-play';
import { nobleKey } from '../map/pieces-layer';
import { stackPieces, type Board } from '../map/pieces';
import { actorKey, actorsWithActions, commandsForTarget, targetsFor, type Intent, type Target, type TargetOption } from './intents';
import { placeName } from './model';
import { endPoint, routePoints, targetEnd, type End } from './routes';
import { placeEnd, shipEnd, type Changes, type Moved } from './changes';
import { factionColour, factionLetters } from '../map/pieces';
import type { MapFocus } from './model';

/** A piece of the map and the actors (Nobles, ship, Royal) it stands for. */
export interface PieceInfo {
  key: string;
  actors: string[];
  label: string;
}

export interface PlayModel {
  play: MapPlay;
  pieces: Map<string, PieceInfo>;
  /** Targets by map key (a piece key may gather several: one per Noble of a stack). */
  targets: Map<string, TargetOption[]>;
}

function spotWords(content: Content, spot: string): string {
  const [kind, id] = [spot.slice(0, spot.indexOf(':')), spot.slice(spot.indexOf(':') + 1)];
  if (kind === 'location') return `in ${placeName(content, id)}`;
  if (kind === 'field') return `in the open field of ${placeName(content, id)}`;
  if (kind === 'port') return `in port at ${placeName(content, id)}`;
  return `at sea in ${placeName(content, id)}`;
}

const list = (names: string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);

/** Every piece of the board with its key, actors and accessible name. */
export function pieceInfos(content: Content, board: Board): Map<string, PieceInfo> {
  const out = new Map<string, PieceInfo>();
  const { stacks } = stackPieces(board, content.geometry);
  for (const stack of stacks) {
    const where = spotWords(content, stack.key);
    for (const group of stack.nobles) {
      const faction = board.factions[group.faction];
      const key = nobleKey(stack.key, group.faction);
      out.set(key, {
        key,
        actors: group.ids.map((id) => `noble:${id}`),
        label: `${faction?.name ?? 'A faction'}${faction?.you ? ' (you)' : ''}: ${list(group.names)}, ${group.count} Noble${group.count === 1 ? '' : 's'}, ${where}`,
      });
    }
    for (const royal of stack.royals) {
      out.set(`royal:${royal.id}`, {
        key: `royal:${royal.id}`,
        actors: [`royal:${royal.id}`],
        label: `${royal.name}, Royal of ${royal.house === 'york' ? 'York' : 'Lancaster'}${royal.crowned ? ', crowned' : ''}, ${where}`,
      });
    }
    for (const ship of stack.ships) {
      const holder = ship.faction === undefined ? 'no faction' : board.factions[ship.faction]?.name;
      out.set(`ship:${ship.id}`, { key: `ship:${ship.id}`, actors: [`ship:${ship.id}`], label: `Ship ${ship.name} (${holder}), ${where}` });
    }
  }
  return out;
}

/** The map piece a Noble is drawn in. */
export function pieceOfNoble(pieces: Map<string, PieceInfo>, noble: string): string | undefined {
  for (const info of pieces.values()) if (info.actors.includes(`noble:${noble}`)) return info.key;
  return undefined;
}

function targetSpot(target: Target, pieces: Map<string, PieceInfo>): PlaySpot | undefined {
  switch (target.kind) {
    case 'location':
      return { location: target.id };
    case 'field':
      return { area: target.id };
    case 'sea':
      return { sea: target.id };
    case 'noble': {
      const piece = pieceOfNoble(pieces, target.id);
      return piece ? { piece } : undefined;
    }
    case 'ship':
      return { piece: `ship:${target.id}` };
    case 'enemy':
      return { piece: nobleKey(`field:${target.area}`, target.faction) };
  }
}

/** The rules' odds of the attacks that could be started, by target key (`api.battlePreview`). */
export type AttackOdds = ReadonlyMap<string, BattlePreview>;

function style(option: TargetOption, odds: AttackOdds): PlayTarget['style'] {
  if (option.verb === 'attack' && odds.get(option.key)?.odds?.launchable === false) return 'weak';
  if (option.verb === 'attack' || option.verb === 'commit') return 'attack';
  if (option.freeOnly) return 'free';
  return option.verb === 'move' || option.verb === 'sail' || option.verb === 'board' || option.verb === 'passage' ? 'move' : 'act';
}

/** An attack's odds in words, as the rules give them: the two strengths, the step, or why it cannot be launched. */
export function oddsWords(preview: BattlePreview | undefined): string {
  const odds = preview?.odds;
  if (!odds) return '';
  const sides = `${odds.attack.strength} against ${odds.defence.strength}`;
  if (!odds.launchable) return ` — cannot be launched as it stands (${sides}): ${preview.reason ?? preview.code ?? 'the rules refuse it'}`;
  return ` — ${sides}${!odds.siege && odds.step ? `, ${odds.step} for the ${odds.larger === 'attack' ? 'attack' : 'defence'}` : ''}`;
}

function label(option: TargetOption, odds: AttackOdds): string {
  // What a tap gives: the move rather than a request for passage, not a Free Move when another way gets there.
  const first = (commandsForTarget(option).commands[0] ?? option.intents[0]).legal.description;
  const actors = new Set(option.intents.map((i) => (i.actor ? actorKey(i.actor) : '')));
  const more = actors.size > 1 ? ` (${actors.size} pieces)` : '';
  const chances = option.verb === 'attack' ? oddsWords(odds.get(option.key)) : '';
  return `${first}${more}${option.freeOnly ? ' — uses a Free Move' : ''}${chances}`;
}

/** Where an actor stands, as a route end. */
export function actorEnd(view: View, actor: string): End | undefined {
  const [kind, id] = [actor.slice(0, actor.indexOf(':')), actor.slice(actor.indexOf(':') + 1)];
  if (kind === 'noble') return placeEnd(view, view.nobles[id]?.place);
  if (kind === 'ship') return view.ships[id] ? shipEnd(view.ships[id].place) : undefined;
  return undefined;
}

/** The way from the chosen piece to a target, drawn while the target is hovered or focused. */
export function routeTo(content: Content, geometry: MapGeometry, view: View, option: TargetOption): Point[] | undefined {
  // The way of the command a tap gives, as the rules give it (a road move's `way`).
  const intent: Intent = commandsForTarget(option).commands[0] ?? option.intents[0];
  if (!intent.actor) return undefined;
  const from = actorEnd(view, actorKey(intent.actor));
  const to = targetEnd(intent.target!);
  if (!from || !to) return undefined;
  const command = intent.legal.command;
  const how = command.type === 'Sail' ? 'sea' : intent.legal.way ? 'road' : 'straight';
  return routePoints(content, geometry, from, to, how, intent.legal.way);
}

/** The play layer for the map. */
export function buildPlay(
  content: Content,
  view: View,
  board: Board,
  intents: Intent[],
  selection: string[],
  hovered: string | undefined,
  moments: PlayMoment[],
  animations: PlayAnimation[],
  areaOf: (location: string) => string | undefined,
  attackOdds: AttackOdds = new Map(),
): PlayModel {
  const pieces = pieceInfos(content, board);
  const able = actorsWithActions(intents);
  const chosen = new Set(selection);
  const playPieces: MapPlay['pieces'] = {};
  for (const info of pieces.values()) {
    playPieces[info.key] = { label: info.label, selectable: info.actors.some((a) => able.has(a)) };
  }
  const selected = [...pieces.values()].filter((p) => p.actors.some((a) => chosen.has(a))).map((p) => p.key);
  const options = targetsFor(intents, chosen, view, areaOf);
  const targets = new Map<string, TargetOption[]>();
  const playTargets: PlayTarget[] = [];
  for (const option of options) {
    const at = targetSpot(option.target, pieces);
    if (!at) continue;
    const key = 'piece' in at ? at.piece : option.key;
    if (!targets.has(key)) {
      targets.set(key, []);
      playTargets.push({ key, at, label: label(option, attackOdds), style: style(option, attackOdds) });
    }
    targets.get(key)!.push(option);
  }
  const hoveredOption = hovered ? targets.get(hovered)?.[0] : undefined;
  return {
    pieces,
    targets,
    play: {
      pieces: playPieces,
      selected,
      targets: playTargets,
      hovered,
      route: hoveredOption && chosen.size ? routeTo(content, content.geometry, view, hoveredOption) : undefined,
      moments,
      animations,
    },
  };
}

/** Pieces that moved, drawn moving along their way (road, sea or straight) for `duration` ms from `start`. */
export function animationsOf(content: Content, after: View, moved: Moved[], start: number, duration: number): PlayAnimation[] {
  const letters = factionLetters(after.factions.map((f) => ({ name: f.name, colour: f.colour })));
  return moved.map((m) => {
    const colour = m.faction === undefined ? { fill: '#d9d9d9', text: '#000' } : factionColour(m.faction, after.factions[m.faction]?.colour);
    return {
      key: `${m.kind}:${m.id}`,
      kind: m.kind,
      fill: colour.fill,
      text: colour.text,
      letter: m.faction === undefined ? '' : (letters[m.faction] ?? ''),
      points: routePoints(content, content.geometry, m.from, m.to, m.how, m.way),
      start,
      duration,
    };
  });
}

/** Where changes happened, for the map to show (a digest line opened). */
export function focusOfChanges(changes: Changes): MapFocus {
  const ends = [...changes.moved.map((m) => m.to), ...changes.moved.map((m) => m.from), ...changes.moments.flatMap((m) => (m.at ? [m.at] : []))];
  return {
    locations: [...new Set(ends.flatMap((e) => ('location' in e ? [e.location] : [])))],
    areas: [...new Set(ends.flatMap((e) => ('area' in e ? [e.area] : 'sea' in e ? [e.sea] : [])))],
  };
}

/**
 * What the map brings into view once a piece is chosen: where it stands and the `n` marked places
 * nearest to it (all of them would often be the whole of England), so the map follows the piece.
 */
export function revealFocus(content: Content, view: View, selection: string[], targets: PlayTarget[], n = 8): MapFocus {
  const from = selection.map((a) => actorEnd(view, a)).find((e) => e);
  const origin = from && endPoint(content.geometry, from);
  const spots = targets.map((t) => t.at).filter((a): a is End => !('piece' in a));
  const near = origin
    ? spots
        .map((e) => ({ e, p: endPoint(content.geometry, e) }))
        .filter((x) => x.p)
        .sort((a, b) => Math.hypot(a.p![0] - origin[0], a.p![1] - origin[1]) - Math.hypot(b.p![0] - origin[0], b.p![1] - origin[1]))
        .slice(0, n)
        .map((x) => x.e)
    : spots;
  const ends = from ? [from, ...near] : near;
  return {
    locations: ends.flatMap((e) => ('location' in e ? [e.location] : [])),
    areas: ends.flatMap((e) => ('area' in e ? [e.area] : 'sea' in e ? [e.sea] : [])),
  };
}
