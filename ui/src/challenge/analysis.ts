// The post-game analysis (`<warwick-analysis>`) on the end screen: each faction's chance of
// winning at the start of every round, estimated by the service from bot playouts one round
// per call, so it runs in the background with a progress bar while the rest of the screen stays
// usable; then drawn as a chart (the Prestige chart's drawing), with the rounds where the
// person's chance moved most listed as turning points, each opening the timeline there.
//
// Events (bubbling, composed): `open-seq` {seq}.
import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { api } from '../api';
import { failureWords } from '../waiting';
import type { PrestigeSeries } from '../bindings/PrestigeSeries';
import type { RoundChances } from '../bindings/RoundChances';
import { chanceSeries, chanceWords, turningPoints, turningWords } from './analysis-model';
import { challengeStyles } from './styles';
import './prestige-chart';

export class WarwickAnalysis extends LitElement {
  static properties = {
    game: { type: Number },
    factions: { attribute: false },
    you: { attribute: false },
    rounds: { state: true },
    total: { state: true },
    error: { state: true },
  };

  game?: number;
  /** Names and colours of the factions (the story's Prestige series). */
  factions: PrestigeSeries[] = [];
  /** The person's seat. */
  you: number | null = null;
  rounds: RoundChances[] = [];
  total = 0;
  error: string | null = null;
  private running: number | null = null;

  static styles = [
    challengeStyles,
    css`
      progress {
        width: 100%;
        height: 0.8rem;
      }
      ol.turns {
        padding-left: 1.2rem;
        margin: 0.4rem 0 0;
      }
    `,
  ];

  protected updated(changed: PropertyValues): void {
    if (changed.has('game') && this.game !== undefined && this.running !== this.game) void this.run(this.game);
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.running = null;
  }

  /** Asks round after round until every round is estimated (stops if the game changes). */
  private async run(game: number): Promise<void> {
    this.running = game;
    this.rounds = [];
    this.total = 0;
    this.error = null;
    try {
      for (let index = 0; this.total === 0 || index < this.total; index++) {
        const step = await api.analysisRound(game, index);
        if (this.running !== game) return;
        this.total = step.rounds;
        this.rounds = [...this.rounds, step];
      }
    } catch (e) {
      if (this.running === game) this.error = failureWords(e);
    }
  }

  private openSeq(seq: number): void {
    this.dispatchEvent(new CustomEvent('open-seq', { detail: { seq }, bubbles: true, composed: true }));
  }

  render() {
    if (this.error) {
      return html`<warwick-waiting data-field="analysis-error" what="the analysis" .error=${this.error}
        @retry=${() => this.game !== undefined && void this.run(this.game)}></warwick-waiting>`;
    }
    const done = this.total > 0 && this.rounds.length >= this.total;
    if (!done) {
      const label = this.total ? `Estimating each side's chances: round ${this.rounds.length + 1} of ${this.total}` : 'Estimating each side\'s chances…';
      return html`<p class="note" data-field="analysis-progress">${label}</p>
        <progress max=${this.total || 1} .value=${this.rounds.length} aria-label=${label}></progress>`;
    }
    const series = chanceSeries(this.factions, this.rounds);
    const turns = this.you === null ? [] : turningPoints(this.rounds, this.you);
    return html`<warwick-prestige-chart
        data-field="analysis-chart"
        .series=${series}
        .you=${this.you}
        .heading=${'Chance of winning (%) at the start of each round'}
        .describe=${chanceWords}
      ></warwick-prestige-chart>
      <p class="note">From ${this.rounds[0]?.playouts ?? 0} bot playouts per round, dealing afresh the cards you could not see.</p>
      ${turns.length
        ? html`<h4>Turning points</h4>
            <ol class="turns" data-field="turning-points">
              ${turns.map((t) => html`<li><button class="link" data-seq=${t.seq} title="Open the timeline here" @click=${() => this.openSeq(t.seq)}>${turningWords(t)}</button></li>`)}
            </ol>`
        : nothing}`;
  }
}

customElements.define('warwick-analysis', WarwickAnalysis);
