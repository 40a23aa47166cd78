// The agent's settings on this machine (language, contact hours, how long results are kept…): read and
// changed in this machine's store, never on the service.
import { defineStore } from 'pinia';
import type { ProcedureInput } from '../../../src-main/surface/procedures';
import { call } from '../api/casedesk';

export type SettingsChanges = ProcedureInput<'settings:set'>;

export const useSettingsStore = defineStore('settings', () => {
  const read = () => call('settings:get', {});
  /** Changes the settings given, keeps the others; answers them all as they now are. */
  const change = (changes: SettingsChanges) => call('settings:set', changes);

  return { read, change };
});
