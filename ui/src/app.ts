// The app shell: a start screen (what `app_info` says, New game) and the game screen (the map
// plus panels: side panels on a desktop, a tab bar and a bottom sheet on a phone). The panels
// are placeholders that say what will appear in them once the game engine is wired in.
//
// URL flags: `?view=map` opens the game screen directly; `?demo=pieces` also draws a demo board
// (pre-set Factions at their home castles, Royals at their start places) — never a real game.

import { LitElement, css, html, nothing } from 'lit';
import { api, ApiError } from './api';
import type { AppInfo } from './bindings/AppInfo';
import type { Content } from './bindings/Content';
import { demoBoard } from './map/demo';
import { factionColour, factionLetters, type Board } from './map/pieces';
import './map/map-view';
import type { WarwickMap } from './map/map-view';

interface Panel {
  id: string;
  title: string;
  short: string;
  icon: string;
  placeholder: string;
}

export const PANELS: Panel[] = [
  {
    id: 'turn',
    title: 'Round, turn, phase and step',
    short: 'Turn',
    icon: '↻',
    placeholder:
      'The round number, whose turn it is, the phase and the step the game is at, and what you may do now.',
  },
  {
    id: 'factions',
    title: 'Factions',
    short: 'Factions',
    icon: '⚑',
    placeholder:
      "Every faction with its colour and letter: its Nobles and where they stand, troops, Prestige, and the Royals it holds. The computer players' hands stay hidden.",
  },
  {
    id: 'hand',
    title: 'Your hand',
    short: 'Hand',
    icon: '▤',
    placeholder:
      'Your Crown cards — Nobles, Titles, Offices, Bishops, Mercenaries, Ships and Towns — to play, award or hold.',
  },
  {
    id: 'chancery',
    title: 'Chancery',
    short: 'Chancery',
    icon: '✉',
    placeholder: 'The cards waiting in the Chancery and what you can do with them this turn.',
  },
  {
    id: 'event',
    title: 'Event card',
    short: 'Event',
    icon: '❖',
    placeholder:
      'The Event card just drawn (Raid, Revolt, Plague, Storms at Sea, Embassy…), what it does, and the Nobles it summons.',
  },
  {
    id: 'prestige',
    title: 'Prestige',
    short: 'Prestige',
    icon: '★',
    placeholder:
      "The Prestige track with each faction's marker, and the Prestige Victory tile: the target for this number of players and whether anyone has reached it.",
  },
];

export class WarwickApp extends LitElement {
  static properties = {
    info: { state: true },
    error: { state: true },
    content: { state: true },
    screen: { state: true },
    tab: { state: true },
  };

  info?: AppInfo;
  error?: string;
  content?: Content;
  board?: Board;
  screen: 'start' | 'game' = 'start';
  tab?: string;
  private demo = false;

