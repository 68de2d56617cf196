// The Play panel: the turn (clock, your prompt, what the step requires set apart from what you
// may do, End turn, Undo, the bots' speed, pause and Skip to my turn), the piece or card you
// chose and where it can go, a battle or siege with its odds and buttons, the digest of what the
// bots did since your turn, and "All actions": every legal command, filterable, in groups that
// show at most 12 lines until opened.

import { html, nothing } from 'lit';
import type { LegalCommand } from '../bindings/LegalCommand';
import type { View } from '../bindings/View';
import { actorName, battleDrawing, groupCommands, nobleName, outcomeText, subGroups, type SideDrawing } from './model';
import { SPEEDS } from './prompt';
import { yourChanges } from './digest';
import { phaseWords, requiredOf, yourPrompt } from './turn';
import { actionsFor, actorKey, OFFER_TYPES } from './intents';
import type { WarwickGame } from './game-screen';
import '../help/step-help';
import { renderAdvice } from './advice';
import { withKey } from './keys';

/** How many lines a group of "All actions" shows before it is opened. */
export const GROUP_LINES = 12;

export function statusLine(g: WarwickGame, view: View): string {
  const c = view.clock;
  if (view.outcome || c.phase === 'game_over') return `Round ${c.round} · Game over`;
  return `Round ${c.round} · ${g.factionName(c.active)}'s turn · ${phaseWords(c)}`;
}

/** The prompt in words, for you or about the bot deciding. */
export function promptWords(g: WarwickGame, view: View): string {
  const you = g.you;
  if (g.yourTurn && you !== null) return yourPrompt(view.clock, view.pending, g.legal, you);
  const p = g.status?.prompt;
  if (!p) return '';
  if (p.faction === null) return p.text;
  return g.running ? `${g.factionName(p.faction)} is playing…` : `Waiting for ${g.factionName(p.faction)}.`;
}

function button(g: WarwickGame, legal: LegalCommand, text: string, cls = 'small', title?: string) {
  return html`<button class=${cls} data-do=${legal.command.type} ?disabled=${g.busy} title=${title ?? nothing} @click=${() => g.give(legal)}>${text}</button>`;
}

export function renderTurn(g: WarwickGame, view: View) {
  const status = g.status!;
  const outcome = outcomeText(view);
  const required = g.yourTurn ? requiredOf(g.legal) : null;
  const of = (type: string) => g.legal.find((l) => l.command.type === type);
  const draw = of('DrawEventCard');
  const endStep = of('EndStep');
  const pass = of('Pass');
  const discard = of('DiscardCrownCard');
  const undoReason = status.undo === null ? `Undo is not available: ${status.undo_refused ?? 'nothing of yours to undo'}.` : '';
  return html`<section class="panel turn" data-panel="turn">
    <h2 class="clock" data-field="clock">${statusLine(g, view)}</h2>
    ${outcome
      ? html`<p class="outcome" data-field="outcome" role="status">${outcome}</p>
          <p class="after">The game is over. Drag the timeline to look back at any moment of it,${g.you !== null ? html` see <button class="small primary" data-action="show-end" @click=${() => g.emit('show-end', { game: g.game })}>the result and your score</button>,` : nothing} or
            <button class="small" data-action="new-game" @click=${() => g.emit('menu')}>start a new game</button></p>`
      : g.traveling
        ? html`<p class="travel-note">You are looking at the past (seq ${g.cursor} of ${g.head}). Go back to now to play.</p>`
        : html`<p data-field="prompt" class=${required ? 'required' : ''}>${promptWords(g, view)}</p>
            ${g.yourTurn ? html`<warwick-step-help .prompt=${status.prompt}></warwick-step-help>` : nothing}`}
    ${g.yourTurn && !g.traveling && !outcome
      ? html`<div class="main-actions" data-field="main-actions">
          ${draw ? button(g, draw, 'Draw the Event card', 'big primary') : nothing}
          ${pass && !endStep ? button(g, pass, view.clock.active === g.you ? 'Pass' : 'Pass (play nothing)', 'big', withKey('Play nothing in this window', 'pass')) : nothing}
          ${endStep ? html`<button class="big" data-action="end-step" ?disabled=${g.busy} @click=${() => g.give(endStep)}
              title="End this step and go on to the next">${stepButton(view)}</button>` : nothing}
          ${view.clock.active === g.you && (endStep || discard || (pass && view.clock.phase === 'end_of_turn'))
            ? html`<button class="big primary" data-action="end-turn" ?disabled=${g.busy || g.flowing} @click=${() => g.endTurn()}
                title=${withKey(discard ? 'Choose the card to discard, and your turn ends' : 'Go through the rest of your turn, stopping only where something is owed', 'end-turn')}>End turn</button>`
            : nothing}
        </div>`
      : nothing}
    ${g.yourTurn && g.playModel && Object.values(g.playModel.play.pieces).some((p) => p.selectable)
      ? html`<p class="muted keys">Keyboard: <kbd>M</kbd> goes to your pieces on the map (arrows between them, Enter chooses, Escape cancels);
          <kbd>E</kbd> ends your turn, <kbd>P</kbd> passes, <kbd>H</kbd> your hand, <kbd>U</kbd> undoes — all in Menu › How to play.</p>`
      : nothing}
    ${g.flowNote ? html`<p class="warn" data-field="flow-note" role="status">${g.flowNote}</p>` : nothing}
    ${outcome ? nothing : renderAdvice(g)}
    <div class="undo" ?hidden=${g.you === null}>
      <button class="small" data-action="undo" ?disabled=${!status.undo || g.busy || g.traveling} @click=${() => g.undo()}
        title=${status.undo ? withKey(`Undo: ${status.undo.description}`, 'undo') : undoReason}>↶ Undo</button>
      <span class="undo-note" data-field="undo">${g.traveling && status.undo ? 'Go back to now to undo.' : status.undo ? `Undo would cancel: ${status.undo.description}` : undoReason}</span>
    </div>
    <div class="bots" data-field="bots" ?hidden=${!!view.outcome}>
      <button class="small" data-action="pause" @click=${() => g.togglePause()} aria-pressed=${g.paused ? 'true' : 'false'}>
        ${g.paused ? '▶ Resume bots' : '❚❚ Pause bots'}
      </button>
      ${g.botsToMove && !g.paused ? html`<button class="small" data-action="skip" @click=${() => g.skipToYou()} ?disabled=${g.skipping}>⏭ Skip to my turn</button>` : nothing}
      <label>Speed
        <select data-field="speed" @change=${(e: Event) => g.setSpeed((e.target as HTMLSelectElement).value)}>
          ${SPEEDS.map((s) => html`<option value=${s.id} ?selected=${s.id === g.speed}>${s.label}</option>`)}
        </select>
      </label>
      ${g.running ? html`<span class="progress">Bots playing… ${g.botCount} moves</span>` : nothing}
    </div>
    ${g.running && g.log.length ? html`<p class="latest" data-field="latest">${g.log[g.log.length - 1].description}</p>` : nothing}
  </section>`;
}

