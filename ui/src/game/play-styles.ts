// Styles of playing on the map's panels: the step's main actions and what it requires, your
// choice, the digest, offers and proposals, the hand's card buttons, All actions' filter, the
// dialogs (Menu, a question asked once), the paused-bots banner, refusals, the live region,
// and on a phone the strip under the map (prompt, main action, Undo) that is always in view.
import { css } from 'lit';

export const playStyles = css`
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  button.big {
    font: inherit;
    font-size: 0.98rem;
    padding: 0.45rem 0.9rem;
    min-height: 2.75rem;
    border: 1px solid #6b5d4f;
    border-radius: 0.45rem;
    background: #fffaf0;
    color: var(--ink);
    cursor: pointer;
  }
  button.big.primary {
    background: #005a8c;
    border-color: #005a8c;
    color: #fff;
    font-weight: 700;
  }
  button.danger,
  button.big.danger {
    background: #8f1526;
    border-color: #8f1526;
    color: #fff;
  }
  button:focus-visible,
  summary:focus-visible,
  input:focus-visible,
  select:focus-visible {
    outline: 3px solid #000;
    outline-offset: 1px;
    box-shadow: 0 0 0 5px #f0e442;
  }
  .main-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.45rem;
    margin: 0.45rem 0 0.2rem;
  }
  [data-field='prompt'].required {
    border-left: 4px solid #d55e00;
    padding-left: 0.5rem;
    font-weight: 700;
  }
  .message.refusal {
    background: #fff0d6;
    color: #5a2a00;
    border-bottom: 2px solid #d55e00;
    font-weight: 600;
  }
  .message .icon {
    margin-right: 0.3rem;
  }
  .message > span:not(.icon) {
    flex: 1;
  }
  .discard-cards {
    list-style: none;
    padding: 0;
    margin: 0.5rem 0 1rem;
    display: grid;
    gap: 0.4rem;
  }
  .discard-cards button {
    width: 100%;
    text-align: left;
  }
  .msgs {
    grid-area: msg;
  }
  /* On a desktop, banners and notices lie over the top of the map: they never push it under the
     pointer. (On a phone they keep their own row above it, where a finger does not rest.) */
  @media (min-width: 900px) {
    .msgs {
      grid-area: map;
      align-self: start;
      position: relative;
      z-index: 6;
      pointer-events: none;
      box-shadow: 0 2px 6px rgba(0, 0, 0, 0.18);
    }
    .msgs > * {
      pointer-events: auto;
    }
    .msgs:empty {
      box-shadow: none;
    }
  }
  .paused-banner {
    margin: 0;
    padding: 0.35rem 0.9rem;
    background: #f0e442;
    color: #000;
    display: flex;
    align-items: center;
    gap: 0.6rem;
    flex-wrap: wrap;
    font-weight: 600;
  }
  .selection {
    border-color: #b59b00;
    box-shadow: 0 0 0 2px rgba(240, 228, 66, 0.6);
  }
  .selection fieldset.who {
    border: 1px solid #d9ccb4;
    border-radius: 0.4rem;
    margin: 0.3rem 0;
    display: flex;
    flex-wrap: wrap;
    gap: 0.2rem 0.8rem;
  }
  .selection fieldset.who label {
    min-height: 2.2rem;
    display: flex;
    align-items: center;
    gap: 0.3rem;
  }
  .piece-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
    margin: 0.3rem 0;
  }
  .digest summary,
  .offers summary,
  details.all > summary {
    cursor: pointer;
    list-style-position: inside;
  }
  .digest summary h2,
  .offers summary h2,
  details.all > summary h2 {
    display: inline;
  }
  .digest-rows {
    max-height: 18rem;
    overflow-y: auto;
  }
  button.digest-line {
    font: inherit;
    font-size: 0.88rem;
    text-align: left;
    width: 100%;
    min-height: 2.2rem;
    background: #fff;
    border: 1px solid #e2d6c0;
    border-radius: 0.35rem;
    padding: 0.25rem 0.45rem;
    cursor: pointer;
    color: var(--ink);
  }
  button.digest-line:hover {
    background: #fdf6c4;
  }
  li.yours button.digest-line,
  .your-changes button.digest-line {
    border-color: #a94400;
    border-left-width: 4px;
  }
  .your-changes {
    border-color: #a94400;
  }
  .your-changes ul {
    list-style: none;
    padding: 0;
    margin: 0.3rem 0 0;
    display: grid;
    gap: 0.3rem;
  }
  .offer {
    border-color: #6a2c86;
    box-shadow: 0 0 0 2px rgba(106, 44, 134, 0.25);
  }
  .offer-actions {
    display: flex;
    gap: 0.5rem;
    margin-top: 0.35rem;
  }
  .proposal.waiting {
    border-color: #0072b2;
  }
  .proposal.accepted {
    border-color: #009e73;
  }
  .proposal.refused {
    border-color: #d55e00;
  }
  button.card {
    font: inherit;
    font-size: 0.9rem;
    text-align: left;
    width: 100%;
    min-height: 2.5rem;
    padding: 0.3rem 0.5rem;
    background: #fff;
    border: 1px solid #b9a98f;
    border-radius: 0.4rem;
    cursor: pointer;
    color: var(--ink);
    touch-action: none;
  }
  button.card.chosen {
    background: #fdf6c4;
    border: 2px solid #000;
  }
  .filter {
    display: flex;
    align-items: center;
    gap: 0.4rem;
    margin: 0.35rem 0;
  }
  .filter input {
    flex: 1;
    font: inherit;
    min-height: 2.2rem;
    padding: 0 0.4rem;
  }
  dialog {
    border: 1px solid #6b5d4f;
    border-radius: 0.7rem;
    background: #fffaf0;
    color: var(--ink);
    max-width: min(34rem, calc(100vw - 2rem));
    max-height: calc(100vh - 2rem);
    overflow-y: auto;
    padding: 1rem 1.2rem;
  }
  dialog::backdrop {
    background: rgba(30, 20, 10, 0.45);
  }
  dialog h2 {
    margin-top: 0;
  }
  .menu-buttons {
    display: grid;
    gap: 0.5rem;
    margin: 0.6rem 0;
  }
  .setting {
    display: flex;
    gap: 0.5rem;
    align-items: center;
    margin: 0.5rem 0;
    min-height: 2.4rem;
  }
  .rules li {
    margin-bottom: 0.3rem;
  }
  .strip {
    display: none;
  }

  @media (max-width: 899px) {
    .game {
      grid-template-rows: auto auto minmax(0, 1fr) auto auto auto;
      grid-template-areas: 'bar' 'msg' 'map' 'strip' 'time' 'tabs';
    }
    .strip {
      grid-area: strip;
      display: block;
      background: #fffaf0;
      border-top: 2px solid #b9a98f;
      padding: 0.35rem 0.6rem;
      max-height: 40vh;
      overflow-y: auto;
    }
    .strip p {
      margin: 0 0 0.3rem;
      font-size: 0.92rem;
      line-height: 1.3;
    }
    .strip .panel.offer {
      padding: 0.3rem 0.5rem;
    }
    .strip-actions {
      display: flex;
      flex-wrap: wrap;
      gap: 0.4rem;
      justify-content: flex-end;
    }
    .strip-actions button.small {
      min-height: 2.75rem;
      min-width: 2.75rem;
      font-size: 0.95rem;
    }
    .side {
      bottom: 3.6rem;
    }
    /* The Play sheet repeats the prompt the strip already shows. */
    .strip ~ .side [data-panel='turn'] [data-field='prompt'] {
      display: none;
    }
  }
`;
