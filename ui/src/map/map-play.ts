// The play layer of <warwick-map>: what the game screen asks the map to show while a person
// plays (which pieces can act, the chosen one, where it can go with the way there, the moments
// that matter, bots' pieces moving along their way) and how it is drawn: rings and routes in
// the SVG, and an overlay of real buttons over pieces and places so that every piece and place
// can be reached by Tab and the arrow keys, named for screen readers, and tapped. Hit-testing
// for pointers is here too (pure).

import { html, nothing, svg, type SVGTemplateResult, type TemplateResult } from 'lit';
import type { MapGeometry, Point } from '../geometry';
import type { PieceHit } from './pieces-layer';
import { RING_NAME_LINE, stackRingNames, textWidth } from './labels';
import { toScreen, type View } from './view';

/** Where a play mark stands: a place, an Area's open field, a sea Area, or a piece (by key). */
export type PlaySpot = { location: string } | { area: string } | { sea: string } | { piece: string };

export interface PlayTarget {
  key: string;
  at: PlaySpot;
  /** Its accessible name: what tapping it does ("Move to York"). */
  label: string;
  /** `weak`: an attack the rules say cannot be launched as things stand (a siege too weak, 10.43). */
  style: 'move' | 'attack' | 'weak' | 'free' | 'act';
}

export interface PlayPiece {
  /** Its accessible name ("Neville's Faction: Neville and Scrope, 2 Nobles, in York"). */
  label: string;
  /** It can act now (tap to choose it). */
  selectable: boolean;
}

export interface PlayMoment {
  at: PlaySpot;
  kind: string;
  text: string;
}

export interface PlayAnimation {
  key: string;
  kind: 'noble' | 'ship';
  fill: string;
  text: string;
  letter: string;
  /** The way, in drawing units. */
  points: Point[];
  start: number;
  duration: number;
}

export interface MapPlay {
  pieces: Record<string, PlayPiece>;
  selected: string[];
  targets: PlayTarget[];
  /** The target under the pointer or focus, whose way is drawn. */
  hovered?: string;
  /** The way to the hovered target, in drawing units. */
  route?: Point[];
  moments: PlayMoment[];
  animations: PlayAnimation[];
}

/** A spot's point on the screen (pieces: the centre of their hit box). */
export function spotScreen(geometry: MapGeometry, view: View, at: PlaySpot, hits: PieceHit[]): Point | undefined {
  if ('piece' in at) {
    const hit = hits.find((h) => h.key === at.piece);
    return hit && [hit.x + hit.w / 2, hit.y + hit.h / 2];
  }
  const world =
    'location' in at
      ? geometry.places[at.location]
      : 'area' in at
        ? (geometry.labels?.areas?.[at.area] && ([geometry.labels.areas[at.area][0], geometry.labels.areas[at.area][1] + 9] as Point))
        : geometry.labels?.sea_zones?.[at.sea];
  return world && toScreen(view, world);
}

const STYLE_COLOUR: Record<PlayTarget['style'], string> = {
  move: '#f0e442',
  free: '#56b4e9',
  attack: '#d55e00',
  weak: '#999999',
  act: '#f0e442',
};

/** A moment's name: bold serif at 12 px, a letter about 0.6 of that wide. */
const MOMENT_FONT = 12;
const MOMENT_LETTER = 0.6;

/** A moment's name `width` wide on a card of its own, so it reads over the place names beneath it. */
function momentName({ x, baseline }: { x: number; baseline: number }, text: string, width: number): SVGTemplateResult {
  const card = width + 8;
  return svg`<rect x=${x - card / 2} y=${baseline - RING_NAME_LINE + 4} width=${card} height=${RING_NAME_LINE - 1} rx="3" fill="#fffbe6" stroke="#cc79a7" stroke-width="1.5" opacity="0.95"></rect>
    <text x=${x} y=${baseline} text-anchor="middle" font-size=${MOMENT_FONT} font-weight="700" class="label place">${text}</text>`;
}

