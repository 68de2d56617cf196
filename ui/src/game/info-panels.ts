// The game screen's reference panels: the factions (Nobles, troops, Royals held), your hand (each
// card a button: tap it, then a Noble on the map, or drag it there), the Chancery, the Event
// card drawn and what it did, the Prestige track, and the log. Cards and pieces are named as
// players name them (content names), never by id.

import { html, nothing } from 'lit';
import type { CardType } from '../bindings/CardType';
import type { Content } from '../bindings/Content';
import type { NobleStrength } from '../bindings/NobleStrength';
import type { RowText } from '../bindings/RowText';
import type { View } from '../bindings/View';
import type { GameStatus } from '../bindings/GameStatus';
import { factionColour } from '../map/pieces';
import '../help/prestige-standing';
import { entryLink, logRuleLink } from '../help/step-help';
import { splitSetup } from '../help/log-fold';
import { cardName, factionTroops, nobleName, placeName, placeText, royalName } from './model';

export const CARD_TYPES: Record<CardType, string> = {
  untitled_noble: 'Noble',
  titled_noble: 'Titled Noble',
  title: 'Title',
  office: 'Office',
  bishop: 'Bishop',
  mercenary: 'Mercenaries',
  ship: 'Ship',
  town: 'Town',
};

export interface InfoHost {
  content: Content;
  status?: GameStatus;
  strengths: Record<string, NobleStrength>;
  log: RowText[];
  you: number | null;
  traveling: boolean;
  cursor?: number;
  /** Cards that can act now (`card:C12`), and the chosen ones. */
  cardActors: Set<string>;
  selection: string[];
  chip(faction: number | null | undefined, letters: string[]): unknown;
  factionName(faction: number | null | undefined): string;
  travel(seq: number | undefined): void;
  /** How many of the log's newest lines are drawn (more as its list is scrolled to the end). */
  logShown: number;
  /** The log's set-up fold is open (its lines are drawn only then). */
  setupOpen: boolean;
  /** Factions whose fold was opened or closed by hand (a closed fold's Nobles are not drawn). */
  factionOpen: Record<number, boolean>;
  chooseCard(card: string): void;
  dragCard(card: string, event: PointerEvent): void;
}

export function renderFactions(g: InfoHost, view: View, letters: string[]) {
  const players = view.factions.length;
  return html`<section class="panel" data-panel="factions">
    <h2>Factions</h2>
    ${view.factions.map((f, i) => {
      const nobles = Object.entries(view.nobles).filter(([, n]) => n.faction === i);
      const troops = factionTroops(view, i, g.strengths);
      const seat = g.status?.seats[i];
      const who = i === g.you ? 'you' : seat?.kind === 'bot' ? `bot, ${seat.tier}` : 'person';
      const royals = Object.entries(view.royals).filter(([, r]) => r.place.kind === 'with' && view.nobles[r.place.noble]?.faction === i);
      // A closed fold's lines are drawn only once it is opened (docs/memory.md).
      const open = g.factionOpen[i] ?? (i === g.you || players <= 3);
      const toggled = (e: Event) => {
        const now = (e.target as HTMLDetailsElement).open;
        if (now !== open) g.factionOpen = { ...g.factionOpen, [i]: now };
      };
      return html`<details class="faction" data-faction=${i} ?open=${open} @toggle=${toggled}>
        <summary>${g.chip(i, letters)}<strong>${f.name}</strong> <span class="muted">(${who})</span>
          <span class="stats">★${f.prestige} · ${troops.total} troops${troops.total !== troops.base ? ` (${troops.base} + ${troops.total - troops.base} regional)` : ''}</span></summary>
        ${open ? html`<p class="muted">Hand: ${f.hand_size} card${f.hand_size === 1 ? '' : 's'} · Free Moves: ${f.free_moves.length}${f.chancellor_cards.length ? ` · Chancellor cards: ${f.chancellor_cards.length}` : ''}</p>
        ${f.revealed.length ? html`<p>Shown to you: ${f.revealed.map((c) => cardName(g.content, c)).join(', ')}</p>` : nothing}
        ${royals.length ? html`<p>Holds: ${royals.map(([id, r], i) => html`${i ? ', ' : ''}${r.crowned ? '♛ ' : ''}${royalName(g.content, id)}${entryLink(id, royalName(g.content, id))}`)}</p>` : nothing}
        <ul class="nobles">
          ${nobles.map(([id, n]) => {
            const s = g.strengths[id];
            return html`<li data-noble=${id}><strong>${nobleName(g.content, id)}</strong>${entryLink(n.card, nobleName(g.content, id))}
              <span class="muted">${placeText(g.content, view, n.place)} · ${s ? (s.total !== s.base ? `${s.total} troops (${s.base} + ${s.total - s.base} regional)` : `${s.total} troops`) : ''}</span>
              ${n.awards.length ? html`<br /><span class="awards">${n.awards.map((c, i) => html`${i ? ' · ' : ''}${cardName(g.content, c)}${entryLink(c, cardName(g.content, c))}`)}</span>` : nothing}
            </li>`;
          })}
          ${nobles.length ? nothing : html`<li class="muted">No Nobles in play.</li>`}
        </ul>` : nothing}
      </details>`;
    })}
  </section>`;
}

