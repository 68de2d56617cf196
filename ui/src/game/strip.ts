// Small parts of the game screen about the decision at hand: on a phone the strip under the map
// (the prompt or the offer to answer, the step's main action, your choice, Undo — always in view
// without scrolling), the banner saying the bots are paused (after Undo, or by you) with Resume,
// and the confirm bar of a command tapped in the list on a phone.

import { html, nothing } from 'lit';
import type { View } from '../bindings/View';
import type { WarwickGame } from './game-screen';
import { renderIncomingOffer } from './offers-panel';
import { promptWords } from './play-panel';

export function renderPreview(g: WarwickGame) {
  const legal = g.preview;
  if (!legal) return nothing;
  return html`<div class="preview" data-field="preview" role="group" aria-label="Confirm your decision">
    <p><span class="muted">On the map:</span> <strong>${legal.description}</strong>
      ${legal.undoable ? nothing : html`<span class="no-undo">⚠ cannot be undone</span>`}</p>
    <div class="preview-actions">
      <button class="small" data-action="preview-back" @click=${() => (g.preview = undefined)}>‹ Back to the list</button>
      <button class="small primary" data-action="preview-do" ?disabled=${g.busy} @click=${() => g.give(legal)}>Do it</button>
    </div>
  </div>`;
}

/** The banner when the bots are stopped: after Undo, or paused. */
export function renderPaused(g: WarwickGame) {
  if (!g.paused || !g.botsToMove || g.traveling) return nothing;
  return html`<p class="paused-banner" data-field="paused-banner" role="status">
    ${g.undoPaused ? 'Bots paused after Undo: ' : 'Bots paused: '}${g.factionName(g.status?.awaiting[0])} is waiting to play.
    <button class="small primary" data-action="resume" @click=${() => g.togglePause()}>▶ Resume bots</button></p>`;
}

/** On a phone: the prompt, the step's main action, your choice and Undo, always in view above the tabs. */
export function renderStrip(g: WarwickGame, view: View) {
  const outcome = !!view.outcome;
  const offer = g.yourTurn && view.pending?.kind === 'offer' && view.pending.to === g.you;
  const end = g.yourTurn && view.clock.active === g.you && g.legal.some((l) => l.command.type === 'EndStep' || l.command.type === 'Pass' || l.command.type === 'DiscardCrownCard');
  const draw = g.legal.find((l) => l.command.type === 'DrawEventCard');
  const sel = g.selection.length ? g.selection.map((k) => g.actorWords(k)).join(', ') : '';
  return html`<div class="strip" data-field="strip">
    ${offer ? renderIncomingOffer(g, view) : html`<p class="strip-prompt" data-field="strip-prompt">${sel ? html`<strong>${sel}</strong>: tap a ringed place.` : g.traveling ? 'Looking at the past.' : outcome ? 'The game is over.' : promptWords(g, view)}</p>`}
    ${g.flowNote ? html`<p class="warn">${g.flowNote}</p>` : nothing}
    <div class="strip-actions">
      ${sel ? html`<button class="small" data-action="strip-cancel" @click=${() => g.clearSelection()}>Cancel</button>` : nothing}
      ${draw && !g.traveling ? html`<button class="small primary" data-action="strip-draw" ?disabled=${g.busy} @click=${() => g.give(draw)}>Draw the Event card</button>` : nothing}
      ${end && !draw && !g.traveling ? html`<button class="small primary" data-action="strip-end-turn" ?disabled=${g.busy || g.flowing} @click=${() => g.endTurn()}>End turn</button>` : nothing}
      ${g.you !== null && !outcome
        ? html`<button class="small" data-action="strip-undo" ?disabled=${!g.status?.undo || g.busy || g.traveling} @click=${() => g.undo()}
            aria-label=${g.status?.undo ? `Undo: ${g.status.undo.description}` : 'Undo (not available)'}>↶ Undo</button>`
        : nothing}
    </div>
  </div>`;
}
