// The app shell. For now: the name and what `app_info` says about this build.
import { LitElement, css, html } from 'lit';
import { api, ApiError } from './api';
import type { AppInfo } from './bindings/AppInfo';

export class WarwickApp extends LitElement {
  static properties = {
    info: { state: true },
    error: { state: true },
  };

  info?: AppInfo;
  error?: string;

  static styles = css`
    :host {
      display: block;
      max-width: 40rem;
      margin: 0 auto;
      padding: 3rem 1.5rem;
    }
    h1 {
      font-size: 3rem;
      margin: 0;
      color: var(--rose);
      letter-spacing: 0.04em;
    }
    .subtitle {
      margin: 0.25rem 0 2rem;
      color: var(--muted);
      font-style: italic;
    }
    dl {
      display: grid;
      grid-template-columns: max-content 1fr;
      gap: 0.5rem 1.25rem;
      margin: 0;
    }
    dt {
      color: var(--muted);
    }
    dd {
      margin: 0;
    }
    .error {
      color: var(--rose);
    }
  `;

  connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  private async load(): Promise<void> {
    try {
      this.info = await api.appInfo();
      document.body.dataset.ready = 'true';
    } catch (error) {
      this.error = error instanceof ApiError ? error.message : String(error);
    }
  }

  render() {
    return html`
      <h1>Warwick</h1>
      <p class="subtitle">Kingmaker II — the Wars of the Roses for one player</p>
      ${this.error
        ? html`<p class="error" role="alert">Could not reach the game: ${this.error}</p>`
        : this.info
          ? html`<dl id="app-info">
              <dt>Version</dt>
              <dd data-field="version">${this.info.version}</dd>
              <dt>Rules</dt>
              <dd data-field="rules_version">v${this.info.rules_version}</dd>
              <dt>Content</dt>
              <dd data-field="content_summary">${this.info.content_summary}</dd>
            </dl>`
          : html`<p>Loading…</p>`}
    `;
  }
}

customElements.define('warwick-app', WarwickApp);
