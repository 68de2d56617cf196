// The share dialog (`<warwick-share-dialog>`): a modal dialog holding the one line to share
// for a finished game — built from its replay code as the service verifies it, so the line
// says exactly what anyone checking it will see — in a read-only text box (select and copy
// it by hand if need be), a Copy button (the clipboard, else the browser's copy command) with
// a visible "Copied" confirmation, and Close. Focus moves into the dialog and back to what
// opened it (the dialog element does both); Escape closes it. Under the line: a link that opens
// "Check a shared result" with the code filled in (`share-link.ts`: a web address in a browser
// served by Warwick, a warwick:// address in the app), and a QR code of the web link (or, in
// the app, of the line) for a phone's camera.
import { LitElement, css, html, nothing } from 'lit';
import { unsafeSVG } from 'lit/directives/unsafe-svg.js';
import { api, ApiError } from '../api';
import { shareLink } from './share-link';
import { challengeStyles } from './styles';

export class WarwickShareDialog extends LitElement {
  static properties = {
    game: { type: Number },
    line: { state: true },
    link: { state: true },
    qr: { state: true },
    error: { state: true },
    copied: { state: true },
  };

  game?: number;
  line?: string;
  /** A link that opens the verify view with the code (a browser served by Warwick only). */
  link?: string;
  /** The QR code of the link, or of the line in the app. */
  qr?: string;
  error?: string;
  /** The copy's outcome, shown beside the button. */
  copied?: 'yes' | 'manual';

  static styles = [
    challengeStyles,
    css`
      dialog {
        border: 1px solid #b9a98e;
        border-radius: 0.7rem;
        background: var(--parchment);
        color: var(--ink);
        width: min(40rem, calc(100vw - 2rem));
        box-sizing: border-box;
        padding: 1rem 1.2rem 1.2rem;
      }
      dialog::backdrop {
        background: rgba(43, 33, 24, 0.55);
      }
      h2 {
        margin: 0 0 0.5rem;
      }
      label {
        display: block;
        color: var(--muted);
        margin: 0.8rem 0 0.3rem;
      }
      textarea {
        width: 100%;
        box-sizing: border-box;
        font: 0.95rem/1.4 'DejaVu Sans Mono', monospace;
        min-height: 7.5rem;
        field-sizing: content;
        resize: vertical;
        padding: 0.5rem;
        border: 1px solid #b9a98e;
        border-radius: 0.4rem;
        background: #fffdf7;
        color: var(--ink);
        word-break: break-all;
      }
      .copied {
        align-self: center;
        font-weight: 700;
        color: #00664a;
      }
      .actions [data-action='close-share'] {
        margin-left: auto;
      }
      @media (max-width: 899px) {
        textarea {
          min-height: 12rem;
        }
      }
      .copied.manual {
        color: #7a1020;
      }
      input#share-link {
        width: 100%;
        box-sizing: border-box;
        font: 0.85rem 'DejaVu Sans Mono', monospace;
        padding: 0.4rem;
      }
      .qr {
        width: min(11rem, 50vw);
        background: #fff;
        padding: 0.4rem;
        margin-top: 0.6rem;
      }
      .qr svg {
        display: block;
        width: 100%;
        height: auto;
      }
    `,
  ];

  /** Opens the dialog and makes the game's share line. */
  /** Whether the link is a web address (a browser served by Warwick) rather than warwick://. */
  private get webLink(): boolean {
    return this.link?.startsWith('http') ?? false;
  }

  async show(): Promise<void> {
    this.line = undefined;
    this.link = undefined;
    this.qr = undefined;
    this.error = undefined;
    this.copied = undefined;
    await this.updateComplete;
    const dialog = this.renderRoot.querySelector('dialog')!;
    if (!dialog.open) dialog.showModal();
    if (this.game === undefined) return;
    try {
      // The service writes the line; whoever verifies it checks its words as well as its code.
      const shared = await api.replayCode(this.game);
      this.line = shared.line;
      this.link = shareLink(shared.code);
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLButtonElement>('[data-action="copy"]')?.focus();
      // A phone's camera opens a web link; a warwick:// link is for computers with Warwick.
      this.qr = (await api.qr(this.webLink ? this.link! : shared.line).catch(() => undefined))?.svg;
      this.renderRoot.querySelector<HTMLButtonElement>('[data-action="copy"]')?.focus();
    } catch (error) {
      this.error = error instanceof ApiError ? error.message : String(error);
    }
  }

  private close(): void {
    this.renderRoot.querySelector('dialog')?.close();
  }

  private async copy(): Promise<void> {
    if (!this.line) return;
    const box = this.renderRoot.querySelector('textarea');
    try {
      await navigator.clipboard.writeText(this.line);
      this.copied = 'yes';
    } catch {
      // No clipboard access: select the text and try the browser's own copy.
      box?.focus();
      box?.select();
      this.copied = document.execCommand?.('copy') ? 'yes' : 'manual';
    }
  }

  render() {
    return html`<dialog aria-labelledby="share-title" @close=${() => this.dispatchEvent(new CustomEvent('close'))}>
      <h2 id="share-title">Share your result</h2>
      <p class="note">Anyone with Warwick can paste this line into "Check a shared result": their Warwick replays your
        whole game with the same bots and shows the same result and score.</p>
      ${this.error
        ? html`<p class="error" role="alert">Could not make the line to share: ${this.error}</p>`
        : html`<label for="share-line">${this.line ? 'The line to share' : 'Making the line to share…'}</label>
            <textarea id="share-line" data-field="share-line" readonly .value=${this.line ?? ''} @focus=${(e: Event) => (e.target as HTMLTextAreaElement).select()}></textarea>`}
      ${this.link
        ? html`<label for="share-link">${this.webLink
            ? 'Or a link that opens the check with your code in it'
            : 'Or a warwick:// link: on a computer with Warwick installed it opens the check with your code in it'}</label>
            <input id="share-link" data-field="share-link" readonly .value=${this.link} @focus=${(e: Event) => (e.target as HTMLInputElement).select()} />`
        : nothing}
      ${this.qr
        ? html`<div class="qr" data-field="share-qr" role="img" aria-label=${this.webLink ? 'QR code of the link' : 'QR code of the line'}>${unsafeSVG(this.qr)}</div>
            <p class="note">For a phone's camera: ${this.webLink ? 'it opens the link' : 'it reads the line, to paste into Check a shared result'}.</p>`
        : nothing}
      <div class="actions">
        <button class="primary" data-action="copy" ?disabled=${!this.line} @click=${this.copy}>Copy</button>
        <span class="copied ${this.copied ?? ''}" role="status" data-field="copied">${this.copied === 'yes'
          ? 'Copied ✓'
          : this.copied === 'manual'
            ? 'Could not copy: the text is selected, copy it with your keyboard or menu.'
            : nothing}</span>
        <button class="secondary" data-action="close-share" @click=${this.close}>Close</button>
      </div>
    </dialog>`;
  }
}

customElements.define('warwick-share-dialog', WarwickShareDialog);
