// The rules help, fetched once from the service (`rules_reference`) and kept for the session.

import { api } from '../api';
import type { RulesReference } from '../bindings/RulesReference';

let loading: Promise<RulesReference> | undefined;
let loaded: RulesReference | undefined;

/** The rules help (fetched on the first call; a failed fetch is tried again next time). */
export function rulesReference(): Promise<RulesReference> {
  loading ??= api.rulesReference().then(
    (ref) => (loaded = ref),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The rules help if it has arrived already. */
export function rulesReferenceNow(): RulesReference | undefined {
  return loaded;
}