/** A card in words: its name, kind, troops and regional bonus. */
export function cardWords(content: Content, id: string): { name: string; kind: string } {
  const card = content.crown_cards.find((c) => c.id === id);
  if (!card) return { name: cardName(content, id), kind: '' };
  const zone = card.bonus && (content.zones.find((z) => z.id === card.bonus!.zone)?.name ?? card.bonus.zone.replace(/_/g, ' '));
  const bonus = card.bonus ? ` (+${card.bonus.troops} in ${zone})` : '';
  return { name: card.name, kind: `${CARD_TYPES[card.type] ?? card.type}${card.troops ? ` · ${card.troops} troops${bonus}` : bonus}` };
}

function cardButton(g: InfoHost, id: string) {
  const { name, kind } = cardWords(g.content, id);
  const key = `card:${id}`;
  const able = g.cardActors.has(key);
  const chosen = g.selection.includes(key);
  if (!able) return html`<li data-card=${id}><strong>${name}</strong> <span class="muted">${kind}</span>${entryLink(id, name)}</li>`;
  return html`<li data-card=${id}>
    <button class="card ${chosen ? 'chosen' : ''}" data-card-button=${id} aria-pressed=${chosen ? 'true' : 'false'}
      @click=${() => g.chooseCard(id)} @pointerdown=${(e: PointerEvent) => g.dragCard(id, e)}>
      <strong>${name}</strong> <span class="muted">${kind}</span><span class="sr-only">${chosen ? ' (chosen)' : ': choose it, then a Noble on the map'}</span></button>${entryLink(id, name)}
  </li>`;
}

export function renderCards(g: InfoHost, view: View) {
  const you = g.you;
  const hand = you !== null ? (view.factions[you]?.hand ?? []) : [];
  const rows = g.traveling ? g.log.filter((r) => Number(r.seq) <= (g.cursor ?? 0)) : g.log;
  let drawnAt = -1;
  for (let i = rows.length - 1; i >= 0; i -= 1) {
    if (rows[i].kind === 'EventCardDrawn') {
      drawnAt = i;
      break;
    }
  }
  const drawn: RowText | undefined = rows[drawnAt];
  const effects: RowText[] = [];
  for (const row of drawnAt >= 0 ? rows.slice(drawnAt + 1) : []) {
    if (row.kind === 'ClockAdvanced' || row.kind === 'TurnBegan' || row.kind === 'EventCardDrawn') break;
    if (row.kind === 'Command' || row.kind.startsWith('Decision')) continue;
    effects.push(row);
  }
  const event = drawn
    ? g.content.event_cards.filter((e) => drawn.description.includes(e.name)).sort((a, b) => b.name.length - a.name.length)[0]
    : undefined;
  return html`<section class="panel" data-panel="hand">
      <h2 tabindex="-1">Your hand ${you !== null ? html`<span class="count">${hand.length}</span>` : nothing}</h2>
      ${you === null
        ? html`<p class="muted">You are watching: hands stay hidden.</p>`
        : hand.length
          ? html`<ul class="cards">${hand.map((c) => cardButton(g, c))}</ul>
              ${[...g.cardActors].some((k) => hand.includes(k.slice(5))) ? html`<p class="muted hint">Tap a card, then a Noble on the map — or drag the card onto the Noble.</p>` : nothing}`
          : html`<p class="muted">No Crown cards in hand.</p>`}
    </section>
    <section class="panel" data-panel="chancery">
      <h2>Chancery <span class="count">${view.chancery.length}</span></h2>
      ${view.chancery.length ? html`<ul class="cards">${view.chancery.map((c) => cardButton(g, c))}</ul>` : html`<p class="muted">Empty.</p>`}
      <p class="muted">Crown deck: ${view.crown_deck_size} cards · discard: ${view.crown_discard.length}</p>
    </section>
    <section class="panel" data-panel="event">
      <h2>Event card</h2>
      ${event
        ? html`<p data-field="event"><strong>${event.name}</strong> <span class="muted">(${event.type.replace(/_/g, ' ')}${event.combat ? `; combat: ${event.combat.result.replace('_', ' ')}` : ''})</span></p>`
        : html`<p class="muted">No Event card drawn yet.</p>`}
      ${drawn ? html`<p>${drawn.description}.</p>` : nothing}
      ${effects.length
        ? html`<p class="muted">What it did:</p><ul class="effects">${effects.slice(0, 12).map((r) => html`<li>${r.description}</li>`)}</ul>`
        : drawn
          ? html`<p class="muted">Nothing has come of it yet.</p>`
          : nothing}
      <p class="muted">Event deck: ${view.event_deck_size} cards</p>
    </section>`;
}

