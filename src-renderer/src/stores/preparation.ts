// Preparing a batch from a file the agent picked: the file is read (its sheets, header row and columns),
// then turned into cases on this machine, telling how far it got; the agent may stop it.
import { defineStore } from 'pinia';
import type { ProcedureInput, SurfaceEvents } from '../../../src-main/surface/procedures';
import { call, onEvent } from '../api/casedesk';

/** Which file, and which sheet and header row when the agent chose them (found otherwise). */
export type Inspection = ProcedureInput<'batches:inspect'>;
export type PrepareInput = ProcedureInput<'batches:prepare'>;
export type PrepareProgress = SurfaceEvents['prepare:progress'];

export const usePreparationStore = defineStore('preparation', () => {
  const inspect = (input: Inspection) => call('batches:inspect', input);
  /** Reads the file into a new batch; stopped, it fails with prepare.cancelled. */
  const prepare = (input: PrepareInput) => call('batches:prepare', input);
  const cancel = (fileId: string) => call('batches:cancelPrepare', { fileId });
  /** How far preparing a file is, as it goes; the answer stops listening. */
  const onProgress = (listener: (progress: PrepareProgress) => void) => onEvent('prepare:progress', listener);

  return { inspect, prepare, cancel, onProgress };
});
