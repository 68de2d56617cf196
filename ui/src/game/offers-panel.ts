// Negotiation, out of the way of the step's main decision: an offer waiting for your answer
// (what it proposes, what accepting does in a line with the rule behind it, what a Hard player
// would answer on request, Accept / Refuse), your own proposal (waiting for an answer, then the
// answer), and "Offer …": every offer you may make now (places and ships handed over, gifts,
// alliances, cards shown or passed between Nobles), grouped, at most 12 lines a group until opened.

import { html, nothing } from 'lit';
import type { View } from '../bindings/View';
import { groupCommands } from './model';
import { OFFER_TYPES } from './intents';
import { commandButton, GROUP_LINES } from './play-panel';
import type { WarwickGame } from './game-screen';
import { acceptWords, offerText } from './model';
import { ruleLink } from '../help/step-help';
import { askAdvice } from './advice';

/** An offer waiting for your answer, with the answer's buttons. */
export function renderIncomingOffer(g: WarwickGame, view: View) {
  const text = offerText(g.content, view);
  if (!text) return nothing;
  const accept = g.legal.find((l) => l.command.type === 'AcceptOffer');
  const reject = g.legal.find((l) => l.command.type === 'RejectOffer');
  const yours = view.pending?.kind === 'offer' && view.pending.from === g.you;
  const accepting = !yours && view.pending?.kind === 'offer' ? acceptWords(g.content, view.pending.terms) : null;
  return html`<section class="panel offer" data-panel="offer" role="region" aria-label="An offer">
    <h2>${yours ? 'Your offer' : 'An offer to you'}</h2>
    <p data-field="offer">${text}</p>
    ${accepting ? html`<p class="accepting" data-field="offer-accepting">${accepting.text}${ruleLink(accepting.rule)}</p>` : nothing}
    ${accept ? offerAdvice(g) : nothing}
    ${accept || reject
      ? html`<div class="offer-actions">
          ${accept ? html`<button class="big primary" data-action="accept-offer" ?disabled=${g.busy} @click=${() => g.give(accept)}>Accept</button>` : nothing}
          ${reject ? html`<button class="big" data-action="reject-offer" ?disabled=${g.busy} @click=${() => g.give(reject)}>Refuse</button>` : nothing}
        </div>`
      : yours
        ? html`<p class="muted" data-field="proposal-waiting">Waiting for ${g.factionName(view.pending?.kind === 'offer' ? view.pending.to : null)} to answer…</p>`
        : nothing}
  </section>`;
}

/** The advice's view of the offer: asked for on request (it counts as a hint in a scored daily only when played). */
function offerAdvice(g: WarwickGame) {
  const advice = g.advice && Number(g.advice.seq) === g.head ? g.advice : undefined;
  if (advice) return html`<p class="advice-view" data-field="offer-advice"><strong>A Hard player would:</strong> ${advice.described}. <span class="muted">${advice.reason}</span></p>`;
  return html`<p><button class="small" data-action="offer-advice" ?disabled=${g.adviceAsking} @click=${() => void askAdvice(g)}>${g.adviceAsking ? 'Thinking…' : 'What would a Hard player answer?'}</button></p>`;
}

/** Your last proposal: waiting, then its answer. */
export function renderProposal(g: WarwickGame) {
  const p = g.proposal;
  if (!p) return nothing;
  return html`<section class="panel proposal ${p.answer ?? 'waiting'}" data-panel="proposal" role="status">
    <p><strong>Your proposal</strong> to ${g.factionName(p.to)}: ${p.text}</p>
    <p data-field="proposal-answer">${p.answer === 'accepted' ? `✔ ${g.factionName(p.to)} accepted.` : p.answer === 'refused' ? `✘ ${g.factionName(p.to)} refused.` : 'Waiting for an answer…'}
      ${p.answer ? html`<button class="small" @click=${() => (g.proposal = undefined)}>OK</button>` : nothing}</p>
  </section>`;
}

/** Every offer you may make now, in groups. */
export function renderOffers(g: WarwickGame) {
  if (!g.canAct || g.traveling) return nothing;
  const offers = g.legal.map((l, index) => ({ l, index })).filter(({ l }) => OFFER_TYPES.has(l.command.type));
  if (!offers.length) return nothing;
  const groups = groupCommands(offers.map(({ l }) => l)).map((group) => ({
    ...group,
    commands: group.commands
      .map((c) => ({ index: offers[c.index].index, legal: c.legal }))
      .sort((a, b) => a.legal.description.localeCompare(b.legal.description)),
  }));
  return html`<section class="panel offers" data-panel="offers">
    <details>
      <summary><h2>Offer … <span class="count">${offers.length}</span></h2></summary>
      <p class="muted">Hand over places or ships, give cards, propose an Alliance. The other faction answers; you see its answer here.</p>
      ${groups.map(
        (group) => html`<div class="group" data-group=${group.title}>
          <h3>${group.title} <span class="count">${group.commands.length}</span></h3>
          ${group.commands.length > GROUP_LINES
            ? html`<details class="sub"><summary>Show all ${group.commands.length}</summary>
                <ul>${group.commands.map(({ index, legal }) => commandButton(g, index, legal))}</ul></details>`
            : html`<ul>${group.commands.map(({ index, legal }) => commandButton(g, index, legal))}</ul>`}
        </div>`,
      )}
    </details>
  </section>`;
}
