// Advice on demand in the turn panel: "What would a Hard player do?" asks the service for the
// Hard player's choice in the person's seat; the suggestion is shown on the map (as a previewed
// command) and in words with a one-line reason; "Play it" gives it marked as advice taken (the
// log records it and the challenge score counts it), "Dismiss" puts it away. Any other move, or
// the game moving on, drops it.
import { html, nothing } from 'lit';
import { api, ApiError } from '../api';
import type { Advice } from '../bindings/Advice';
import type { LegalCommand } from '../bindings/LegalCommand';
import type { WarwickGame } from './game-screen';
import { sameCommand } from './model';
import { withKey } from './keys';

/** The listed command the advice names, if it is listed. */
export function adviceLegal(legal: LegalCommand[], advice: Advice): LegalCommand | undefined {
  return legal.find((l) => sameCommand(l.command, advice.command));
}

/** Asks for the advice and shows it on the map. */
export async function askAdvice(g: WarwickGame): Promise<void> {
  if (g.you === null || g.adviceAsking) return;
  g.adviceAsking = true;
  try {
    const advice = await api.advice(g.game, g.you);
    if (Number(advice.seq) !== g.head) return;
    g.advice = advice;
    const legal = adviceLegal(g.legal, advice);
    if (legal) g.showPreview(legal);
  } catch (e) {
    g.message = { text: `No advice now: ${e instanceof ApiError ? e.message : String(e)}`, kind: 'error' };
  } finally {
    g.adviceAsking = false;
  }
}

/** The advice button, or the advice itself. */
export function renderAdvice(g: WarwickGame) {
  if (!g.yourTurn || g.traveling || g.you === null) return nothing;
  const advice = g.advice && Number(g.advice.seq) === g.head ? g.advice : undefined;
  if (!advice) {
    return html`<p class="advice-ask"><button class="small" data-action="advice" ?disabled=${g.busy || g.adviceAsking}
        title=${withKey('Ask what a Hard bot would do in your place (shown on the map; taking it counts against your challenge score)', 'advice')}
        @click=${() => void askAdvice(g)}>${g.adviceAsking ? 'Thinking…' : 'What would a Hard player do?'}</button></p>`;
  }
  const legal = adviceLegal(g.legal, advice);
  return html`<div class="advice" data-field="advice" role="status">
    <p><strong>A Hard player would:</strong> ${advice.described}.</p>
    <p class="reason">${advice.reason}</p>
    <p class="actions">
      ${legal ? html`<button class="small primary" data-action="play-advice" ?disabled=${g.busy} @click=${() => void g.choose(legal, true)}>Play it</button>` : nothing}
      <button class="small" data-action="dismiss-advice" @click=${() => g.dropAdvice()}>Dismiss</button>
    </p>
  </div>`;
}