/** Rings on the targets that are places or fields (pieces are ringed by the pieces layer), the way to the hovered one, moments and moving pieces. */
export function drawPlay(play: MapPlay, geometry: MapGeometry, view: View, hits: PieceHit[], now: number, screenWidth: number): SVGTemplateResult {
  const parts: SVGTemplateResult[] = [];
  if (play.route && play.route.length > 1) {
    const d = play.route.map((p, i) => `${i ? 'L' : 'M'}${toScreen(view, p).join(',')}`).join('');
    parts.push(svg`<path class="route" d=${d} fill="none" stroke="#000" stroke-width="6" stroke-linejoin="round" opacity="0.5"></path>
      <path d=${d} fill="none" stroke="#f0e442" stroke-width="3" stroke-dasharray="9 5" stroke-linejoin="round"></path>`);
  }
  for (const target of play.targets) {
    if ('piece' in target.at) continue;
    const at = spotScreen(geometry, view, target.at, hits);
    if (!at) continue;
    const [x, y] = at;
    const hovered = play.hovered === target.key;
    const r = 'location' in target.at ? 13 : 19;
    const colour = STYLE_COLOUR[target.style];
    parts.push(svg`<g class="target" data-target=${target.key} data-style=${target.style}>
      <circle cx=${x} cy=${y} r=${r + (hovered ? 3 : 0)} fill=${hovered ? 'rgba(240,228,66,0.45)' : 'rgba(255,255,255,0.25)'} stroke="#000" stroke-width=${hovered ? 5 : 4} opacity="0.7"
        stroke-dasharray=${'location' in target.at ? '' : '6 3'}></circle>
      <circle cx=${x} cy=${y} r=${r + (hovered ? 3 : 0)} fill="none" stroke=${colour} stroke-width=${hovered ? 3.2 : 2.4}
        stroke-dasharray=${target.style === 'weak' ? '3 3' : 'location' in target.at ? '' : '6 3'}></circle>
      ${target.style === 'attack' || target.style === 'weak' ? svg`<path d="M${x - 5},${y - 5} L${x + 5},${y + 5} M${x + 5},${y - 5} L${x - 5},${y + 5}" stroke="#000" stroke-width="2.4"></path>` : nothing}
    </g>`);
  }
  // The target under the pointer or focus is named above its ring: where the next click goes.
  const named = play.hovered ? play.targets.find((t) => t.key === play.hovered) : undefined;
  const spot = named && spotScreen(geometry, view, named.at, hits);
  if (named && spot) {
    const [x, y] = spot;
    const text = named.label.length > 48 ? `${named.label.slice(0, 46)}…` : named.label;
    parts.push(svg`<g class="target-name" data-target-name=${named.key}>
      <rect x=${x - text.length * 3.4 - 6} y=${y - 42} width=${text.length * 6.8 + 12} height="20" rx="4" fill="#fffbe6" stroke="#000" stroke-width="1.5" opacity="0.95"></rect>
      <text x=${x} y=${y - 28} text-anchor="middle" font-size="12" font-weight="700" font-family="DejaVu Sans, sans-serif" fill="#000">${text}</text>
    </g>`);
  }
  // Every moment is ringed; the newest three are named (the live region announces them all),
  // each name raised past the ones before it where rings are close together.
  const rings = play.moments.flatMap((moment, i) => {
    const at = spotScreen(geometry, view, moment.at, hits);
    return at ? [{ moment, at, newest: i >= play.moments.length - 3 }] : [];
  });
  const toName = rings
    .filter((r) => r.newest)
    .map(({ moment, at: [x, y] }) => {
      const text = moment.text.length > 40 ? `${moment.text.slice(0, 38)}…` : moment.text;
      return { moment, text, x, y, width: textWidth(text, MOMENT_FONT, MOMENT_LETTER) };
    });
  const placed = stackRingNames(toName, screenWidth);
  const names = new Map(toName.map((n, i) => [n.moment, { ...n, at: placed[i] }]));
  for (const { moment, at: [x, y] } of rings) {
    const name = names.get(moment);
    parts.push(svg`<g class="moment" data-moment=${moment.kind}>
      <circle cx=${x} cy=${y} r="22" fill="none" stroke="#000" stroke-width="5" opacity="0.6"></circle>
      <circle cx=${x} cy=${y} r="22" fill="none" stroke="#cc79a7" stroke-width="3"></circle>
      ${name ? momentName(name.at, name.text, name.width) : nothing}
    </g>`);
  }
  for (const a of play.animations) {
    const t = Math.min(1, Math.max(0, (now - a.start) / a.duration));
    const [wx, wy] = along(a.points, t);
    const [x, y] = toScreen(view, [wx, wy]);
    parts.push(svg`<g class="moving" data-moving=${a.key}>
      <rect x=${x - 10} y=${y - 9} width="20" height="18" rx=${a.kind === 'ship' ? 8 : 3} fill=${a.fill} stroke="#000" stroke-width="1.6"></rect>
      <text x=${x} y=${y + 4} text-anchor="middle" font-size="11" font-weight="700" font-family="DejaVu Sans, sans-serif" fill=${a.text}>${a.letter}</text>
    </g>`);
  }
  return svg`<g class="play">${parts}</g>`;
}

function along(points: Point[], t: number): Point {
  if (points.length < 2) return points[0] ?? [0, 0];
  let total = 0;
  const lengths = points.slice(1).map((p, i) => {
    const d = Math.hypot(p[0] - points[i][0], p[1] - points[i][1]);
    total += d;
    return d;
  });
  let left = t * total;
  for (let i = 0; i < lengths.length; i += 1) {
    if (left <= lengths[i] || i === lengths.length - 1) {
      const f = lengths[i] ? Math.min(1, left / lengths[i]) : 1;
      return [points[i][0] + (points[i + 1][0] - points[i][0]) * f, points[i][1] + (points[i + 1][1] - points[i][1]) * f];
    }
    left -= lengths[i];
  }
  return points[points.length - 1];
}