  static styles = css`
    :host {
      display: block;
      height: 100vh;
      height: 100dvh;
    }
    .start {
      max-width: 40rem;
      margin: 0 auto;
      padding: 3rem 1.5rem;
      box-sizing: border-box;
    }
    h1 {
      font-size: 3rem;
      margin: 0;
      color: var(--rose);
      letter-spacing: 0.04em;
    }
    .subtitle {
      margin: 0.25rem 0 2rem;
      color: var(--muted);
      font-style: italic;
    }
    dl {
      display: grid;
      grid-template-columns: max-content 1fr;
      gap: 0.5rem 1.25rem;
      margin: 0;
    }
    dt {
      color: var(--muted);
    }
    dd {
      margin: 0;
    }
    .error {
      color: var(--rose);
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      gap: 0.75rem;
      margin-top: 2rem;
    }
    button.primary,
    button.secondary {
      font: inherit;
      font-size: 1.05rem;
      padding: 0.7rem 1.3rem;
      border-radius: 0.5rem;
      cursor: pointer;
      min-height: 2.75rem;
    }
    button.primary {
      background: var(--rose);
      color: #fff;
      border: 1px solid var(--rose);
    }
    button.primary:disabled {
      background: #c9bfb2;
      border-color: #c9bfb2;
      color: #4a4036;
      cursor: not-allowed;
    }
    button.secondary {
      background: #fffaf0;
      color: var(--ink);
      border: 1px solid var(--muted);
    }
    .note {
      color: var(--muted);
      font-size: 0.95rem;
      margin: 0.75rem 0 0;
    }

    /* The game screen. */
    .game {
      display: grid;
      height: 100%;
      grid-template-rows: auto 1fr;
      grid-template-columns: 1fr 22rem;
      grid-template-areas: 'bar bar' 'map side';
    }
    header.bar {
      grid-area: bar;
      display: flex;
      align-items: center;
      gap: 1rem;
      padding: 0.4rem 0.9rem;
      background: #3b2a1e;
      color: #f6efe0;
    }
    header.bar .name {
      font-size: 1.3rem;
      font-weight: 700;
      letter-spacing: 0.05em;
    }
    header.bar .status {
      flex: 1;
      min-width: 0;
      font-size: 0.95rem;
      color: #e3d6bf;
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    header.bar button {
      font: inherit;
      font-size: 0.9rem;
      background: transparent;
      color: #f6efe0;
      border: 1px solid #a08a70;
      border-radius: 0.4rem;
      padding: 0.3rem 0.7rem;
      cursor: pointer;
      min-height: 2.2rem;
    }
    .demo-badge {
      background: #f0e442;
      color: #000;
      border-radius: 0.3rem;
      padding: 0.1rem 0.45rem;
      font-size: 0.8rem;
      font-weight: 700;
    }
    warwick-map {
      grid-area: map;
      min-height: 0;
    }
    .side {
      grid-area: side;
      overflow-y: auto;
      border-left: 1px solid #cdbfa6;
      background: var(--parchment);
      padding: 0.6rem 0.8rem 1rem;
      display: grid;
      gap: 0.6rem;
      align-content: start;
    }
    .panel {
      background: #fffaf0;
      border: 1px solid #d9ccb4;
      border-radius: 0.5rem;
      padding: 0.55rem 0.75rem;
    }
    .panel h2 {
      font-size: 1.02rem;
      margin: 0 0 0.25rem;
    }
    .panel p {
      margin: 0;
      font-size: 0.92rem;
      color: var(--muted);
      line-height: 1.35;
    }
    .panel ul {
      margin: 0.4rem 0 0;
      padding: 0;
      list-style: none;
      display: grid;
      gap: 0.25rem;
      font-size: 0.92rem;
    }
    .chip {
      display: inline-block;
      min-width: 1.2rem;
      text-align: center;
      font-family: 'DejaVu Sans', sans-serif;
      font-weight: 700;
      font-size: 0.8rem;
      border: 1px solid #1b1b1b;
      border-radius: 0.25rem;
      margin-right: 0.4rem;
    }
    nav.tabs {
      display: none;
    }
    .sheet-close {
      display: none;
    }

    /* Phone: the map fills the screen; panels open as a bottom sheet from a tab bar. */
    @media (max-width: 899px) {
      .game {
        grid-template-columns: minmax(0, 1fr);
        grid-template-rows: auto minmax(0, 1fr) auto;
        grid-template-areas: 'bar' 'map' 'tabs';
        position: relative;
      }
      header.bar {
        padding: 0.35rem 0.6rem;
        gap: 0.5rem;
      }
      header.bar .name {
        font-size: 1.1rem;
      }
      header.bar .status {
        font-size: 0.85rem;
      }
      .side {
        position: absolute;
        left: 0;
        right: 0;
        bottom: 3.6rem;
        max-height: 55%;
        border-left: none;
        border-top: 1px solid #b9a98f;
        border-radius: 0.9rem 0.9rem 0 0;
        box-shadow: 0 -6px 18px rgba(0, 0, 0, 0.2);
        z-index: 2;
      }
      .side:not(.open) {
        display: none;
      }
      .side .panel:not(.current) {
        display: none;
      }
      .sheet-close {
        display: block;
        justify-self: end;
        font: inherit;
        background: none;
        border: none;
        font-size: 0.95rem;
        color: var(--muted);
        cursor: pointer;
        min-height: 2.2rem;
      }
      nav.tabs {
        grid-area: tabs;
        display: grid;
        grid-template-columns: repeat(6, 1fr);
        background: #3b2a1e;
        height: 3.6rem;
      }
      nav.tabs button {
        font: inherit;
        background: none;
        border: none;
        color: #e3d6bf;
        font-size: 0.72rem;
        display: flex;
        flex-direction: column;
        align-items: center;
        justify-content: center;
        gap: 0.1rem;
        cursor: pointer;
        padding: 0;
      }
      nav.tabs button .icon {
        font-size: 1.15rem;
        line-height: 1;
      }
      nav.tabs button[aria-selected='true'] {
        color: #fff;
        background: #5a4130;
        box-shadow: inset 0 3px 0 #f0e442;
      }
    }
  `;

  connectedCallback(): void {
    super.connectedCallback();
    const params = new URLSearchParams(window.location.search);
    this.demo = params.get('demo') === 'pieces';
    if (this.demo || params.get('view') === 'map') this.screen = 'game';
    void this.load();
  }

