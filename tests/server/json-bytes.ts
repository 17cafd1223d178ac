import type { JsonBytes } from '../../server/store';

/** The text of a store's listJson / changesJson answer, whole or in pieces. */
export const utf8 = (json: JsonBytes | Uint8Array[]) =>
  Buffer.concat(json instanceof Uint8Array ? [json] : [...json]).toString('utf8');
