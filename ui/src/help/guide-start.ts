// Starting the guided first game from the start screen: create the fixed-seed game, make it
// the guided one, open it.

import { api, ApiError } from '../api';
import { GUIDED_GAME } from './guide-script';
import { startGuide } from './guide';

/** Creates the guided game and hands it to `open`; a failure goes to `fail` in words. */
export async function startGuidedGame(open: (game: number) => Promise<void> | void, fail: (message: string) => void): Promise<void> {
  try {
    const status = await api.createGame(GUIDED_GAME);
    const game = Number(status.game);
    startGuide(game);
    await open(game);
  } catch (error) {
    fail(error instanceof ApiError ? error.message : String(error));
  }
}