/** An item of the overlay: a button over a piece or a target. */
export interface OverlayItem {
  key: string;
  group: 'pieces' | 'targets';
  label: string;
  x: number;
  y: number;
  w: number;
  h: number;
  selected?: boolean;
}

/** The overlay's items: every labelled piece, and every target, in reading order. */
export function overlayItems(play: MapPlay, geometry: MapGeometry, view: View, hits: PieceHit[]): OverlayItem[] {
  const items: OverlayItem[] = [];
  for (const hit of hits) {
    const piece = play.pieces[hit.key];
    if (!piece) continue;
    items.push({ key: hit.key, group: 'pieces', label: piece.label, x: hit.x, y: hit.y, w: hit.w, h: hit.h, selected: play.selected.includes(hit.key) });
  }
  for (const target of play.targets) {
    const at = spotScreen(geometry, view, target.at, hits);
    if (!at) continue;
    const size = 'piece' in target.at ? 24 : 28;
    items.push({ key: target.key, group: 'targets', label: target.label, x: at[0] - size / 2, y: at[1] - size / 2, w: size, h: size });
  }
  const order = (a: OverlayItem, b: OverlayItem) => Math.round(a.y / 12) - Math.round(b.y / 12) || a.x - b.x;
  return [...items.filter((i) => i.group === 'pieces').sort(order), ...items.filter((i) => i.group === 'targets').sort(order)];
}

/**
 * What a pointer at (x, y) hits: the nearest target, else the nearest piece, within its box
 * (mouse) or a finger's reach (touch, 22 px from its centre: a 44 px target).
 */
export function hitAt(items: OverlayItem[], x: number, y: number, touch: boolean): OverlayItem | undefined {
  let best: OverlayItem | undefined;
  let bestScore = Infinity;
  for (const item of items) {
    const cx = item.x + item.w / 2;
    const cy = item.y + item.h / 2;
    const inside = x >= item.x - 2 && x <= item.x + item.w + 2 && y >= item.y - 2 && y <= item.y + item.h + 2;
    const d = Math.hypot(x - cx, y - cy);
    const reach = touch ? Math.max(22, Math.max(item.w, item.h) / 2 + 4) : 0;
    if (!inside && d > reach) continue;
    // Targets win over pieces at the same spot: a chosen piece's next tap is where it goes.
    const score = d + (item.group === 'targets' ? 0 : 6);
    if (score < bestScore) {
      best = item;
      bestScore = score;
    }
  }
  return best;
}

/** Every target under a point (more than one: a cluster of rings, where a click must ask which). */
export function targetsAt(items: OverlayItem[], x: number, y: number, touch: boolean): OverlayItem[] {
  return items.filter((item) => {
    if (item.group !== 'targets') return false;
    const inside = x >= item.x - 2 && x <= item.x + item.w + 2 && y >= item.y - 2 && y <= item.y + item.h + 2;
    const reach = touch ? Math.max(22, Math.max(item.w, item.h) / 2 + 4) : 0;
    return inside || Math.hypot(x - item.x - item.w / 2, y - item.y - item.h / 2) <= reach;
  });
}

/** The overlay: real buttons over pieces and targets, one Tab stop per group, arrows within. */
export function overlayTemplate(
  items: OverlayItem[],
  active: Record<'pieces' | 'targets', string | undefined>,
  handlers: {
    activate: (item: OverlayItem, event: Event) => void;
    key: (item: OverlayItem, event: KeyboardEvent) => void;
    focus: (item: OverlayItem) => void;
    blur: () => void;
  },
): TemplateResult {
  const group = (name: 'pieces' | 'targets', label: string) => {
    const list = items.filter((i) => i.group === name);
    if (!list.length) return nothing;
    const current = list.find((i) => i.key === active[name]) ?? list.find((i) => i.selected) ?? list[0];
    return html`<div class="overlay-group" role="group" aria-label=${label} data-group=${name}>
      ${list.map(
        (item) => html`<button class="hit ${item.group} ${item.selected ? 'selected' : ''}" data-hit=${item.key}
          tabindex=${item === current ? '0' : '-1'} aria-label=${item.label} aria-pressed=${item.group === 'pieces' ? String(!!item.selected) : nothing}
          style="left:${item.x}px;top:${item.y}px;width:${item.w}px;height:${item.h}px"
          @click=${(e: Event) => handlers.activate(item, e)} @keydown=${(e: KeyboardEvent) => handlers.key(item, e)}
          @focus=${() => handlers.focus(item)} @blur=${handlers.blur}></button>`,
      )}
    </div>`;
  };
  return html`<div class="overlay">${group('pieces', 'Pieces on the map')}${group('targets', 'Where the chosen piece or card can act')}</div>`;
}