function stepButton(view: View): string {
  const next: Record<string, string> = {
    movement: 'Finish moving ›',
    combat: 'Finish attacking ›',
    parliament: 'Skip Parliament ›',
    coronation: 'Skip coronation ›',
    end_of_turn: 'Next step ›',
  };
  return next[view.clock.phase] ?? 'Next step ›';
}

/** The chosen piece or card: who it is, which Nobles of a stack go, its actions, where it can go. */
export function renderSelection(g: WarwickGame) {
  if (!g.selection.length || !g.canAct) return nothing;
  const play = g.playModel;
  const piece = g.selectedPiece;
  const info = piece ? play?.pieces.get(piece) : undefined;
  const intents = g.intents;
  const chosen = new Set(g.selection);
  const actions = actionsFor(intents, chosen);
  const card = g.selection.find((k) => k.startsWith('card:'));
  const title = card ? actorName(g.content, card) : (info?.label ?? g.selection.map((k) => actorName(g.content, k)).join(', '));
  const able = new Set(intents.filter((i) => i.actor).map((i) => actorKey(i.actor!)));
  const nobles = info?.actors.filter((a) => a.startsWith('noble:') && able.has(a)) ?? [];
  const targets = play ? [...play.targets.entries()] : [];
  return html`<section class="panel selection" data-panel="selection" aria-label="Your choice">
    <h2>Chosen: ${title}</h2>
    ${nobles.length > 1
      ? html`<fieldset class="who"><legend>Which Nobles go</legend>
          ${nobles.map((a) => html`<label><input type="checkbox" data-noble-toggle=${a.slice(6)} .checked=${chosen.has(a)}
            @change=${(e: Event) => g.toggleActor(a, (e.target as HTMLInputElement).checked)} /> ${nobleName(g.content, a.slice(6))}</label>`)}
        </fieldset>`
      : nothing}
    ${actions.length
      ? html`<div class="piece-actions">${actions.map((i) => html`<button class="small ${i.danger ? 'danger' : 'primary'}" data-do=${i.type} ?disabled=${g.busy}
          @click=${() => g.giveIntent(i)}>${i.legal.description}</button>`)}</div>`
      : nothing}
    <p class="muted">${targets.length ? `${targets.length} place${targets.length === 1 ? '' : 's'} marked on the map: tap one${card ? '' : ', or drag the piece there'}.` : actions.length ? '' : 'Nothing this can do now.'}</p>
    ${targets.length
      ? html`<details class="sub" data-field="target-list"><summary>List them</summary><ul>
          ${targets
            .map(([key]) => ({ key, label: g.playModel!.play.targets.find((t) => t.key === key)?.label ?? key }))
            .sort((a, b) => a.label.localeCompare(b.label))
            .map((t) => html`<li><button class="command" data-target-button=${t.key} @click=${() => g.tapTarget(t.key)}
              @mouseenter=${() => g.hoverTarget(t.key)} @focus=${() => g.hoverTarget(t.key)}>${t.label}</button></li>`)}
        </ul></details>`
      : nothing}
    <button class="small" data-action="cancel-selection" @click=${() => g.clearSelection()}>Cancel (Esc)</button>
  </section>`;
}

