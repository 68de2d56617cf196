// The Prestige chart (`<warwick-prestige-chart>`): every faction's Prestige at the end of each
// round, one line per faction in the colour the map gives it (../map/pieces.ts) and with its
// own line pattern and letter, a legend with each faction's final Prestige, the chart in words
// for screen readers, and the numbers in a table to open. Geometry in ./chart.ts.
import { LitElement, css, html, nothing, svg } from 'lit';
import type { PrestigeSeries } from '../bindings/PrestigeSeries';
import { factionColour, factionLetters } from '../map/pieces';
import { DASHES, chartWords, niceMax, seriesPoints, spreadLabels, xFor, xTicks, yFor, yTicks, type ChartBox } from './chart';
import { challengeStyles } from './styles';

/** The drawing box; its width follows the element's, so text and lines keep their size on a phone. */
const BOX: ChartBox = { width: 560, height: 240, left: 34, right: 28, top: 14, bottom: 30 };

export class WarwickPrestigeChart extends LitElement {
  static properties = { series: { attribute: false }, you: { attribute: false }, width: { state: true } };

  series: PrestigeSeries[] = [];
  /** The person's seat, drawn on top and named "you". */
  you: number | null = null;
  /** The element's width in pixels, once measured. */
  width = 0;
  private resize = new ResizeObserver(([entry]) => {
    const width = Math.round(entry.contentRect.width);
    if (width > 0 && Math.abs(width - this.width) > 2) this.width = width;
  });

  connectedCallback(): void {
    super.connectedCallback();
    this.resize.observe(this);
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resize.disconnect();
  }

  static styles = [
    challengeStyles,
    css`
      figure {
        margin: 0;
      }
      svg {
        width: 100%;
        height: auto;
        display: block;
        background: #fffdf7;
        border: 1px solid #e3d7c1;
        border-radius: 0.4rem;
      }
      .grid line {
        stroke: #e6dccb;
      }
      .axis text {
        font-size: 11px;
        fill: #6b5d4f;
        font-family: inherit;
      }
      .end text {
        font-size: 11px;
        font-weight: 700;
        font-family: inherit;
      }
      ul.legend {
        list-style: none;
        padding: 0;
        margin: 0.5rem 0 0;
        display: flex;
        flex-wrap: wrap;
        gap: 0.3rem 1rem;
        font-size: 0.92rem;
      }
      ul.legend li {
        display: flex;
        align-items: center;
        gap: 0.35rem;
      }
      .chip {
        display: inline-grid;
        place-items: center;
        width: 1.3rem;
        height: 1.3rem;
        border-radius: 50%;
        font-size: 0.75rem;
        font-weight: 700;
      }
      details {
        margin-top: 0.4rem;
        font-size: 0.9rem;
      }
      summary {
        cursor: pointer;
        color: #0a4f7a;
        min-height: 1.8rem;
      }
      table {
        border-collapse: collapse;
        font-variant-numeric: tabular-nums;
      }
      th,
      td {
        padding: 0.15rem 0.5rem;
        text-align: right;
        border-bottom: 1px solid #e3d7c1;
      }
      th[scope='row'] {
        text-align: left;
        font-weight: 400;
      }
    `,
  ];

  render() {
    const series = this.series;
    const rounds = Math.max(0, ...series.map((s) => s.by_round.length));
    const words = chartWords(series);
    if (!rounds) return html`<p class="note" data-field="chart-empty">${words}</p>`;
    const max = niceMax(Math.max(0, ...series.flatMap((s) => s.by_round)));
    const letters = factionLetters(series.map((s) => ({ name: s.name })));
    const colour = (s: PrestigeSeries) => factionColour(s.faction, s.colour);
    // The person's line last, so it is drawn on top.
    const order = [...series].sort((a, b) => Number(a.faction === this.you) - Number(b.faction === this.you));
    const w = Math.max(240, this.width || BOX.width);
    const box: ChartBox = { ...BOX, width: w, height: w < 500 ? 200 : BOX.height };
    const bottom = box.height - box.bottom;
    // Where each faction's end label goes: by its last point, apart from the others.
    const labelYs = spreadLabels(
      series.map((s) => yFor(s.by_round[s.by_round.length - 1] ?? 0, max, box)),
      17,
      box.top,
      bottom,
    );
    return html`<figure>
      <svg class="prestige-chart" viewBox="0 0 ${box.width} ${box.height}" role="img" aria-labelledby="chart-title chart-desc">
        <title id="chart-title">Prestige by round</title>
        <desc id="chart-desc">${words}</desc>
        <g class="grid axis" aria-hidden="true">
          ${yTicks(max).map((v) => svg`<line x1=${box.left} x2=${box.width - box.right} y1=${yFor(v, max, box)} y2=${yFor(v, max, box)}></line>
            <text x=${box.left - 6} y=${yFor(v, max, box) + 4} text-anchor="end">${v}</text>`)}
          ${xTicks(rounds).map((r) => svg`<text x=${xFor(r, rounds, box)} y=${bottom + 16} text-anchor="middle">${r}</text>`)}
          <text x=${box.width - box.right} y=${box.height - 2} text-anchor="end">round</text>
        </g>
        ${order.map((s) => {
          const c = colour(s);
          const i = series.indexOf(s);
          const points = seriesPoints(s.by_round, rounds, max, box);
          const you = s.faction === this.you;
          const [lx, py] = points[points.length - 1] ?? [0, 0];
          const ly = labelYs[i];
          return svg`<g class="series" data-faction=${s.faction} aria-hidden="true">
            ${points.length > 1
              ? svg`<polyline points=${points.map((p) => p.join(',')).join(' ')} fill="none" stroke=${c.fill}
                  stroke-width=${you ? 4 : 2.5} stroke-dasharray=${DASHES[i % DASHES.length] || nothing} stroke-linejoin="round"></polyline>`
              : nothing}
            ${points.map(([x, y]) => svg`<circle cx=${x} cy=${y} r=${you ? 4.5 : 3.5} fill=${c.fill} stroke="#fff" stroke-width="1"></circle>`)}
            <g class="end">${Math.abs(ly - py) > 1 ? svg`<line x1=${lx} y1=${py} x2=${lx + 12} y2=${ly} stroke=${c.fill} stroke-width="1.5"></line>` : nothing}
              <circle cx=${lx + 12} cy=${ly} r="8" fill=${c.fill}></circle>
              <text x=${lx + 12} y=${ly + 4} text-anchor="middle" fill=${c.text}>${letters[i]}</text></g>
          </g>`;
        })}
      </svg>
      <ul class="legend" aria-label="Factions">
        ${series.map((s, i) => {
          const c = colour(s);
          return html`<li data-faction=${s.faction}><span class="chip" style="background:${c.fill};color:${c.text}" aria-hidden="true">${letters[i]}</span>
            <span>${s.faction === this.you ? html`<strong>${s.name} (you)</strong>` : s.name}: ${s.by_round[s.by_round.length - 1] ?? 0}</span></li>`;
        })}
      </ul>
      <details>
        <summary>The numbers, round by round</summary>
        <table>
          <thead><tr><th scope="col">Faction</th>${Array.from({ length: rounds }, (_, r) => html`<th scope="col">R${r + 1}</th>`)}</tr></thead>
          <tbody>${series.map((s) => html`<tr><th scope="row">${s.name}</th>${s.by_round.map((v) => html`<td>${v}</td>`)}</tr>`)}</tbody>
        </table>
      </details>
    </figure>`;
  }
}

customElements.define('warwick-prestige-chart', WarwickPrestigeChart);
