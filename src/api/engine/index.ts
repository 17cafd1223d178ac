// The sync engine's one public entry (docs/architecture.md, "The sync engine"): the resource
// hooks of src/api and the rest of the app import the engine from here, never a file inside
// this folder (.dependency-cruiser.cjs `engine-has-one-entry`).

export {
  engineFor,
  type ListResult,
  type Notice,
  SyncEngine,
  type SyncStatus,
  stopEngine,
} from './engine';
export { eraseLocalDb } from './local-db';
export { validatedWith } from './record-check';
export type { ManyOutcome } from './write-outcomes';
