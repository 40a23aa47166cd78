// The agent's settings on this machine (language, contact hours, how long results are kept…) and the
// service's address for each environment: read and changed in this machine's store, never on the service.
import { defineStore } from 'pinia';
import type { Environment } from '../../../src-main/domain/environments';
import type { ProcedureInput } from '../../../src-main/surface/procedures';
import { call } from '../api/casedesk';

export type SettingsChanges = ProcedureInput<'settings:set'>;

export const useSettingsStore = defineStore('settings', () => {
  const read = () => call('settings:get', {});
  /** Changes the settings given, keeps the others; answers them all as they now are. */
  const change = (changes: SettingsChanges) => call('settings:set', changes);
  /** Deletes now what is kept past the retention days (it happens at every start too). */
  const purgeExpired = () => call('retention:purge', {});
  const environments = () => call('environments:list', {});
  const setBaseUrl = (environment: Environment, baseUrl: string) => call('environments:setBaseUrl', { environment, baseUrl });

  return { read, change, purgeExpired, environments, setBaseUrl };
});
