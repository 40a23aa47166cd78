// A results drawer's case: read with its calls when the drawer opens on it, nothing while closed, an
// answer for a case since left dropped, and a failure said on the drawer and heard by the session.
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope, nextTick, ref, type EffectScope } from 'vue';
import type { ProcedureOutputs, ResultCall } from '../../../src-main/surface/procedures';
import { useCaseCalls } from '../../../src-renderer/src/composables/use-case-calls';
import { useSessionStore } from '../../../src-renderer/src/stores/session';
import { fakeSurface } from '../support/fake-surface';
import { pending } from '../support/pending';

type Row = NonNullable<ProcedureOutputs['results:case']>;
const row = (id: number) => ({ id, code: `C-${id}` }) as Row;
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

let scope: EffectScope;
beforeEach(() => {
  setActivePinia(createPinia());
  scope = effectScope();
});
afterEach(() => {
  scope.stop();
  vi.restoreAllMocks();
});

describe('useCaseCalls', () => {
  it('reads the case and its calls when the drawer opens on it, and nothing while it is closed', async () => {
    const calls = fakeSurface({ 'results:case': (i) => row(i.caseId), 'results:calls': [{ id: 1 } as ResultCall] });
    const open = ref(false);
    const caseId = ref<number | null>(31);
    const drawer = scope.run(() => useCaseCalls({ campaignId: 7, caseId, open }))!;
    await settled();
    expect(calls).toEqual([]);
    open.value = true;
    await nextTick();
    await settled();
    expect(drawer.item.value?.code).toBe('C-31');
    expect(drawer.calls.value).toHaveLength(1);
    expect(calls.map((c) => c.input)).toEqual([
      { campaignId: 7, caseId: 31 },
      { campaignId: 7, caseId: 31 },
    ]);
  });

  it('drops the answer for a case the drawer has left', async () => {
    const first = pending<Row>();
    fakeSurface({ 'results:case': (i) => (i.caseId === 31 ? first.promise : row(i.caseId)), 'results:calls': [] });
    const caseId = ref<number | null>(31);
    const drawer = scope.run(() => useCaseCalls({ campaignId: 7, caseId, open: true }))!;
    caseId.value = 32;
    await nextTick();
    await settled();
    first.resolve(row(31));
    await settled();
    expect(drawer.item.value?.code).toBe('C-32');
  });

  it('says a failure on the drawer, and the session hears of it', async () => {
    fakeSurface({ 'results:case': { failure: 'host.not_answering' }, 'results:calls': [] });
    const session = useSessionStore();
    session.online = true;
    const drawer = scope.run(() => useCaseCalls({ campaignId: 7, caseId: 31, open: true }))!;
    await settled();
    expect(drawer.error.value).toBeTruthy();
    expect(drawer.item.value).toBeNull();
    expect(session.online).toBe(false);
  });
});
