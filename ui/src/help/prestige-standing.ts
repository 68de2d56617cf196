// `<warwick-prestige-standing>` for the Prestige panel: what you count now, the target that
// applies to you (an Alliance's when you are allied), and what still stands between you and a
// Prestige Victory claim, asked of the service (`prestige_standing`) whenever the game moves.

import { LitElement, css, html, nothing } from 'lit';
import { api } from '../api';
import type { ClaimStanding } from '../bindings/ClaimStanding';
import { ruleHref } from './lookup';
import './help-tip';

export class WarwickPrestigeStanding extends LitElement {
  static properties = {
    game: { type: Number },
    faction: { type: Number },
    seq: { type: Number },
    standing: { state: true },
  };

  game?: number;
  faction?: number;
  /** The game's last seq: a new one asks again. */
  seq?: number;
  standing?: ClaimStanding;
  private asked = '';

  static styles = css`
    :host {
      display: block;
    }
    p {
      margin: 0.3rem 0;
    }
    a {
      color: #1f5fa8;
    }
  `;

  protected updated(): void {
    if (this.game === undefined || this.faction === undefined) return;
    const key = `${this.game}/${this.faction}/${this.seq}`;
    if (key === this.asked) return;
    this.asked = key;
    api.prestigeStanding(this.game, this.faction).then(
      (standing) => {
        if (this.asked === key) this.standing = standing;
      },
      () => undefined,
    );
  }

  render() {
    const s = this.standing;
    if (!s) return nothing;
    return html`<p data-field="prestige-standing">${s.text}
      <a href=${ruleHref({ section: 'winning', anchor: '15.04' })}>What a claim needs</a>
      <warwick-help-tip topic="panel.prestige"></warwick-help-tip></p>`;
  }
}

customElements.define('warwick-prestige-standing', WarwickPrestigeStanding);
