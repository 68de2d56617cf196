import { describe, expect, it } from 'vitest';
import type { HistoryImported } from '../bindings/HistoryImported';
import { importAll, importWords } from './transfer';

describe('bringing back a history file', () => {
  it('goes on from where each call stops until the service says it is done', async () => {
    const answers: HistoryImported[] = [
      { total: 5, next: 2, imported: 2, skipped: 0, refused: [] },
      { total: 5, next: 4, imported: 1, skipped: 1, refused: [] },
      { total: 5, next: null, imported: 0, skipped: 0, refused: ['game 5: the code was altered'] },
    ];
    const asked: number[] = [];
    const seen: number[] = [];
    const result = await importAll(
      'file',
      async (_text, from) => {
        asked.push(from);
        return answers[asked.length - 1]!;
      },
      (p) => seen.push(p.done),
    );
    expect(asked).toEqual([0, 2, 4]);
    expect(seen).toEqual([2, 4, 5]);
    expect(result).toMatchObject({ total: 5, imported: 3, skipped: 1 });
    expect(importWords(result)).toBe('3 games brought back, 1 already here, 1 refused.');
  });
});
