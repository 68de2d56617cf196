// Draws a Board (./pieces.ts) over the map, in screen pixels so pieces stay readable at every
// zoom. Nobles: a chip in the faction's colour with its letter, one chip per faction per spot,
// and a count badge when several stand together. Royals: a disc with L or Y (Lancaster, York),
// a gold crown when crowned. Ships: a hull. Faction markers: a small flag on the place.
// Besieged places: a dashed ring.

import { svg, type SVGTemplateResult } from 'lit';
import type { MapGeometry } from '../geometry';
import { factionColour, stackPieces, type Board, type Stack } from './pieces';
import type { Box } from './labels';
import { toScreen, type View } from './view';

const CHIP_W = 18;
const CHIP_H = 16;
const GAP = 5;

export interface PiecesDrawing {
  layer: SVGTemplateResult;
  /** Screen boxes the pieces cover, so names are not drawn under them. */
  boxes: Box[];
  /** Each piece's screen box and key, for taps and the keyboard. */
  hits: PieceHit[];
}

/**
 * A piece as the map hits it: one faction's Nobles at one spot (`nobles:<spot>:<faction>`), a
 * Royal (`royal:<id>`) or a ship (`ship:<id>`), with its screen box.
 */
export interface PieceHit {
  key: string;
  x: number;
  y: number;
  w: number;
  h: number;
  /** The stack it stands in (`location:york`, `field:area`, `port:bristol`, `sea:zone`). */
  spot: string;
  /** The Noble ids of a Nobles piece. */
  ids: string[];
}

/** How the play marks pieces: chosen, able to act, or what a chosen piece or card acts on. */
export interface PieceMarks {
  selected: Set<string>;
  selectable: Set<string>;
  targeted: Set<string>;
}

const markRing = (key: string, marks: PieceMarks | undefined, x: number, y: number, w: number, h: number) => {
  if (!marks) return null;
  if (marks.selected.has(key)) {
    return svg`<rect class="selected-ring" x=${x - 4} y=${y - 4} width=${w + 8} height=${h + 8} rx="5" fill="none" stroke="#000" stroke-width="4"></rect>
      <rect x=${x - 4} y=${y - 4} width=${w + 8} height=${h + 8} rx="5" fill="none" stroke="#f0e442" stroke-width="2.2"></rect>`;
  }
  if (marks.targeted.has(key)) {
    return svg`<rect class="target-ring" x=${x - 4} y=${y - 4} width=${w + 8} height=${h + 8} rx="5" fill="rgba(240,228,66,0.35)" stroke="#000" stroke-width="2" stroke-dasharray="4 2"></rect>`;
  }
  if (marks.selectable.has(key)) {
    return svg`<rect class="selectable-ring" x=${x - 3} y=${y - 3} width=${w + 6} height=${h + 6} rx="4" fill="none" stroke="#fff" stroke-width="2"></rect>`;
  }
  return null;
};

function stackWidth(stack: Stack): number {
  const items = stack.nobles.length + stack.royals.length + stack.ships.length;
  return items * (CHIP_W + GAP) - GAP;
}

export const nobleKey = (spot: string, faction: number) => `nobles:${spot}:${faction}`;

function nobleChip(stack: Stack, i: number, x: number, y: number, board: Board, letters: string[], marks?: PieceMarks) {
  const group = stack.nobles[i];
  const key = nobleKey(stack.key, group.faction);
  const colour = factionColour(group.faction, board.factions[group.faction]?.colour);
  const faction = board.factions[group.faction]?.name ?? `Faction ${group.faction + 1}`;
  const title = `${faction}: ${group.names.join(', ')}`;
  return svg`<g class="noble" data-faction=${group.faction} data-count=${group.count} data-piece=${key}>
    <title>${title}</title>${markRing(key, marks, x, y, CHIP_W, CHIP_H)}
    <rect x=${x} y=${y} width=${CHIP_W} height=${CHIP_H} rx="3" fill=${colour.fill} stroke="#1b1b1b" stroke-width="1.2"></rect>
    <text x=${x + CHIP_W / 2} y=${y + CHIP_H - 4} text-anchor="middle" font-size="11" font-weight="700"
      font-family="DejaVu Sans, sans-serif" fill=${colour.text}>${letters[group.faction] ?? '?'}</text>
    ${group.count > 1
      ? svg`<circle cx=${x + CHIP_W - 1} cy=${y - 1} r="6.5" fill="#fff" stroke="#1b1b1b" stroke-width="1"></circle>
          <text x=${x + CHIP_W - 1} y=${y + 2.5} text-anchor="middle" font-size="9.5" font-weight="700"
            font-family="DejaVu Sans, sans-serif" fill="#000">${group.count}</text>`
      : null}
  </g>`;
}

