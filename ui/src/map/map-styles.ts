// Styles of <warwick-map> (./map-view.ts): the frame, names, zoom buttons, the key, place
// details, and the play overlay (the buttons over pieces and places for taps and the keyboard).
import { css } from 'lit';

export const mapStyles = css`
  :host {
    display: block;
    position: relative;
    overflow: hidden;
    background: #b9d4e6;
    touch-action: none;
    user-select: none;
    -webkit-user-select: none;
  }
  .frame {
    position: absolute;
    inset: 0;
    outline: none;
    cursor: grab;
  }
  .frame:focus-visible {
    box-shadow: inset 0 0 0 3px #0072b2;
  }
  .frame.dragging {
    cursor: grabbing;
  }
  svg {
    display: block;
  }
  /* The outlines, and the overlay with its buttons: layers the compositor moves during a gesture. */
  .world,
  .moved {
    position: absolute;
    left: 0;
    top: 0;
    transform-origin: 0 0;
    will-change: transform;
  }
  svg.moved {
    overflow: visible;
  }
  /* Opaque (the sea's colour, as the frame's), so the compositor draws nothing under it. */
  svg.world {
    background: #b9d4e6;
  }
  div.moved {
    width: 100%;
    height: 100%;
    pointer-events: none;
  }
  text {
    pointer-events: none;
  }
  .label {
    font-family: 'DejaVu Serif', Georgia, serif;
    paint-order: stroke;
    stroke: rgba(255, 251, 240, 0.92);
    stroke-width: 3px;
    stroke-linejoin: round;
  }
  .label.place {
    fill: #1e1710;
  }
  .label.city {
    font-weight: 700;
  }
  .label.region {
    fill: #6a2c86;
    font-weight: 700;
    letter-spacing: 0.08em;
    stroke-width: 2.5px;
  }
  .label.area {
    fill: #5d5045;
    font-style: italic;
  }
  .label.sea {
    fill: #1e4f7a;
    font-style: italic;
    stroke: rgba(200, 222, 238, 0.85);
  }
  .controls {
    position: absolute;
    right: 0.75rem;
    top: 0.75rem;
    display: flex;
    flex-direction: column;
    gap: 0.35rem;
  }
  .controls button {
    width: 2.6rem;
    height: 2.6rem;
    font-size: 1.3rem;
    line-height: 1;
    border-radius: 0.5rem;
    border: 1px solid #6b5d4f;
    background: rgba(255, 251, 240, 0.95);
    color: #2b2118;
    cursor: pointer;
  }
  .legend {
    position: absolute;
    left: 0.75rem;
    bottom: 0.75rem;
    background: rgba(255, 251, 240, 0.95);
    border: 1px solid #b9a98f;
    border-radius: 0.5rem;
    padding: 0.35rem 0.6rem;
    font-size: 0.8rem;
    max-width: 16rem;
  }
  .legend summary {
    cursor: pointer;
    font-weight: 600;
  }
  .legend ul {
    list-style: none;
    margin: 0.35rem 0 0;
    padding: 0;
    display: grid;
    gap: 0.2rem;
  }
  .legend li {
    display: flex;
    align-items: center;
    gap: 0.4rem;
  }
  .details {
    position: absolute;
    left: 0.75rem;
    top: 0.75rem;
    width: min(22rem, calc(100% - 5.5rem));
    background: rgba(255, 251, 240, 0.97);
    border: 1px solid #b9a98f;
    border-radius: 0.6rem;
    box-shadow: 0 4px 14px rgba(0, 0, 0, 0.18);
    padding: 0.6rem 0.8rem;
    font-size: 0.9rem;
  }
  .details h2 {
    margin: 0 1.8rem 0.3rem 0;
    font-size: 1.15rem;
  }
  .details dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 0.15rem 0.7rem;
    margin: 0;
  }
  .details dt {
    color: #6b5d4f;
  }
  .details dd {
    margin: 0;
  }
  .details .close {
    position: absolute;
    right: 0.35rem;
    top: 0.35rem;
    width: 2rem;
    height: 2rem;
    border: none;
    background: none;
    font-size: 1.2rem;
    cursor: pointer;
  }
  .details.moved {
    top: auto;
    bottom: 0.75rem;
    left: auto;
    right: 0.75rem;
  }
  @media (max-width: 899px) {
    .details {
      top: auto;
      bottom: 0.75rem;
      left: 0.5rem;
      right: auto;
      width: calc(100% - 1rem);
      box-sizing: border-box;
      max-height: 45%;
      overflow: auto;
    }
    .details.moved {
      top: 3.75rem;
      bottom: auto;
      left: 0.5rem;
      right: auto;
      width: calc(100% - 4.5rem);
    }
    .legend {
      bottom: auto;
      top: 0.75rem;
      left: 0.5rem;
    }
  }
  .overlay {
    position: absolute;
    inset: 0;
    pointer-events: none;
  }
  /* Buttons over pieces and places: taps are hit-tested by position; these carry focus and names. */
  .hit {
    position: absolute;
    margin: 0;
    padding: 0;
    border: none;
    background: transparent;
    pointer-events: none;
    border-radius: 4px;
  }
  .hit:focus-visible {
    outline: 3px solid #000;
    outline-offset: 2px;
    box-shadow: 0 0 0 6px #f0e442;
  }
`;
