// "Play on your phone" (`<warwick-phone>`), in Settings and as its own page from the start
// screen: on the computer, it serves the games on the home network (the app starts it with a
// click; a browser page is served by `warwick serve --lan`), shows a one-time pairing address as
// text and as a QR code for the phone's camera, and lists the paired phones with a way to unpair
// each. On a paired phone it only says where pairing is done (those calls are the computer's).
// While an address waits to be used, the list is fetched again every few seconds, so the phone
// shows up the moment it is paired.
import { LitElement, css, html, nothing } from 'lit';
import { unsafeSVG } from 'lit/directives/unsafe-svg.js';
import { ApiError, api, inTauri } from '../api';
import type { Pairing } from '../bindings/Pairing';
import type { PhoneStatus } from '../bindings/PhoneStatus';
import { challengeStyles } from '../challenge/styles';

/** How often the paired devices are fetched again while a pairing address is shown. */
const WATCH_MS = 3000;

/** Whether this page runs on the computer that serves the games (not on a phone). */
export function onThisComputer(): boolean {
  if (inTauri()) return true;
  const host = globalThis.location?.hostname ?? '';
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

/** A time of day from an RFC 3339 stamp, in the reader's clock: `14:05`. */
export function clockTime(stamp: string): string {
  const at = new Date(stamp);
  if (Number.isNaN(at.getTime())) return stamp;
  return at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

export class WarwickPhone extends LitElement {
  static properties = {
    status: { state: true },
    pairing: { state: true },
    error: { state: true },
    busy: { state: true },
    said: { state: true },
  };

  status?: PhoneStatus;
  pairing?: Pairing;
  error?: string;
  busy = false;
  /** What the last action did, for the polite live region. */
  said = '';
  private watch?: ReturnType<typeof setInterval>;

  static styles = [
    challengeStyles,
    css`
      fieldset {
        min-width: 0;
        border: 1px solid #d9ccb4;
        border-radius: 0.6rem;
        background: #fffaf0;
        padding: 0.6rem 1rem 0.9rem;
        margin: 0;
        display: grid;
        gap: 0.6rem;
      }
      legend {
        font-weight: 700;
        padding: 0 0.3rem;
      }
      ol {
        margin: 0;
        padding-left: 1.3rem;
      }
      .qr {
        width: min(15rem, 70vw);
        background: #fff;
        padding: 0.5rem;
        border-radius: 0.4rem;
        border: 1px solid #d9ccb4;
      }
      .qr svg {
        display: block;
        width: 100%;
        height: auto;
      }
      code {
        background: #f3ead8;
        border-radius: 0.3rem;
        padding: 0.2rem 0.4rem;
        word-break: break-all;
      }
      ul.devices {
        list-style: none;
        padding: 0;
        margin: 0;
        display: grid;
        gap: 0.4rem;
      }
      ul.devices li {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem 0.8rem;
        align-items: center;
      }
    `,
  ];

  connectedCallback(): void {
    super.connectedCallback();
    if (onThisComputer()) void this.load();
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopWatching();
  }

  private async load(): Promise<void> {
    try {
      this.status = await api.phone();
      this.error = undefined;
    } catch (error) {
      this.error = words(error);
    }
  }

  private async serve(): Promise<void> {
    this.busy = true;
    this.error = undefined;
    try {
      this.status = await api.serveOnLan();
      this.said = 'Your games are served on the home network.';
      await this.pair();
    } catch (error) {
      this.error = words(error);
    }
    this.busy = false;
  }

  private async pair(): Promise<void> {
    this.error = undefined;
    try {
      this.pairing = await api.phonePairing();
      this.said = 'A new pairing address is ready.';
      this.startWatching();
    } catch (error) {
      this.error = words(error);
    }
  }

  private async revoke(id: string, name: string): Promise<void> {
    this.error = undefined;
    try {
      this.status = await api.phoneRevoke(id);
      this.said = `${name} is unpaired: it can no longer reach your games.`;
    } catch (error) {
      this.error = words(error);
    }
  }

  /** Fetches the devices again until the address is used or expires. */
  private startWatching(): void {
    this.stopWatching();
    const before = new Set(this.status?.devices.map((d) => d.id) ?? []);
    this.watch = setInterval(async () => {
      const pairing = this.pairing;
      if (!pairing || Date.parse(pairing.expires) < Date.now()) {
        this.pairing = undefined;
        this.stopWatching();
        return;
      }
      try {
        const status = await api.phone();
        this.status = status;
        const fresh = status.devices.find((d) => !before.has(d.id));
        if (fresh) {
          this.pairing = undefined;
          this.said = `${fresh.name} is paired. Play on it now.`;
          this.stopWatching();
        }
      } catch {
        /* the next tick tries again */
      }
    }, WATCH_MS);
  }

  private stopWatching(): void {
    if (this.watch !== undefined) clearInterval(this.watch);
    this.watch = undefined;
  }

  private renderServing() {
    const lan = this.status?.lan;
    if (!lan) {
      return inTauri()
        ? html`<p>Play this computer's games on your phone's browser, over your home Wi-Fi, while Warwick runs here.</p>
            <div><button class="primary" data-action="serve-lan" ?disabled=${this.busy} @click=${() => this.serve()}>Serve my games on the home network</button></div>`
        : html`<p>To play on your phone, start Warwick with <code>warwick serve --lan</code> (or use the Warwick app) and open this page again.</p>`;
    }
    const address = `http://${lan.addresses[0]}:${lan.port}/`;
    const pairing = this.pairing;
    return html`<p>Served on your home network at <code data-field="lan-address">${address}</code>.</p>
      <ol>
        <li>Connect your phone to the same Wi-Fi as this computer.</li>
        <li>Press <strong>Pair a phone</strong> and scan the code with the phone's camera (or type the address).</li>
        <li>Play. Add Warwick to the phone's home screen to keep it as an app.</li>
      </ol>
      <div><button class="primary" data-action="pair-phone" @click=${() => this.pair()}>${pairing ? 'A new pairing address' : 'Pair a phone'}</button></div>
      ${pairing
        ? html`<div class="qr" data-field="pairing-qr" role="img" aria-label="QR code of the pairing address">${unsafeSVG(pairing.qr_svg)}</div>
            <p>Or open <code data-field="pairing-url">${pairing.url}</code> on the phone. It works once, until ${clockTime(pairing.expires)}.</p>`
        : nothing}`;
  }

  private renderDevices() {
    const devices = this.status?.devices ?? [];
    return html`<h3>Paired phones</h3>
      ${devices.length === 0
        ? html`<p class="note" data-field="no-devices">No phone is paired.</p>`
        : html`<ul class="devices" data-field="devices">
            ${devices.map(
              (d) => html`<li data-device=${d.id}>
                <span>${d.name}, paired ${new Date(d.paired).toLocaleDateString()}</span>
                <button class="secondary" data-action="revoke" @click=${() => this.revoke(d.id, d.name)}>Unpair</button>
              </li>`,
            )}
          </ul>
          <p class="note">An unpaired phone can no longer see or change your games.</p>`}`;
  }

  render() {
    if (!onThisComputer()) {
      return html`<fieldset id="phone">
        <legend>Play on your phone</legend>
        <p data-field="on-phone">This device is paired with the computer that runs Warwick. Phones are paired and unpaired there.</p>
      </fieldset>`;
    }
    return html`<fieldset id="phone">
      <legend>Play on your phone</legend>
      ${this.status ? html`${this.renderServing()} ${this.renderDevices()}` : this.error ? nothing : html`<p class="note">Loading…</p>`}
      <p role="status" class="note" data-field="phone-status">${this.said}</p>
      ${this.error ? html`<p class="error" role="alert" data-field="phone-error">${this.error}</p>` : nothing}
    </fieldset>`;
  }
}

function words(error: unknown): string {
  return error instanceof ApiError ? error.message : String(error);
}

customElements.define('warwick-phone', WarwickPhone);

/** Play on your phone as a page of its own, from the start screen. Fires `menu` on Back. */
export class WarwickPhonePage extends LitElement {
  static styles = [challengeStyles];

  render() {
    return html`<div class="page">
      <div class="page-head">
        <h1>Play on your phone</h1>
        <button class="secondary" data-action="menu" @click=${() => this.dispatchEvent(new CustomEvent('menu', { bubbles: true, composed: true }))}>‹ Back</button>
      </div>
      <warwick-phone></warwick-phone>
    </div>`;
  }
}

customElements.define('warwick-phone-page', WarwickPhonePage);
