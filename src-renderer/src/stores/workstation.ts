// This computer as the app keeps it: the audit log, the diagnostics file for support, the app's
// updates, and wiping everything CaseDesk keeps here.
import { defineStore } from 'pinia';
import type { ProcedureInput, SurfaceEvents } from '../../../src-main/surface/procedures';
import { call, onEvent } from '../api/casedesk';

export type WipeWord = ProcedureInput<'workstation:wipe'>['confirmation'];
export type UpdateState = SurfaceEvents['updates:state'];

export const useWorkstationStore = defineStore('workstation', () => {
  /** The newest entries of the audit log, at most `limit`. */
  const auditLog = (limit: number) => call('audit:list', { limit });
  /** A file for support: versions, settings and recent log lines, without personal data. */
  const exportDiagnostics = () => call('diagnostics:export', {});
  const updateState = () => call('updates:status', {});
  /** How the app's update goes, as it goes; the answer stops listening. */
  const onUpdateState = (listener: (state: UpdateState) => void) => onEvent('updates:state', listener);
  /** Restarts into the update downloaded, when there is one. */
  const restartToUpdate = () => call('updates:restart', {});
  /** What wiping would delete, and what it waits for. */
  const wipePlan = () => call('workstation:wipePlan', {});
  /** Deletes everything CaseDesk keeps on this computer; `confirmation` is the word the agent typed. */
  const wipe = (confirmation: WipeWord) => call('workstation:wipe', { confirmation });

  return { auditLog, exportDiagnostics, updateState, onUpdateState, restartToUpdate, wipePlan, wipe };
});
