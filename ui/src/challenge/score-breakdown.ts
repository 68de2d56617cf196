// The score explained line by line (`<warwick-score>`): each line the service gives (`A
// Prestige Victory +4000`, `Won in round 9 +591`, `2 undos −50`, `Against 3 Normal bots
// ×2.20`) and the total, as a table a screen reader reads row by row. Used by the end screen
// and the verify view.
import { LitElement, css, html } from 'lit';
import type { Score } from '../bindings/Score';
import { challengeStyles } from './styles';
import { formatPoints } from './words';

export class WarwickScore extends LitElement {
  static properties = { score: { attribute: false }, caption: {} };

  score?: Score;
  caption = 'How the score is made';

  static styles = [
    challengeStyles,
    css`
      caption {
        text-align: left;
        color: var(--muted);
        font-size: 0.9rem;
        padding-bottom: 0.3rem;
      }
    `,
  ];

  render() {
    const score = this.score;
    if (!score) return html``;
    return html`<table class="score" data-field="score-lines">
      <caption>${this.caption}</caption>
      <tbody>
        ${score.lines.map((line) => html`<tr class="line"><th scope="row">${line.label}</th><td>${line.effect}</td></tr>`)}
        <tr class="total"><th scope="row">Score</th><td data-field="score-total">${formatPoints(score.total)}</td></tr>
      </tbody>
    </table>`;
  }
}

customElements.define('warwick-score', WarwickScore);
