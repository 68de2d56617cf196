// What a person's taps, drags and keys on the map do, and the turn's flow: choosing a piece or
// a card, acting on a marked place or piece (several Nobles of a stack at once, a tap's
// variants chosen in a dialog), a drop or tap the rules refuse (the engine's reason, asked with
// `api.whyNot`, shown in plain words), the commands asked once before they are given (an
// execution, a discard), a card dragged onto a Noble, an attack with every Noble, and a digest
// line shown on the map. The game screen (./game-screen.ts) holds what is on screen and its
// controller (./controller.ts) the game; this module only acts through them.

import { api, ApiError } from '../api';
import type { Command } from '../bindings/Command';
import type { LegalCommand } from '../bindings/LegalCommand';
import { actionsFor, actorKey, commandsForTarget, OFFER_TYPES, type Intent } from './intents';
import { nobleName, sameCommand } from './model';
import type { WarwickGame } from './game-screen';
import type { DigestEntry } from './digest';
import type { Whereabouts } from '../bindings/Whereabouts';
import { diffViews, placeEnd, shipEnd } from './changes';
import { focusOfChanges } from './play-map';

/** A spot of the map under a drop or a tap. */
export type Spot = { location: string } | { area: string } | { sea: string };


/** Asks once before a command that cannot be taken back or costs a piece; gives it otherwise. */
export function give(g: WarwickGame, legal: LegalCommand, then?: () => void): void {
  const intent = g.intents.find((i) => sameCommand(i.legal.command, legal.command));
  const run = () => void g.choose(legal).then(then);
  if (intent?.danger) {
    const what = legal.description;
    g.confirm = {
      title: intent.verb === 'discard' ? 'Discard this card?' : 'Are you sure?',
      text: `${what}. ${intent.verb === 'execute' ? 'An execution cannot be taken back.' : legal.undoable ? '' : 'This cannot be undone.'}`.trim(),
      yes: what,
      run,
    };
    return;
  }
  if (OFFER_TYPES.has(legal.command.type)) {
    const to = (legal.command as { to?: number }).to;
    g.proposal = { to: typeof to === 'number' ? to : null, text: legal.description, seq: g.head + 1 };
  }
  run();
}

/** A piece tapped (or chosen by Enter): choose it, act on it when it is a target, or say why it cannot act. */
export function tapPiece(g: WarwickGame, key: string): void {
  const model = g.playModel;
  if (!model || !g.canAct || g.traveling) return;
  if (model.targets.has(key) && (g.selection.length || !model.play.pieces[key]?.selectable)) {
    tapTarget(g, key);
    return;
  }
  const info = model.pieces.get(key);
  if (!info) return;
  // A chosen piece, then another piece that is not marked: where that piece stands is refused.
  const spot = key.match(/^nobles:(location|field|port|sea):(.+):\d+$/);
  if (g.selection.some((k) => k.startsWith('noble:') || k.startsWith('ship:')) && g.selectedPiece !== key && spot) {
    const [, kind, id] = spot;
    void refuse(g, kind === 'field' ? { area: id } : kind === 'sea' ? { sea: id } : { location: id });
    return;
  }
  if (g.selectedPiece === key) {
    g.clearSelection();
    return;
  }
  const able = new Set(g.intents.filter((i) => i.actor).map((i) => actorKey(i.actor!)));
  const actors = info.actors.filter((a) => able.has(a));
  if (!actors.length) {
    if (g.selection.some((k) => k.startsWith('card:')) && info.actors.some((a) => a.startsWith('noble:'))) {
      void refuse(g, { location: '' }, info.actors[0]);
      return;
    }
    // Another faction's Nobles tapped in your Combat phase: the rules say why they cannot be attacked.
    const enemy = key.match(/^nobles:(location|field):(.+):(\d+)$/);
    if (enemy && Number(enemy[3]) !== g.you && g.live?.clock.phase === 'combat' && g.live.clock.active === g.you) {
      const [, kind, id, faction] = enemy;
      void refuseCommand(
        g,
        kind === 'field'
          ? { type: 'StartAttack', area: id, target: { kind: 'field', faction: Number(faction) } }
          : { type: 'StartAttack', area: g.areaOf(id) ?? '', target: { kind: 'location', location: id } },
      );
      return;
    }
    g.say(`${info.label}: nothing ${info.label.includes('(you)') ? 'it can do' : 'of yours to do'} this step.`, 'info');
    return;
  }
  g.selection = actors;
  g.hovered = undefined;
  g.afterSelect();
}

