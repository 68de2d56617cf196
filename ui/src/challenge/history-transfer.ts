// `<warwick-history-transfer>`: the history as one file to keep or move to another machine
// ("Save your history": every finished game's replay code, downloaded as a text file and shown
// to copy), and a file brought back ("Bring back a history"), each game replayed and checked by
// the service, with progress.
//
// Events (bubbling, composed): `history-imported` once a file has been brought back.
import { LitElement, css, html, nothing } from 'lit';
import { api, ApiError } from '../api';
import { challengeStyles } from './styles';
import { type ImportProgress, importAll, importWords } from './transfer';

export class WarwickHistoryTransfer extends LitElement {
  static properties = {
    saved: { state: true },
    progress: { state: true },
    error: { state: true },
    busy: { state: true },
  };

  saved?: string;
  progress?: ImportProgress;
  error?: string;
  busy = false;

  static styles = [
    challengeStyles,
    css`
      .row { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
      textarea { width: 100%; min-height: 6rem; font-family: ui-monospace, monospace; font-size: 0.8rem; }
      input[type='file'] { max-width: 100%; }
    `,
  ];

  private async save(): Promise<void> {
    this.error = undefined;
    try {
      const { text } = await api.exportHistory();
      this.saved = text;
      const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `warwick-history-${new Date().toISOString().slice(0, 10)}.txt`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      this.error = error instanceof ApiError ? error.message : String(error);
    }
  }

  private async bringBack(event: Event): Promise<void> {
    const file = (event.target as HTMLInputElement).files?.[0];
    if (!file) return;
    this.error = undefined;
    this.busy = true;
    try {
      const text = await file.text();
      this.progress = await importAll(text, (t, from) => api.importHistory(t, from), (p) => (this.progress = p));
      this.dispatchEvent(new CustomEvent('history-imported', { bubbles: true, composed: true }));
    } catch (error) {
      this.error = error instanceof ApiError ? error.message : String(error);
    } finally {
      this.busy = false;
    }
  }

  render() {
    const p = this.progress;
    return html`<section aria-labelledby="transfer-title">
      <h2 id="transfer-title">Keep or move your history</h2>
      <p class="note">Your finished games, as one small file of replay codes: keep it, or bring it back on another machine with the same Warwick. Each game is replayed and checked as it comes back.</p>
      <div class="row">
        <button class="secondary" data-action="save-history" @click=${() => this.save()}>Save your history</button>
        <label>Bring back a history file <input type="file" accept=".txt,text/plain" data-field="history-file" ?disabled=${this.busy} @change=${(e: Event) => this.bringBack(e)} /></label>
      </div>
      ${this.saved !== undefined
        ? html`<label>Your history file (also downloaded)<textarea readonly data-field="history-text">${this.saved}</textarea></label>`
        : nothing}
      ${p
        ? html`<p role="status" data-field="history-progress">${this.busy ? `Checking game ${p.done} of ${p.total}…` : importWords(p)}</p>
            ${p.refused.length ? html`<ul class="note">${p.refused.map((r) => html`<li>${r}</li>`)}</ul>` : nothing}`
        : nothing}
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
    </section>`;
  }
}

customElements.define('warwick-history-transfer', WarwickHistoryTransfer);
