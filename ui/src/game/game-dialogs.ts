// The game screen's dialogs: the Menu (resume, how to play with the keyboard's shortcuts, the
// Settings screen, resign, leave), the question asked once before something that cannot be taken
// back or costs a piece, the choice among a tap's variants (who to summon, which Noble gets the
// card), and the hand shown in place when End turn owes a discard (a card tapped is the one
// discarded). Native <dialog> elements opened modally, so focus stays in them and Escape closes
// them.

import { html, nothing } from 'lit';
import type { LegalCommand } from '../bindings/LegalCommand';
import type { WarwickGame } from './game-screen';
import { cardWords } from './info-panels';
import { SHORTCUTS } from './keys';
import '../settings/settings-screen';
import { animate, isBotSpeed } from '../settings/model';
import { keepSettings, onSettings, settingsNow } from '../settings/store';

export interface Confirm {
  title: string;
  text: string;
  yes: string;
  run: () => void;
  /** Called when the question is put away without a yes. */
  cancel?: () => void;
}

/** End turn owes a discard: the cards that may go, and where the choice (or null) goes. */
export interface Discard {
  options: LegalCommand[];
  resolve: (chosen: LegalCommand | null) => void;
}

export interface Chooser {
  title: string;
  options: { label: string; run: () => void }[];
}

/** What the game screen reads of the settings (./settings/ keeps them, through the service). */
export interface Settings {
  autoPass: boolean;
  reducedMotion: boolean;
  /** Ask before End turn leaves a Free Move unspent that could still move a piece. */
  askFreeMoves: boolean;
  /** A place tapped on the map shows the move first, with a bar to confirm it. */
  confirmMoves: boolean;
}

function systemReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/** The game screen's view of the settings known now. */
export function loadSettings(): Settings {
  const s = settingsNow();
  return { autoPass: s.auto_pass, reducedMotion: !animate(s, systemReducedMotion()), askFreeMoves: s.ask_free_moves, confirmMoves: s.confirm_moves };
}

/** Keeps the game screen's settings through the service. */
export function saveSettings(settings: Settings): void {
  void keepSettings({ ...settingsNow(), auto_pass: settings.autoPass, animation: !settings.reducedMotion }).catch(() => undefined);
}

/** Keeps the bots' speed chosen on the game screen. */
export function saveSpeed(id: string): void {
  if (isBotSpeed(id)) void keepSettings({ ...settingsNow(), bot_speed: id }).catch(() => undefined);
}

/** Gives the game screen the settings now and every change; returns how to stop. */
export function watchSettings(g: WarwickGame): () => void {
  const apply = () => {
    g.ctl.speed = settingsNow().bot_speed;
    g.settings = loadSettings();
  };
  apply();
  return onSettings(apply);
}

const RULES = html`<h3>Your turn</h3>
  <ol>
    <li><strong>Event</strong>: draw the Event card. Raids, Revolts, Plague and storms may move, strand or kill pieces.</li>
    <li><strong>Movement</strong>: tap one of your Nobles (or a ship), then a marked place. A Noble moves once a round, by road or
      within its Region; a ship carries Nobles by sea. A Free Move card lets a piece move again.</li>
    <li><strong>Combat</strong>: tap an enemy stack or a place marked with a cross to attack or besiege it. The larger side
      wins when it reaches the odds on the Event card drawn to settle it.</li>
    <li><strong>Parliament</strong>: with a crowned King (or the Chancellor) you may summon Parliament and hand out offices.</li>
    <li><strong>Coronation</strong>: crown a Royal you hold at a cathedral with a Bishop.</li>
    <li><strong>End of turn</strong>: draw Crown cards, award them to your Nobles (tap a card, then a Noble), discard down to your hand limit.</li>
  </ol>
  <h3>Winning</h3>
  <p>Hold the last living Royal, crowned — or reach the Prestige target and hold it until your next turn ends.</p>
  <h3>On the map</h3>
  <p>Tap a piece to choose it; the places it can go are ringed. Tap one, or drag the piece there. A refused move says why.
    From the keyboard: Tab to the pieces, arrow keys between them, Enter to choose, Tab to the places, Enter to go, Escape to cancel.</p>`;

