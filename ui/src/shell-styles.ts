// The screen frame shared by the game screen (game/game-screen.ts) and the map explorer
// (app.ts): the top bar, the map's grid cell, the side column of panels, the panel card, the
// faction chip, and on a phone (below 900 px) the tab bar and the bottom sheet the panels open
// in. Each screen adds its own grid (`.game`) and contents. The sheet's panels sit in
// `.tabpanel` wrappers; the current one has the class `current`. A sheet with the class `peek`
// shrinks to a short bar so the map above it stays in view.
import { css } from 'lit';

export const shellStyles = css`
  header.bar {
    grid-area: bar;
    display: flex;
    align-items: center;
    gap: 0.8rem;
    padding: 0.4rem 0.9rem;
    background: #3b2a1e;
    color: #f6efe0;
  }
  header.bar .name {
    font-size: 1.3rem;
    font-weight: 700;
    letter-spacing: 0.05em;
  }
  header.bar .status {
    flex: 1;
    min-width: 0;
    font-size: 0.95rem;
    color: #efe4cf;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  header.bar button {
    font: inherit;
    font-size: 0.9rem;
    background: transparent;
    color: #f6efe0;
    border: 1px solid #a08a70;
    border-radius: 0.4rem;
    padding: 0.3rem 0.7rem;
    cursor: pointer;
    min-height: 2.2rem;
  }
  warwick-map {
    grid-area: map;
    min-height: 0;
  }
  .side {
    grid-area: side;
    overflow-y: auto;
    border-left: 1px solid #cdbfa6;
    background: var(--parchment);
    padding: 0.6rem 0.8rem 1rem;
    display: grid;
    gap: 0.6rem;
    align-content: start;
  }
  .tabpanel {
    display: grid;
    gap: 0.6rem;
  }
  .panel {
    background: #fffaf0;
    border: 1px solid #d9ccb4;
    border-radius: 0.5rem;
    padding: 0.55rem 0.75rem;
    font-size: 0.95rem;
    line-height: 1.35;
  }
  .panel h2 {
    font-size: 1.05rem;
    margin: 0 0 0.3rem;
  }
  .chip {
    display: inline-block;
    min-width: 1.2rem;
    text-align: center;
    font-family: 'DejaVu Sans', sans-serif;
    font-weight: 700;
    font-size: 0.8rem;
    border: 1px solid #1b1b1b;
    border-radius: 0.25rem;
    margin-right: 0.4rem;
  }
  nav.tabs,
  .sheet-close {
    display: none;
  }

  @media (max-width: 899px) {
    header.bar {
      padding: 0.35rem 0.6rem;
      gap: 0.5rem;
    }
    header.bar .status {
      font-size: 0.85rem;
    }
    .side {
      position: absolute;
      left: 0;
      right: 0;
      bottom: 3.6rem;
      max-height: 60%;
      border-left: none;
      border-top: 1px solid #b9a98f;
      border-radius: 0.9rem 0.9rem 0 0;
      box-shadow: 0 -6px 18px rgba(0, 0, 0, 0.2);
      z-index: 2;
    }
    .side:not(.open),
    .tabpanel:not(.current) {
      display: none;
    }
    .sheet-close {
      display: block;
      justify-self: end;
      font: inherit;
      background: none;
      border: none;
      font-size: 0.95rem;
      color: var(--muted);
      cursor: pointer;
      min-height: 2.2rem;
    }
    nav.tabs {
      grid-area: tabs;
      display: grid;
      grid-auto-flow: column;
      grid-auto-columns: minmax(0, 1fr);
      background: #3b2a1e;
      height: 3.6rem;
    }
    nav.tabs button {
      font: inherit;
      background: none;
      border: none;
      color: #e3d6bf;
      font-size: 0.75rem;
      display: flex;
      flex-direction: column;
      align-items: center;
      justify-content: center;
      gap: 0.1rem;
      cursor: pointer;
      padding: 0;
    }
    nav.tabs button .icon {
      font-size: 1.15rem;
      line-height: 1;
    }
    nav.tabs button[aria-selected='true'] {
      color: #fff;
      background: #5a4130;
      box-shadow: inset 0 3px 0 #f0e442;
    }
  }
`;