/** A card of the hand or the Chancery tapped: chosen, or given up when chosen already. */
export function chooseCard(g: WarwickGame, card: string): void {
  const key = `card:${card}`;
  if (g.selection.includes(key)) {
    g.clearSelection();
    return;
  }
  g.selection = [key];
  const actions = actionsFor(g.intents, new Set([key]));
  const targets = g.intents.filter((i) => i.actor && actorKey(i.actor) === key && i.target).length;
  g.say(
    targets
      ? `${g.actorWords(key)} chosen: tap a ringed Noble on the map to award it.`
      : actions.length
        ? `${g.actorWords(key)} chosen: ${actions.map((a) => a.legal.description).join(' or ')} below.`
        : `${g.actorWords(key)} cannot be played now.`,
    'info',
  );
  g.afterSelect();
}

/** A marked place or piece tapped: the command (or commands, one per chosen Noble) it gives. */
export function tapTarget(g: WarwickGame, key: string): void {
  const options = g.playModel?.targets.get(key);
  if (!options?.length) return;
  // A piece key may gather several targets (one per Noble of a stack): the first is the tap's.
  const { commands, choices } = commandsForTarget(options[0]);
  if (choices) {
    g.chooser = {
      title: 'Which one?',
      options: choices.map((i) => ({ label: i.legal.description, run: () => giveAll(g, [i]) })),
    };
    return;
  }
  giveAll(g, commands);
}

/** Gives intents one after another (a stack's Nobles moving together), then lets the bots on. */
function giveAll(g: WarwickGame, intents: Intent[]): void {
  if (intents.length === 1) {
    give(g, intents[0].legal, () => g.afterAct());
    return;
  }
  void (async () => {
    for (const intent of intents) {
      // The earlier moves may change what is legal: give each as the rules now list it.
      const now = g.legal.find((l) => sameCommand(l.command, intent.legal.command));
      if (!now) {
        await refuseCommand(g, intent.legal.command);
        break;
      }
      if (!(await g.act(now))) break;
    }
    g.afterAct();
    g.resumeBots();
  })();
}

/** A hypothetical command for an actor and a spot, to ask the rules why it is not allowed. */
function wouldBe(g: WarwickGame, actor: string, spot: Spot): Command | null {
  const [kind, id] = [actor.slice(0, actor.indexOf(':')), actor.slice(actor.indexOf(':') + 1)];
  if (kind === 'noble') {
    if ('location' in spot) return { type: 'MoveNoble', noble: id, kind: 'road', to: { area: g.areaOf(spot.location) ?? '', inside: spot.location }, free: false };
    if ('area' in spot) return { type: 'MoveNoble', noble: id, kind: 'road', to: { area: spot.area, inside: null }, free: false };
    return null;
  }
  if (kind === 'ship') {
    if ('location' in spot) return { type: 'Sail', ship: id, to: { kind: 'port', location: spot.location }, free: false };
    if ('sea' in spot) return { type: 'Sail', ship: id, to: { kind: 'sea', zone: spot.sea }, free: false };
  }
  return null;
}

/** Shows the rules' reason for a command, in their words. */
async function refuseCommand(g: WarwickGame, command: Command): Promise<void> {
  if (g.you === null) return;
  try {
    const why = await api.whyNot(g.game, g.you, command);
    g.say(why.allowed ? 'That is not one of the marked choices: tap a ringed place or piece.' : `Not allowed: ${why.reason ?? why.code ?? 'the rules refuse it'}.${why.detail ? ` ${why.detail}` : ''}`, 'refusal', why.rule);
  } catch (error) {
    g.say(error instanceof ApiError ? error.message : String(error), 'error');
  }
}

/**
 * A chosen piece dropped, or a place tapped, where it cannot go (or a card on a Noble it cannot
 * go to): the rules' reason. `noble` names the Noble a card was dropped on.
 */
export async function refuse(g: WarwickGame, spot: Spot, noble?: string): Promise<void> {
  const card = g.selection.find((k) => k.startsWith('card:'));
  if (card && noble) {
    await refuseCommand(g, { type: 'AwardCard', card: card.slice(5), noble: noble.replace(/^noble:/, '') });
    return;
  }
  const actor = g.selection.find((k) => k.startsWith('noble:') || k.startsWith('ship:'));
  const command = actor && wouldBe(g, actor, spot);
  if (!command) {
    g.say(actor?.startsWith('noble:') && 'sea' in spot ? `${nobleName(g.content, actor.slice(6))} can cross the sea only aboard a ship.` : 'Nothing to do there.', 'refusal');
    return;
  }
  await refuseCommand(g, command);
}

/** A drop from the map: on a target it acts; elsewhere the rules say why not. */
export function drop(g: WarwickGame, piece: string, target: string | undefined, spot: Spot | undefined): void {
  if (!g.selectedPiece || g.selectedPiece !== piece) tapPiece(g, piece);
  if (!g.selection.length) return;
  if (target && g.playModel?.targets.has(target)) {
    tapTarget(g, target);
    return;
  }
  if (spot) void refuse(g, spot);
}