export function renderBattle(g: WarwickGame, view: View, letters: string[]) {
  // Drawn from the rules' preview only (api.battlePreview): no number is counted here.
  const battle = view.pending?.kind === 'attack' && g.battle ? battleDrawing(g.content, g.battle) : null;
  if (!battle) return nothing;
  const side = (title: string, s: SideDrawing) => html`<div class="side-box" data-side=${title.toLowerCase()}>
    <h3>${g.chip(s.faction, letters)}${title}: ${s.faction === null || s.faction === undefined ? (s.garrison ? `the garrison of ${battle.where}` : 'no one') : g.factionName(s.faction)}</h3>
    <p class="strength" data-field="strength">${s.strength} troops${s.withoutBonus !== s.strength ? html` <span class="muted">(${s.withoutBonus} without regional bonuses)</span>` : nothing}</p>
    <ul>
      ${s.lines.map((line) => html`<li>${line}</li>`)}
      ${s.garrison ? html`<li data-field="garrison">The garrison (${s.garrison})</li>` : nothing}
      ${!s.lines.length && !s.garrison ? html`<li class="muted">${title === 'Attack' ? 'No Noble committed yet' : 'No one'}</li>` : nothing}
    </ul>
  </div>`;
  const of = (type: string) => g.yourTurn && !g.traveling ? g.legal.filter((l) => l.command.type === type) : [];
  const commits = of('CommitAttacker');
  const launch = of('LaunchAttack')[0];
  const callOff = of('CallOffAttack')[0];
  return html`<section class="panel battle" data-panel="battle">
    <h2>${battle.title}</h2>
    <div class="sides">${side('Attack', battle.attack)} ${side('Defence', battle.defence)}</div>
    <p data-field="odds">Odds: ${battle.odds}</p>
    ${battle.refusal
      ? html`<p class="warn" data-field="too-weak">${battle.refusal}</p>`
      : nothing}
    ${battle.veryWeak ? html`<p class="warn" data-field="very-weak">Under a quarter of the defence: every attacker would be captured.</p>` : nothing}
    <p data-field="killed">Could be named KILLED: ${battle.couldBeKilled.length ? battle.couldBeKilled.join(', ') : 'none of those taking part'}.</p>
    ${commits.length || launch || callOff
      ? html`<div class="battle-actions">
          ${commits.length ? html`<button class="big primary" data-action="commit-all" ?disabled=${g.busy} @click=${() => g.commitAllAndLaunch()}>
              Attack with all (${commits.length} more Noble${commits.length === 1 ? '' : 's'})${launch || commits.length ? ' and launch' : ''}</button>` : nothing}
          ${commits.map((c) => c.command.type === 'CommitAttacker' ? button(g, c, `Commit ${nobleName(g.content, c.command.noble)}`) : nothing)}
          ${launch ? button(g, launch, 'Launch the attack', commits.length ? 'small' : 'big primary') : nothing}
          ${callOff ? button(g, callOff, 'Call it off') : nothing}
        </div>`
      : nothing}
  </section>`;
}

export function renderDigest(g: WarwickGame, letters: string[]) {
  const digest = g.digest;
  if (!digest || (!digest.entries.length && !digest.folded) || g.you === null) return nothing;
  const icons: Record<string, string> = { move: '➜', sea: '⛵', attack: '⚔', crown: '♛', parliament: '⚖', card: '▤', event: '❖', offer: '✉', other: '•', yours: '⚠' };
  return html`<section class="panel digest" data-panel="digest">
    <details ?open=${g.yourTurn}>
      <summary><h2>Since your last turn <span class="count">${digest.entries.length}</span></h2></summary>
      <ol class="digest-rows">
        ${digest.entries.map(
          (e) => html`<li data-digest-seq=${e.seq} class=${e.yours ? 'yours' : ''}>
            <button class="digest-line" data-icon=${e.icon} data-field=${e.yours ? 'digest-yours' : 'digest-line'} @click=${() => g.focusDigest(e)}>
              ${g.chip(e.by, letters)}<span class="sr-only">${g.factionName(e.by)}: </span><span class="icon" aria-hidden="true">${icons[e.icon]}</span> ${e.text}${e.notes.length ? html` <span class="muted">— ${e.notes.join('; ')}</span>` : nothing}
            </button></li>`,
        )}
      </ol>
      ${digest.folded ? html`<p class="muted">And ${digest.folded} pass${digest.folded === 1 ? '' : 'es'} or step ends that changed nothing.</p>` : nothing}
    </details>
  </section>`;
}