export function renderMenu(g: WarwickGame) {
  if (!g.menu) return nothing;
  return html`<dialog class="menu-dialog" data-dialog="menu" aria-labelledby="menu-title" @close=${() => (g.menu = undefined)}>
    ${g.menu === 'main'
      ? html`<h2 id="menu-title">Menu</h2>
          <div class="menu-buttons">
            <button class="big primary" data-menu="resume" @click=${() => g.closeMenu()}>Resume</button>
            <button class="big" data-menu="rules" @click=${() => (g.menu = 'rules')}>How to play</button>
            <button class="big" data-menu="settings" @click=${() => (g.menu = 'settings')}>Settings</button>
            ${g.you !== null && !g.status?.outcome ? html`<button class="big" data-menu="resign" @click=${() => (g.menu = 'resign')}>Resign…</button>` : nothing}
            <button class="big" data-menu="leave" @click=${() => g.leave()}>Leave to the start screen</button>
          </div>
          <p class="muted">Your game is saved after every move: leaving keeps it in your saved games.</p>`
      : g.menu === 'rules'
        ? html`<h2 id="menu-title">How to play</h2><div class="rules">${RULES}${SHORTCUT_HELP}</div>
            <button class="big" @click=${() => (g.menu = 'main')}>Back</button>`
        : g.menu === 'settings'
          ? html`<h2 id="menu-title">Settings</h2>
              <warwick-settings embedded></warwick-settings>
              <button class="big" @click=${() => (g.menu = 'main')}>Back</button>`
          : html`<h2 id="menu-title">Resign?</h2>
              <p>The game ends now as your loss: you see its end screen and your score, and it is kept finished in your saved games.
                ${g.status?.daily?.scored ? 'This is your scored daily: resigned, it counts as played and lost.' : ''}</p>
              <div class="menu-buttons">
                <button class="big danger" data-menu="resign-yes" ?disabled=${g.busy} @click=${() => void g.resign()}>Resign the game</button>
                <button class="big" @click=${() => (g.menu = 'main')}>Keep playing</button>
              </div>`}
  </dialog>`;
}

export function renderConfirm(g: WarwickGame) {
  const c = g.confirm;
  if (!c) return nothing;
  let answered = false;
  const no = () => {
    if (answered) return;
    answered = true;
    g.confirm = undefined;
    c.cancel?.();
  };
  return html`<dialog class="confirm-dialog" data-dialog="confirm" aria-labelledby="confirm-title" @close=${no}>
    <h2 id="confirm-title">${c.title}</h2>
    <p>${c.text}</p>
    <div class="menu-buttons">
      <button class="big danger" data-confirm="yes" @click=${() => {
        answered = true;
        g.confirm = undefined;
        c.run();
      }}>${c.yes}</button>
      <button class="big" data-confirm="no" @click=${no}>Cancel</button>
    </div>
  </dialog>`;
}

export function renderChooser(g: WarwickGame) {
  const c = g.chooser;
  if (!c) return nothing;
  return html`<dialog class="confirm-dialog" data-dialog="chooser" aria-labelledby="chooser-title" @close=${() => (g.chooser = undefined)}>
    <h2 id="chooser-title">${c.title}</h2>
    <div class="menu-buttons">
      ${c.options.map(
        (o) => html`<button class="big" data-choice=${o.label} @click=${() => {
          g.chooser = undefined;
          o.run();
        }}>${o.label}</button>`,
      )}
      <button class="big" @click=${() => (g.chooser = undefined)}>Cancel</button>
    </div>
  </dialog>`;
}

/** End turn owes a discard: your hand, in place; the card tapped is the one discarded. */
export function renderDiscard(g: WarwickGame) {
  const d = g.discard;
  if (!d) return nothing;
  const cards = d.options.flatMap((l) => (l.command.type === 'DiscardCrownCard' ? [{ legal: l, card: l.command.card }] : []));
  return html`<dialog class="confirm-dialog discard-dialog" data-dialog="discard" aria-labelledby="discard-title" @close=${() => g.discard?.resolve(null)}>
    <h2 id="discard-title">End turn: discard a card</h2>
    <p>Your hand is over its limit: choose the card to give up, and your turn ends.</p>
    <ul class="discard-cards">
      ${cards.map(({ legal, card }, i) => {
        const { name, kind } = cardWords(g.content, card);
        return html`<li><button class="big card" data-discard=${card} ?autofocus=${i === 0} @click=${() => d.resolve(legal)}>
          <strong>${name}</strong> <span class="muted">${kind}</span>${legal.undoable ? nothing : html` <span class="no-undo">⚠ cannot be undone</span>`}</button></li>`;
      })}
    </ul>
    <button class="big" data-discard="cancel" @click=${() => d.resolve(null)}>Not yet</button>
  </dialog>`;
}

/** The keyboard's shortcuts, for How to play. */
export const SHORTCUT_HELP = html`<h3>Keyboard shortcuts</h3>
  <dl class="shortcuts">${SHORTCUTS.map((s) => html`<dt><kbd>${s.key.toUpperCase()}</kbd></dt><dd>${s.label}</dd>`)}</dl>`;