/** A card dragged from the hand: dropped on a ringed Noble it is awarded; on another, the rules say why not. */
export function dragCard(g: WarwickGame, card: string, event: PointerEvent): void {
  if (event.pointerType === 'mouse' && event.button !== 0) return;
  const start = { x: event.clientX, y: event.clientY };
  const up = (e: PointerEvent) => {
    window.removeEventListener('pointerup', up);
    if (Math.hypot(e.clientX - start.x, e.clientY - start.y) < 12) return;
    const hit = g.map()?.itemAt(e.clientX, e.clientY);
    if (!hit) return;
    if (!g.selection.includes(`card:${card}`)) g.selection = [`card:${card}`];
    void g.updateComplete.then(() => {
      if (g.playModel?.targets.has(hit)) tapTarget(g, hit);
      else void refuse(g, { location: '' }, g.playModel?.pieces.get(hit)?.actors.find((a) => a.startsWith('noble:')));
    });
  };
  window.addEventListener('pointerup', up);
}

/** Commits every Noble the attack may take, then launches it. */
export async function commitAllAndLaunch(g: WarwickGame): Promise<void> {
  for (let i = 0; i < 8; i += 1) {
    const commit = g.legal.find((l) => l.command.type === 'CommitAttacker');
    if (!commit || !(await g.act(commit))) break;
  }
  const launch = g.legal.find((l) => l.command.type === 'LaunchAttack');
  if (launch) await g.act(launch);
  g.resumeBots();
}

/** A digest line: the map shows where that action happened (what moved, what came of it). */
export async function focusDigest(g: WarwickGame, entry: DigestEntry): Promise<void> {
  if (entry.yours) return focusYourChange(g, entry);
  try {
    const [before, after] = await Promise.all([g.pastAt(entry.seq - 1), g.pastAt(entry.end)]);
    const focus = focusOfChanges(diffViews(g.content, before.view, after.view));
    const any = focus.locations.length + focus.areas.length > 0;
    g.mapFocus = any ? focus : undefined;
    g.announce = `${g.factionName(entry.by)}: ${entry.text}.${any ? '' : ' Nothing of it shows on the map.'}`;
    if (window.matchMedia('(max-width: 899px)').matches) g.tab = undefined;
    await g.updateComplete;
    if (any) g.map()?.reveal(focus);
  } catch (error) {
    g.fail(error);
  }
}

/** A change to one of your pieces: the map shows where it was and where it went (its way drawn
 * as it goes), or where it was lost. */
async function focusYourChange(g: WarwickGame, entry: DigestEntry): Promise<void> {
  const change = entry.yours!;
  try {
    const before = (await g.pastAt(entry.seq - 1)).view;
    const end = (w: Whereabouts | null) => {
      if (!w) return undefined;
      return w.kind === 'port' || w.kind === 'sea' ? shipEnd(w) : placeEnd(before, w);
    };
    const spot = change.piece.kind === 'place' ? { location: change.piece.location } : undefined;
    const from = end(change.from) ?? spot;
    const to = end(change.to);
    const ends = [from, to].filter((e) => e !== undefined);
    g.mapFocus = {
      locations: [...new Set(ends.flatMap((e) => ('location' in e ? [e.location] : [])))],
      areas: [...new Set(ends.flatMap((e) => ('area' in e ? [e.area] : 'sea' in e ? [e.sea] : [])))],
    };
    if (from && to && (change.piece.kind === 'noble' || change.piece.kind === 'ship')) {
      const id = change.piece.kind === 'noble' ? change.piece.noble : change.piece.ship;
      g.showMove({ kind: change.piece.kind, id, faction: change.faction, from, to, how: 'straight' });
    }
    g.announce = `${entry.text}.`;
    if (window.matchMedia('(max-width: 899px)').matches) g.tab = undefined;
    await g.updateComplete;
    if (ends.length) g.map()?.reveal(g.mapFocus);
  } catch (error) {
    g.fail(error);
  }
}

/** A step whose places are acted on with nothing chosen (attacks, Parliament): the map frames them once. */
export function frameStep(g: WarwickGame): void {
  const play = g.playModel?.play;
  const c = g.live?.clock;
  if (!play || !c || g.selection.length || !g.yourTurn) return;
  const step = `${c.round}:${c.turn}:${c.phase}:${c.step}`;
  if (step === g.framed || !play.targets.length) return;
  g.framed = step;
  const spots = play.targets.map((t) => t.at);
  g.map()?.frameOn({
    locations: spots.flatMap((a) => ('location' in a ? [a.location] : [])),
    areas: spots.flatMap((a) => ('area' in a ? [a.area] : 'sea' in a ? [a.sea] : [])),
  });
}