function royalDisc(stack: Stack, i: number, x: number, y: number, marks?: PieceMarks) {
  const royal = stack.royals[i];
  const lancaster = royal.house === 'lancaster';
  const cx = x + CHIP_W / 2;
  const cy = y + CHIP_H / 2;
  return svg`<g class="royal" data-royal=${royal.id} data-crowned=${royal.crowned} data-piece=${`royal:${royal.id}`}>${markRing(`royal:${royal.id}`, marks, x, y, CHIP_W, CHIP_H)}
    <title>${royal.name} (House of ${lancaster ? 'Lancaster' : 'York'})${royal.crowned ? ', crowned' : ''}</title>
    <circle cx=${cx} cy=${cy} r="8" fill=${lancaster ? '#b01c2e' : '#ffffff'} stroke="#1b1b1b" stroke-width="1.2"></circle>
    <text x=${cx} y=${cy + 4} text-anchor="middle" font-size="10.5" font-weight="700"
      font-family="DejaVu Sans, sans-serif" fill=${lancaster ? '#fff' : '#000'}>${lancaster ? 'L' : 'Y'}</text>
    ${royal.crowned
      ? svg`<path d="M${cx - 7},${y - 2} l2,-7 l2.5,4 l2.5,-5 l2.5,5 l2.5,-4 l2,7 z" fill="#f2c200" stroke="#1b1b1b" stroke-width="0.9"></path>`
      : null}
  </g>`;
}

function shipHull(stack: Stack, i: number, x: number, y: number, board: Board, letters: string[], marks?: PieceMarks) {
  const ship = stack.ships[i];
  const colour = ship.faction === undefined ? { fill: '#d9d9d9', text: '#000' } : factionColour(ship.faction, board.factions[ship.faction]?.colour);
  const holder = ship.faction === undefined ? 'no faction' : (board.factions[ship.faction]?.name ?? '');
  const where = 'sea' in ship.at ? 'at sea' : 'in port';
  return svg`<g class="ship" data-ship=${ship.id} data-piece=${`ship:${ship.id}`}>${markRing(`ship:${ship.id}`, marks, x, y - 2, CHIP_W, CHIP_H + 2)}
    <title>Ship ${ship.name}, ${where} (${holder})</title>
    <path d="M${x},${y + 7} h${CHIP_W} l-4,${CHIP_H - 7} h${-(CHIP_W - 8)} z" fill=${colour.fill} stroke="#1b1b1b" stroke-width="1.2"></path>
    <path d="M${x + CHIP_W / 2},${y + 7} v-8 l6,6 z" fill="#fff" stroke="#1b1b1b" stroke-width="0.9"></path>
    ${ship.faction === undefined
      ? null
      : svg`<text x=${x + CHIP_W / 2} y=${y + CHIP_H - 1.5} text-anchor="middle" font-size="8" font-weight="700"
          font-family="DejaVu Sans, sans-serif" fill=${colour.text}>${letters[ship.faction]}</text>`}
  </g>`;
}

