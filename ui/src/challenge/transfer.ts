// Moving the player's history to another machine: the whole history as one file (each finished
// game as its replay code), and bringing such a file back, a bounded share per call until the
// service says it is done. Pure of the page: the calls are passed in, so it is tested alone.
import type { HistoryImported } from '../bindings/HistoryImported';

/** Where an import stands. */
export interface ImportProgress {
  done: number;
  total: number;
  imported: number;
  skipped: number;
  refused: string[];
}

/** Imports a history file by calling `step` from each `next` the service gives, reporting after each call. */
export async function importAll(
  text: string,
  step: (text: string, from: number) => Promise<HistoryImported>,
  progress: (p: ImportProgress) => void = () => {},
): Promise<ImportProgress> {
  const out: ImportProgress = { done: 0, total: 0, imported: 0, skipped: 0, refused: [] };
  let from: number | null = 0;
  // The service answers each call with where to go on; a file of n games needs at most n calls.
  for (let calls = 0; from !== null && calls < 100_000; calls += 1) {
    const answer = await step(text, from);
    out.total = answer.total;
    out.imported += answer.imported;
    out.skipped += answer.skipped;
    out.refused.push(...answer.refused);
    from = answer.next ?? null;
    out.done = from ?? answer.total;
    progress({ ...out, refused: [...out.refused] });
  }
  return out;
}

/** A short account of an import, for people. */
export function importWords(p: ImportProgress): string {
  const parts = [`${p.imported} game${p.imported === 1 ? '' : 's'} brought back`];
  if (p.skipped) parts.push(`${p.skipped} already here`);
  if (p.refused.length) parts.push(`${p.refused.length} refused`);
  return `${parts.join(', ')}.`;
}