/** What your turn opens with: the changes others (or an Event, or a battle) made to your pieces
 * and places since your last turn, a few lines, each shown on the map when opened. */
export function renderYourChanges(g: WarwickGame) {
  if (!g.yourTurn || g.traveling || g.you === null) return nothing;
  const changes = yourChanges(g.digest);
  if (!changes.length) return nothing;
  const shown = changes.slice(0, 4);
  return html`<section class="panel your-changes" data-panel="your-changes" aria-labelledby="your-changes-title">
    <h2 id="your-changes-title">While you waited</h2>
    <ul>
      ${shown.map(
        (e) => html`<li><button class="digest-line" data-field="your-change" @click=${() => g.focusDigest(e)}>
          <span class="icon" aria-hidden="true">⚠</span> ${e.text}<span class="muted"> — ${e.notes[0] ?? `in ${g.factionName(e.by)}'s turn`}</span>
        </button></li>`,
      )}
    </ul>
    ${changes.length > shown.length ? html`<p class="muted">And ${changes.length - shown.length} more in “Since your last turn”.</p>` : nothing}
  </section>`;
}

/** Every legal command, filterable; a group longer than 12 lines shows its sub-lists closed. */
export function renderAllActions(g: WarwickGame) {
  if (!g.canAct || g.traveling) return nothing;
  const filter = g.filter.trim().toLowerCase();
  const legal = g.legal;
  const shown = legal
    .map((l, index) => ({ l, index }))
    .filter(({ l }) => !OFFER_TYPES.has(l.command.type) && (!filter || l.description.toLowerCase().includes(filter)));
  const groups = groupCommands(shown.map(({ l }) => l)).map((group) => ({
    ...group,
    commands: group.commands
      .map((c) => ({ index: shown[c.index].index, legal: c.legal }))
      .sort((a, b) => a.legal.description.localeCompare(b.legal.description)),
  }));
  return html`<section class="panel actions" data-panel="actions" aria-label="All actions">
    <details class="all" ?open=${g.allOpen} @toggle=${(e: Event) => (g.allOpen = (e.target as HTMLDetailsElement).open)}>
      <summary><h2>All actions <span class="count">${shown.length}</span></h2></summary>
      <label class="filter">Find <input type="search" data-field="filter" .value=${g.filter} placeholder="a Noble, a place, a card…"
        @input=${(e: Event) => (g.filter = (e.target as HTMLInputElement).value)} /></label>
      ${groups.map((group) => {
        const subs = subGroups(group);
        const split = group.commands.length > GROUP_LINES && subs.length > 1;
        const open = group.commands.length <= GROUP_LINES || !!filter;
        return html`<div class="group" data-group=${group.title}>
          <h3>${group.title} <span class="count">${group.commands.length}</span></h3>
          ${split && !filter
            ? subs.map(
                (sub) => html`<details class="sub">
                  <summary>${sub.actor ? actorName(g.content, sub.actor) : 'Other'} <span class="count">${sub.commands.length}</span></summary>
                  <ul>${sub.commands.map(({ index, legal }) => commandButton(g, index, legal))}</ul>
                </details>`,
              )
            : open
              ? html`<ul>${group.commands.map(({ index, legal }) => commandButton(g, index, legal))}</ul>`
              : html`<details class="sub"><summary>Show all ${group.commands.length}</summary>
                  <ul>${group.commands.map(({ index, legal }) => commandButton(g, index, legal))}</ul></details>`}
        </div>`;
      })}
      ${!groups.length ? html`<p class="muted">${filter ? 'Nothing matches.' : 'Nothing to do but what is above.'}</p>` : nothing}
    </details>
  </section>`;
}

export function commandButton(g: WarwickGame, index: number, legal: LegalCommand) {
  return html`<li>
    <button class="command" data-command=${legal.command.type} data-index=${index} ?disabled=${g.busy}
      @click=${() => g.fromList(legal)}
      @mouseenter=${() => g.focusCommand(legal)} @mouseleave=${() => g.focusCommand(undefined)}
      @focus=${() => g.focusCommand(legal)} @blur=${() => g.focusCommand(undefined)}>
      ${legal.description}
      ${legal.undoable ? nothing : html`<span class="no-undo" title="Once given, this cannot be undone">⚠ cannot be undone</span>`}
    </button>
  </li>`;
}
