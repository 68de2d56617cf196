// The rules help, fetched once from the service (`rules_reference`) and kept for the session.

import { api } from '../api';
import type { RulesReference } from '../bindings/RulesReference';
import type { MapGeometry } from '../geometry';

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

let geometry: Promise<MapGeometry> | undefined;

/** The map's drawing geometry, for the reference's map examples (fetched once). */
export function mapGeometry(): Promise<MapGeometry> {
  geometry ??= api.content().then(
    (content) => content.geometry as MapGeometry,
    (error: unknown) => {
      geometry = undefined;
      throw error;
    },
  );
  return geometry;
}
