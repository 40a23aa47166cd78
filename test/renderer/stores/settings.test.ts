// The settings store reads and changes the agent's settings on this machine, purges what is past the
// retention days, and lists and sets the service's address for an environment.
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProcedureOutputs } from '../../../src-main/surface/procedures';
import { useSettingsStore } from '../../../src-renderer/src/stores/settings';
import { fakeSurface } from '../support/fake-surface';

const SETTINGS = { language: 'es', retentionDays: 90 } as ProcedureOutputs['settings:get'];

beforeEach(() => setActivePinia(createPinia()));
afterEach(() => vi.restoreAllMocks());

describe('settings store', () => {
  it('reads the settings, changes only the ones given, then purges what the new retention lets go', async () => {
    const purged = { batches: [], campaigns: 0, inboundCases: 0 } as unknown as ProcedureOutputs['retention:purge'];
    const calls = fakeSurface({ 'settings:get': SETTINGS, 'settings:set': (changes) => ({ ...SETTINGS, ...changes }), 'retention:purge': purged });
    const settings = useSettingsStore();
    expect((await settings.read()).retentionDays).toBe(90);
    expect((await settings.change({ retentionDays: 30 })).retentionDays).toBe(30);
    expect(await settings.purgeExpired()).toBe(purged);
    expect(calls).toEqual([
      { name: 'settings:get', input: {} },
      { name: 'settings:set', input: { retentionDays: 30 } },
      { name: 'retention:purge', input: {} },
    ]);
  });

  it("sets an environment's address, and fails with the code the surface gave", async () => {
    const calls = fakeSurface({ 'environments:setBaseUrl': { failure: 'input.invalid', params: { path: 'baseUrl', problem: 'invalid_url' } } });
    await expect(useSettingsStore().setBaseUrl('test', 'not a url')).rejects.toMatchObject({ code: 'input.invalid' });
    expect(calls).toEqual([{ name: 'environments:setBaseUrl', input: { environment: 'test', baseUrl: 'not a url' } }]);
  });
});