/** The pieces of `board` drawn for `view`, with the screen boxes they cover. */
export function drawPieces(board: Board, geometry: MapGeometry, view: View, letters: string[], zoom = 1, marks?: PieceMarks): PiecesDrawing {
  // Pieces grow a little when zoomed in, where there is room.
  const scale = Math.min(1.5, Math.max(1, 0.85 + zoom * 0.12));
  const { stacks } = stackPieces(board, geometry);
  const boxes: Box[] = [];
  const hits: PieceHit[] = [];
  const markers = [];
  for (const besieged of board.besieged) {
    const at = geometry.places[besieged];
    if (!at) continue;
    const [x, y] = toScreen(view, at);
    markers.push(svg`<g class="besieged" data-besieged=${besieged}><title>Besieged</title>
      <circle cx=${x} cy=${y} r="11" fill="none" stroke="#000" stroke-width="4"></circle>
      <circle cx=${x} cy=${y} r="11" fill="none" stroke="#fff" stroke-width="2.4" stroke-dasharray="3 2.5"></circle></g>`);
  }
  for (const { location, faction } of board.control) {
    const at = geometry.places[location];
    if (!at) continue;
    const [x, y] = toScreen(view, at);
    const colour = factionColour(faction, board.factions[faction]?.colour);
    boxes.push({ x0: x + 4, y0: y - 16, x1: x + 15, y1: y - 2 });
    markers.push(svg`<g class="control" data-control=${location} data-faction=${faction}>
      <title>Controlled by ${board.factions[faction]?.name ?? ''}</title>
      <path d="M${x + 5},${y - 3} v-12" stroke="#1b1b1b" stroke-width="1.3"></path>
      <path d="M${x + 5},${y - 15} h9 l-2.5,3.5 l2.5,3.5 h-9 z" fill=${colour.fill} stroke="#1b1b1b" stroke-width="1"></path>
    </g>`);
  }
  const drawn = stacks.map((stack) => {
    const [sx, sy] = toScreen(view, stack.at);
    const width = stackWidth(stack);
    // A stack in a place stands just above its icon; one in a field, at sea or beside a port
    // is centred on its spot.
    const x0 = sx - width / 2;
    const y0 = stack.key.startsWith('port:') ? sy + 9 : stack.beside ? sy - CHIP_H / 2 : sy - CHIP_H - 10;
    // Scaled about the point the stack hangs from (the place, or the spot's centre).
    const ax = sx;
    const ay = stack.key.startsWith('port:') ? sy + 9 : stack.beside ? sy : sy - 10;
    const sc = (v: number, a: number) => a + (v - a) * scale;
    boxes.push({ x0: sc(x0 - 2, ax), y0: sc(y0 - 9, ay), x1: sc(x0 + width + 7, ax), y1: sc(y0 + CHIP_H + 2, ay) });
    let x = x0;
    const parts = [];
    const hit = (key: string, ids: string[]) =>
      hits.push({ key, x: sc(x, ax), y: sc(y0 - 2, ay), w: CHIP_W * scale, h: (CHIP_H + 2) * scale, spot: stack.key, ids });
    for (let i = 0; i < stack.nobles.length; i++, x += CHIP_W + GAP) {
      parts.push(nobleChip(stack, i, x, y0, board, letters, marks));
      hit(nobleKey(stack.key, stack.nobles[i].faction), stack.nobles[i].ids);
    }
    for (let i = 0; i < stack.royals.length; i++, x += CHIP_W + GAP) {
      parts.push(royalDisc(stack, i, x, y0, marks));
      hit(`royal:${stack.royals[i].id}`, []);
    }
    for (let i = 0; i < stack.ships.length; i++, x += CHIP_W + GAP) {
      parts.push(shipHull(stack, i, x, y0, board, letters, marks));
      hit(`ship:${stack.ships[i].id}`, []);
    }
    const transform = scale === 1 ? null : `translate(${ax} ${ay}) scale(${scale}) translate(${-ax} ${-ay})`;
    return svg`<g class="stack" data-stack=${stack.key} transform=${transform ?? ''}>${parts}</g>`;
  });
  return { layer: svg`<g class="pieces">${markers}${drawn}</g>`, boxes, hits };
}