export function renderPrestige(g: InfoHost, view: View, letters: string[]) {
  // The rules' target for a faction alone (15.03), from the view.
  const target = view.prestige_target ?? null;
  const max = Math.max(target ?? 0, ...view.factions.map((f) => f.prestige), 10);
  const claim = view.prestige_claim;
  return html`<section class="panel" data-panel="prestige">
    <h2>Prestige</h2>
    <ol class="track">
      ${[...view.factions.keys()]
        .sort((a, b) => view.factions[b].prestige - view.factions[a].prestige)
        .map(
          (i) => html`<li>${g.chip(i, letters)}<span class="bar-name">${view.factions[i].name}</span>
            <span class="meter"><span style="width:${(100 * view.factions[i].prestige) / max}%;background:${factionColour(i, view.factions[i].colour).fill}"></span>
            ${target ? html`<i class="target" style="left:${(100 * target) / max}%"></i>` : nothing}</span>
            <b>${view.factions[i].prestige}</b></li>`,
        )}
    </ol>
    <p data-field="tile">Prestige Victory tile: ${view.tile_revealed ? 'revealed' : 'face down'}${target ? ` · target ${target} for a faction alone` : ''}.
      ${claim
        ? html`<strong>Claimed</strong> by ${claim.factions.map((f) => g.factionName(f)).join(' and ')} in round ${claim.round} (target ${claim.target}).`
        : 'No one has claimed it.'}</p>
    ${g.you !== null && g.status && !g.traveling
      ? html`<warwick-prestige-standing .game=${g.status.game} .faction=${g.you} .seq=${g.status.head}></warwick-prestige-standing>`
      : nothing}
    ${view.alliances.length ? html`<p>Alliances: ${view.alliances.map((a) => a.map((f) => g.factionName(f)).join(' + ')).join('; ')}</p>` : nothing}
    ${view.kings_peace ? html`<p>King's Peace in ${placeName(g.content, view.kings_peace.area)}.</p>` : nothing}
  </section>`;
}

/** Log lines drawn at first, and added each time the list is scrolled near its end. */
export const LOG_PAGE = 40;

export function renderLog(g: InfoHost) {
  // Newest first, so the latest events are in view without scrolling; the set-up folded into one
  // line. Only the newest lines are drawn, more as the list is scrolled: the list's box shows a
  // dozen, and drawing all 250 kept some 3,500 nodes alive on the game screen (docs/memory.md).
  const { setup, play } = splitSetup(g.log.filter((r) => !g.traveling || Number(r.seq) <= (g.cursor ?? 0)).slice(-250));
  const newest = [...play].reverse();
  const shown = newest.slice(0, g.logShown);
  const line = (r: RowText) => html`<li class=${r.kind === 'Command' ? 'cmd' : r.kind === 'Undone' ? 'undone' : r.kind.startsWith('Decision') ? 'quiet' : ''} data-seq=${r.seq}>
          <button class="seq" aria-label=${`Show the game at seq ${r.seq}`} @click=${() => g.travel(Number(r.seq))}>${r.seq}</button>
          ${r.kind === 'Command' ? html`<b>${g.factionName(r.by)}:</b> ` : nothing}${r.description}${logRuleLink(r.kind)}</li>`;
  const more = (e: Event) => {
    const list = e.currentTarget as HTMLElement;
    if (shown.length < newest.length && list.scrollTop + list.clientHeight > list.scrollHeight - 120) g.logShown += LOG_PAGE;
  };
  return html`<section class="panel log" data-panel="log">
    <h2>Log <span class="muted">(newest first; a number shows the game then)</span></h2>
    <ol class="log-rows" @scroll=${more}>
      ${shown.map(line)}
      ${shown.length < newest.length
        ? html`<li class="quiet" data-field="log-more"><button class="seq" @click=${() => (g.logShown += LOG_PAGE)}>Show older lines (${newest.length - shown.length} more)</button></li>`
        : nothing}
      ${setup.length
        ? html`<li class="quiet" data-field="setup-fold"><details @toggle=${(e: Event) => (g.setupOpen = (e.target as HTMLDetailsElement).open)}><summary>Set-up: the Factions, cards and pieces laid out (${setup.length} lines)</summary>
            ${g.setupOpen ? html`<ol class="log-rows">${[...setup].reverse().map(line)}</ol>` : nothing}</details>${logRuleLink('GameStarted')}</li>`
        : nothing}
    </ol>
  </section>`;
}
