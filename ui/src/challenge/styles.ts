// Styles shared by the Solo Challenge screens (daily card, end screen, share dialog, verify
// view, stats screen, saved games list): buttons, cards, the score table, link-like buttons,
// tags, text for screen readers only, and the full-page screens' column. Parchment and ink
// from styles.css's custom properties.
import { css } from 'lit';

export const challengeStyles = css`
  :host {
    display: block;
  }
  [hidden] {
    display: none !important;
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  button.primary,
  button.secondary {
    font: inherit;
    font-size: 1.02rem;
    padding: 0.6rem 1.1rem;
    border-radius: 0.5rem;
    cursor: pointer;
    min-height: 2.75rem;
  }
  button.primary {
    background: var(--rose);
    color: #fff;
    border: 1px solid var(--rose);
  }
  button.secondary {
    background: #fffaf0;
    color: var(--ink);
    border: 1px solid var(--muted);
  }
  button.primary.big {
    font-size: 1.15rem;
    padding: 0.75rem 1.5rem;
  }
  button:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
  button:focus-visible,
  textarea:focus-visible,
  a:focus-visible {
    outline: 3px solid #0072b2;
    outline-offset: 2px;
  }
  button.link {
    font: inherit;
    background: none;
    border: none;
    padding: 0.15rem 0;
    color: #0a4f7a;
    text-decoration: underline;
    text-underline-offset: 0.15em;
    cursor: pointer;
    text-align: left;
    min-height: 2rem;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.6rem;
    margin-top: 1rem;
  }
  .card {
    background: #fffaf0;
    border: 1px solid #d9ccb4;
    border-radius: 0.6rem;
    padding: 0.9rem 1.1rem 1.1rem;
  }
  .muted {
    color: var(--muted);
  }
  .note {
    color: var(--muted);
    font-size: 0.92rem;
    margin: 0.5rem 0 0;
  }
  .error {
    color: #7a1020;
    background: #fbe3e0;
    border-radius: 0.4rem;
    padding: 0.5rem 0.7rem;
  }
  .tag {
    display: inline-block;
    font-size: 0.8rem;
    font-weight: 700;
    border-radius: 0.3rem;
    padding: 0.05rem 0.45rem;
    background: #eadfca;
    color: var(--ink);
    vertical-align: 0.1em;
  }
  .tag.practice {
    background: #f0e442;
    color: #000;
  }
  .tag.win {
    background: #007a5a;
    color: #fff;
  }
  .tag.loss {
    background: #e9d8d6;
    color: #5a1018;
  }
  table.score {
    border-collapse: collapse;
    width: 100%;
    max-width: 30rem;
    font-variant-numeric: tabular-nums;
  }
  table.score th,
  table.score td {
    padding: 0.3rem 0.4rem;
    border-bottom: 1px solid #e3d7c1;
    text-align: left;
    font-weight: 400;
  }
  table.score td {
    text-align: right;
    white-space: nowrap;
  }
  table.score tr.total th,
  table.score tr.total td {
    font-weight: 700;
    font-size: 1.1rem;
    border-bottom: none;
    border-top: 2px solid var(--ink);
  }
  /* A full-page screen (verify, stats): a centred column that scrolls with the window. */
  .page {
    height: 100%;
    overflow-y: auto;
    box-sizing: border-box;
    padding: 1rem max(1rem, calc((100% - 52rem) / 2)) 3rem;
  }
  .page-head {
    display: flex;
    align-items: center;
    gap: 0.8rem;
    flex-wrap: wrap;
  }
  .page-head h1 {
    margin: 0;
    font-size: 1.9rem;
    color: var(--rose);
    flex: 1;
  }
  h2 {
    font-size: 1.2rem;
    margin: 1.4rem 0 0.5rem;
  }
  ul.plain {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.35rem;
  }
`;