  private async load(): Promise<void> {
    try {
      this.info = await api.appInfo();
      document.body.dataset.ready = 'true';
      if (this.screen === 'game') await this.loadContent();
    } catch (error) {
      this.error = error instanceof ApiError ? error.message : String(error);
    }
  }

  private async loadContent(): Promise<void> {
    if (this.content) return;
    try {
      const content = await api.content();
      if (this.demo) this.board = demoBoard(content);
      this.content = content;
      document.body.dataset.map = 'ready';
    } catch (error) {
      this.error = error instanceof ApiError ? error.message : String(error);
    }
  }

  private openMap(): void {
    this.screen = 'game';
    void this.loadContent();
  }

  private renderStart() {
    return html`<div class="start">
      <h1>Warwick</h1>
      <p class="subtitle">Kingmaker II — the Wars of the Roses for one player</p>
      ${this.error
        ? html`<p class="error" role="alert">Could not reach the game: ${this.error}</p>`
        : this.info
          ? html`<dl id="app-info">
              <dt>Version</dt>
              <dd data-field="version">${this.info.version}</dd>
              <dt>Rules</dt>
              <dd data-field="rules_version">v${this.info.rules_version}</dd>
              <dt>Content</dt>
              <dd data-field="content_summary">${this.info.content_summary}</dd>
            </dl>`
          : html`<p>Loading…</p>`}
      <div class="actions">
        <button class="primary" id="new-game" disabled aria-describedby="new-game-note">New game</button>
        <button class="secondary" id="open-map" @click=${this.openMap}>Explore the map</button>
      </div>
      <p class="note" id="new-game-note">
        New games open once the rules engine is wired in. Until then you can explore the map: pan, zoom,
        and hover or tap a place to read about it.
      </p>
    </div>`;
  }

  private panelBody(panel: Panel) {
    if (panel.id === 'factions' && this.board) {
      const letters = factionLetters(this.board.factions);
      return html`<p>Demo pieces — not a game. ${panel.placeholder}</p>
        <ul>
          ${this.board.factions.map((f, i) => {
            const c = factionColour(i);
            return html`<li><span class="chip" style="background:${c.fill};color:${c.text}">${letters[i]}</span>${f.name}${f.you ? ' (you)' : ''}</li>`;
          })}
        </ul>`;
    }
    return html`<p>${panel.placeholder}</p>`;
  }

  private openTab(tab: string | undefined): void {
    this.tab = tab;
    // On a phone the sheet covers the bottom of the map, where place details show.
    if (tab) this.renderRoot.querySelector<WarwickMap>('warwick-map')?.closeDetails();
  }

  private renderGame() {
    const current = this.tab;
    return html`<div class="game">
      <header class="bar">
        <span class="name">Warwick</span>
        <span class="status" data-field="status">No game yet · Round — · Turn — · Phase — · Step —</span>
        ${this.demo ? html`<span class="demo-badge" title="Pieces from a demo board, not a game">DEMO</span>` : nothing}
        <button @click=${() => (this.screen = 'start')}>Menu</button>
      </header>
      ${this.error
        ? html`<p class="error" role="alert" style="grid-area: map; padding: 1rem">Could not load the map: ${this.error}</p>`
        : this.content
          ? html`<warwick-map .content=${this.content} .board=${this.board}></warwick-map>`
          : html`<p style="grid-area: map; padding: 1rem">Loading the map…</p>`}
      <aside class="side ${current ? 'open' : ''}" aria-label="Game panels">
        <button class="sheet-close" @click=${() => (this.tab = undefined)}>Close ✕</button>
        ${PANELS.map(
          (panel) => html`<section class="panel ${panel.id === current ? 'current' : ''}" data-panel=${panel.id} aria-labelledby="panel-${panel.id}">
            <h2 id="panel-${panel.id}">${panel.title}</h2>
            ${this.panelBody(panel)}
          </section>`,
        )}
      </aside>
      <nav class="tabs" role="tablist" aria-label="Panels">
        ${PANELS.map(
          (panel) => html`<button role="tab" data-tab=${panel.id} aria-selected=${panel.id === current ? 'true' : 'false'}
            @click=${() => this.openTab(panel.id === current ? undefined : panel.id)}>
            <span class="icon" aria-hidden="true">${panel.icon}</span>${panel.short}
          </button>`,
        )}
      </nav>
    </div>`;
  }

  render() {
    return this.screen === 'game' ? this.renderGame() : this.renderStart();
  }
}

customElements.define('warwick-app', WarwickApp);
