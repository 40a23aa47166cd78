// The workstation store asks the surface for the audit log, the diagnostics file, the update's state
// (and hears it change), and wipes this computer with the word the agent typed.
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProcedureOutputs } from '../../../src-main/surface/procedures';
import { transport } from '../../../src-renderer/src/api/transport';
import { useWorkstationStore } from '../../../src-renderer/src/stores/workstation';
import { fakeSurface } from '../support/fake-surface';

beforeEach(() => setActivePinia(createPinia()));
afterEach(() => vi.restoreAllMocks());

describe('workstation store', () => {
  it('reads the newest audit entries, exports the diagnostics, and wipes with the typed word', async () => {
    const file = { name: 'casedesk-diagnostics.zip', contentType: 'application/zip', base64: '' } as ProcedureOutputs['diagnostics:export'];
    const calls = fakeSurface({
      'audit:list': { entries: [], chainOk: true } as unknown as ProcedureOutputs['audit:list'],
      'diagnostics:export': file,
      'workstation:wipe': { failure: 'workstation.busy' },
    });
    const workstation = useWorkstationStore();
    await workstation.auditLog(200);
    expect(await workstation.exportDiagnostics()).toBe(file);
    await expect(workstation.wipe('BORRAR')).rejects.toMatchObject({ code: 'workstation.busy' });
    expect(calls).toEqual([
      { name: 'audit:list', input: { limit: 200 } },
      { name: 'diagnostics:export', input: {} },
      { name: 'workstation:wipe', input: { confirmation: 'BORRAR' } },
    ]);
  });

  it("hears the update's state change until told to stop", () => {
    const off = vi.fn();
    let listener: ((state: unknown) => void) | undefined;
    vi.spyOn(transport, 'on').mockImplementation((name, l) => {
      expect(name).toBe('updates:state');
      listener = l as (state: unknown) => void;
      return off;
    });
    const heard: unknown[] = [];
    const stop = useWorkstationStore().onUpdateState((state) => heard.push(state));
    listener?.({ status: 'idle' });
    stop();
    expect(heard).toEqual([{ status: 'idle' }]);
    expect(off).toHaveBeenCalledOnce();
  });
});
