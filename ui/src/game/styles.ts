// Styles of the game screen: side panels beside the map on a desktop; on a phone (below
// 900 px) the map fills the screen and the panels open as a bottom sheet from a tab bar. The
// bar, panels, tab bar and sheet themselves are the shared shell (../shell-styles.ts).
import { css } from 'lit';
import { shellStyles } from '../shell-styles';
import { playStyles } from './play-styles';

export const gameStyles = [
  shellStyles,
  css`
  :host {
    display: block;
    height: 100%;
  }
  .loading {
    padding: 2rem;
  }
  .game {
    display: grid;
    height: 100%;
    grid-template-rows: auto auto minmax(0, 1fr) auto;
    grid-template-columns: minmax(0, 1fr) 26rem;
    grid-template-areas: 'bar bar' 'msg msg' 'map side' 'time side';
  }
  .watch {
    background: #f0e442;
    color: #000;
    border-radius: 0.3rem;
    padding: 0.05rem 0.4rem;
    margin-right: 0.4rem;
    font-size: 0.8rem;
    font-weight: 700;
  }
  .daily-tag {
    background: #eadfca;
    color: #2b2118;
    border-radius: 0.3rem;
    padding: 0.05rem 0.45rem;
    font-size: 0.8rem;
    font-weight: 700;
    white-space: nowrap;
  }
  .daily-tag.practice {
    background: #f0e442;
    color: #000;
  }
  .message {
    grid-area: msg;
    margin: 0;
    padding: 0.4rem 0.9rem;
    display: flex;
    gap: 0.5rem;
    align-items: center;
    justify-content: space-between;
    font-size: 0.95rem;
  }
  .message.info {
    background: #e6f1f8;
  }
  .message.error {
    background: #fbe3e0;
    color: #7a1020;
  }
  .message .close {
    font: inherit;
    background: none;
    border: none;
    font-size: 1.2rem;
    cursor: pointer;
    min-width: 2rem;
    min-height: 2rem;
  }
  warwick-map {
    grid-area: map;
    min-height: 0;
  }
  .past warwick-map {
    outline: 4px solid #0072b2;
    outline-offset: -4px;
  }
  .timeline {
    grid-area: time;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.35rem 0.5rem;
    padding: 0.35rem 0.6rem;
    background: #eadfca;
    border-top: 1px solid #cdbfa6;
  }
  .timeline input[type='range'] {
    flex: 1;
    min-width: 8rem;
    height: 1.8rem;
  }
  .timeline .steps {
    display: flex;
    gap: 0.2rem;
  }
  .timeline .where {
    font-size: 0.85rem;
    color: var(--muted);
    min-width: 6.5rem;
  }
  button.small {
    font: inherit;
    font-size: 0.85rem;
    padding: 0.25rem 0.55rem;
    min-height: 2.1rem;
    min-width: 2.1rem;
    border: 1px solid #8c7a63;
    border-radius: 0.35rem;
    background: #fffaf0;
    color: var(--ink);
    cursor: pointer;
  }
  button.small.primary {
    background: #0072b2;
    border-color: #0072b2;
    color: #fff;
  }
  button:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
  .panel h2 .muted {
    font-size: 0.78rem;
    font-weight: 400;
  }
  .panel h3 {
    font-size: 0.95rem;
    margin: 0.4rem 0 0.2rem;
  }
  .panel p {
    margin: 0.2rem 0;
  }
  .panel ul,
  .panel ol {
    margin: 0.3rem 0 0;
    padding: 0;
    list-style: none;
    display: grid;
    gap: 0.25rem;
  }
  .muted {
    color: var(--muted);
  }
  .count {
    display: inline-block;
    font-size: 0.8rem;
    background: #eadfca;
    border-radius: 0.6rem;
    padding: 0 0.45rem;
    color: var(--ink);
    font-weight: 400;
  }
  .chip.neutral {
    background: #ddd;
  }
  .after .small {
    margin-left: 0.2rem;
  }
  .outcome {
    font-size: 1.1rem;
    font-weight: 700;
    color: var(--rose);
  }
  .travel-note {
    color: #0a4f7a;
    font-weight: 700;
  }
  [hidden] {
    display: none !important;
  }
  .bots,
  .undo {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
    margin-top: 0.4rem;
  }
  .bots select {
    font: inherit;
    font-size: 0.85rem;
    min-height: 2.1rem;
  }
  .progress {
    font-size: 0.85rem;
    color: #0a4f7a;
  }
  .latest {
    font-size: 0.85rem;
    color: var(--muted);
    font-style: italic;
  }
  .undo-note {
    font-size: 0.85rem;
    color: var(--muted);
    flex: 1;
    min-width: 10rem;
  }
  .actions {
    border-color: #0072b2;
    box-shadow: 0 0 0 2px rgba(0, 114, 178, 0.25);
  }
  .actions .group ul {
    gap: 0.3rem;
  }
  details.sub {
    border: 1px solid #e2d6c0;
    border-radius: 0.4rem;
    margin: 0.25rem 0;
    padding: 0 0.4rem;
  }
  details.sub summary {
    cursor: pointer;
    min-height: 2.4rem;
    display: flex;
    align-items: center;
    gap: 0.4rem;
    font-weight: 700;
  }
  details.sub ul {
    padding-bottom: 0.4rem;
  }
  button.command {
    font: inherit;
    font-size: 0.92rem;
    text-align: left;
    width: 100%;
    padding: 0.45rem 0.6rem;
    min-height: 2.5rem;
    border: 1px solid #b9a98f;
    border-radius: 0.4rem;
    background: #fff;
    color: var(--ink);
    cursor: pointer;
  }
  button.command:hover,
  button.command:focus-visible {
    background: #fdf6c4;
    border-color: #000;
    outline: none;
  }
  .no-undo {
    display: inline-block;
    margin-left: 0.35rem;
    font-size: 0.78rem;
    color: #7a1020;
    font-weight: 700;
  }
  .battle .sides {
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: 0.5rem;
  }
  .warn {
    color: #7a1020;
    font-weight: 700;
  }
  .advice {
    border: 2px solid #0a4f7a;
    border-radius: 6px;
    padding: 0.3rem 0.6rem;
    background: #eef5fb;
  }
  .advice p {
    margin: 0.25rem 0;
  }
  .advice .reason {
    font-size: 0.9rem;
    color: #333;
  }
  .battle .strength {
    font-size: 1.2rem;
    font-weight: 700;
  }
  details.faction {
    border-top: 1px solid #eadfca;
    padding: 0.3rem 0;
  }
  details.faction summary {
    cursor: pointer;
    min-height: 2rem;
  }
  details.faction .stats {
    display: block;
    font-size: 0.88rem;
    margin-left: 1.7rem;
  }
  .nobles li {
    font-size: 0.9rem;
  }
  .awards {
    font-size: 0.82rem;
    color: #4b3f33;
  }
  .cards li {
    font-size: 0.9rem;
  }
  .effects li {
    font-size: 0.88rem;
    padding-left: 0.6rem;
    border-left: 3px solid #eadfca;
  }
  .track li {
    display: grid;
    grid-template-columns: auto 9rem 1fr 2rem;
    align-items: center;
    gap: 0.3rem;
  }
  .bar-name {
    font-size: 0.88rem;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .meter {
    position: relative;
    height: 0.9rem;
    background: #eee4d2;
    border: 1px solid #b9a98f;
    border-radius: 0.2rem;
  }
  .meter span {
    display: block;
    height: 100%;
  }
  .meter .target {
    position: absolute;
    top: -3px;
    bottom: -3px;
    width: 2px;
    background: #000;
  }
  .log-rows {
    max-height: 22rem;
    overflow-y: auto;
    font-size: 0.86rem;
  }
  .log-rows li.cmd {
    margin-top: 0.2rem;
  }
  /* Bookkeeping rows (a decision opened, moved on, closed): kept, but out of the way. */
  .log-rows li.quiet {
    color: var(--muted);
    font-size: 0.78rem;
  }
  .log-rows li.undone {
    color: #7a1020;
  }
  .log-rows .seq {
    font: inherit;
    font-size: 0.75rem;
    color: var(--muted);
    background: none;
    border: 1px solid #d9ccb4;
    border-radius: 0.25rem;
    padding: 0 0.25rem;
    cursor: pointer;
    margin-right: 0.25rem;
  }
  .error {
    color: var(--rose);
  }
  .preview {
    display: none;
  }
  .side.peek .preview {
    display: block;
  }
  .dot {
    display: inline-block;
    width: 0.5rem;
    height: 0.5rem;
    border-radius: 50%;
    background: #f0e442;
    margin-left: 0.2rem;
  }

  @media (max-width: 899px) {
    .game {
      grid-template-columns: minmax(0, 1fr);
      grid-template-rows: auto auto minmax(0, 1fr) auto auto;
      grid-template-areas: 'bar' 'msg' 'map' 'time' 'tabs';
      position: relative;
    }
    header.bar .name {
      display: none;
    }
    header.bar .status {
      white-space: normal;
    }
    .timeline {
      padding: 0.25rem 0.4rem;
    }
    .timeline .steps button[data-step^='round'],
    .timeline .steps button[data-step^='turn'] {
      display: none;
    }
    .track li {
      grid-template-columns: auto 7rem 1fr 2rem;
    }
    /* A tapped command with a place: the sheet shrinks to a bar so the place shows above. */
    .side.peek .tabpanel,
    .side.peek .sheet-close {
      display: none;
    }
    .preview p {
      margin: 0 0 0.4rem;
      font-size: 0.95rem;
    }
    .preview-actions {
      display: flex;
      gap: 0.5rem;
      justify-content: space-between;
    }
    .preview-actions button {
      min-height: 2.6rem;
      padding: 0.3rem 0.9rem;
      font-size: 0.95rem;
    }
    /* The sheet is short: the header already shows the clock. */
    .panel .clock {
      display: none;
    }
  }
`,
  playStyles,
];
