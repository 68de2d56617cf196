// What a screen shows while it waits on the service, and when the call fails: what failed, in
// the player's words, and a Retry button. One element for every waiting screen (the start
// screen, the game, the map, the daily challenge, saved games, your history, the end screen,
// the analysis, the rules), so none is ever left on "Loading…" without a word.
//
// <warwick-waiting what="the game" .error=${message}></warwick-waiting> shows "Loading the
// game…" while `error` is unset, and "Could not load the game: <why>" with Retry once it is set;
// Retry fires `retry` (not bubbling: the screen that waits listens on the element) and shows
// "Trying again…" until the screen sets `error` again or takes the element away.

import { LitElement, css, html } from 'lit';
import { ApiError } from './api';

/** Whether this page is served by another machine (a phone playing the computer's games). */
function servedFromAfar(): boolean {
  const host = globalThis.location?.hostname ?? '';
  return host !== '' && host !== '127.0.0.1' && host !== 'localhost' && host !== '[::1]' && !host.endsWith('.localhost') && host !== 'tauri.localhost';
}

/** What a phone says when the computer serving it gives no answer, to a call or for a screen's code. */
const AWAY =
  'Warwick on your computer did not answer: open Warwick on your computer (on the same Wi-Fi as this phone), then try again';

/** Why a call failed, in the player's words: the service's own words, or what the link did. */
export function failureWords(error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'transport':
        // The browser's own words ("Failed to fetch", "Load failed") say no more than this.
        return servedFromAfar()
          ? AWAY
          : 'no answer came; if Warwick was closed, start it again';
      case 'not_paired':
        return 'this device is not paired: on your computer, choose Play on your phone and scan the code it shows';
      case 'busy':
        return 'the saved games were busy for a moment';
      case 'http':
      case 'internal':
        return `something went wrong inside the game (${error.message})`;
      default:
        return error.message;
    }
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Why a screen's code (its own part of the app, ./screens.ts) could not be loaded, in the
 * player's words: the browser's message names a file, which tells a player nothing.
 */
export function screenCodeFailureWords(): string {
  return servedFromAfar()
    ? AWAY
    : 'this part of Warwick could not be read; try again, or start Warwick again if it keeps failing';
}

export class WarwickWaiting extends LitElement {
  static properties = {
    what: {},
    error: {},
    trying: { state: true },
  };

  /** What is being loaded, as it ends "Loading …" and "Could not load …". */
  what = 'this';
  /** Why the call failed (player's words); unset while waiting. */
  error?: string;
  trying = false;

  static styles = css`
    :host {
      display: block;
      padding: 1rem;
    }
    p {
      margin: 0 0 0.6rem;
    }
    .failed p {
      color: var(--rose, #9b1c31);
    }
    button {
      font: inherit;
      padding: 0.5rem 1.1rem;
      min-height: 2.75rem;
      border-radius: 0.5rem;
      border: 1px solid var(--rose, #9b1c31);
      background: var(--rose, #9b1c31);
      color: #fff;
      cursor: pointer;
    }
    button:disabled {
      opacity: 0.6;
      cursor: progress;
    }
  `;

  protected willUpdate(changed: Map<string, unknown>): void {
    // A new answer (another failure, or none yet) ends "Trying again…".
    if (changed.has('error')) this.trying = false;
  }

  private retry(): void {
    this.trying = true;
    this.dispatchEvent(new CustomEvent('retry'));
  }

  render() {
    if (!this.error) return html`<p role="status" data-field="waiting">Loading ${this.what}…</p>`;
    return html`<div class="failed" role="alert" data-field="failed">
      <p data-field="failure">Could not load ${this.what}: ${this.error.replace(/[.\s]+$/, '')}.</p>
      <button data-action="retry" ?disabled=${this.trying} @click=${this.retry}>${this.trying ? 'Trying again…' : 'Retry'}</button>
    </div>`;
  }
}

customElements.define('warwick-waiting', WarwickWaiting);
