// One case of a campaign's results and its calls, as a drawer shows them: read again by the case's id
// (its figures are the ones the list counts) whenever the drawer opens on a case, while closed nothing.
// An answer for a case the drawer has since left is dropped; a failure is reported the one way.
import { ref, toValue, watch, type MaybeRefOrGetter } from 'vue';
import type { ResultCall, ResultCaseRow } from '../../../src-main/surface/procedures';
import { useResultsStore } from '../stores/results';
import { useReported } from './use-reported';

export interface CaseCallsOptions {
  campaignId: MaybeRefOrGetter<number>;
  caseId: MaybeRefOrGetter<number | null>;
  open: MaybeRefOrGetter<boolean>;
}

export function useCaseCalls(options: CaseCallsOptions) {
  const report = useReported();
  const results = useResultsStore();
  const item = ref<ResultCaseRow | null>(null);
  const calls = ref<ResultCall[] | null>(null);
  const error = ref<string | null>(null);

  async function load(): Promise<void> {
    const caseId = toValue(options.caseId);
    calls.value = null;
    error.value = null;
    if (item.value?.id !== caseId) item.value = null;
    if (caseId === null) return;
    const got = await report(() => results.caseCalls(toValue(options.campaignId), caseId));
    if (toValue(options.caseId) !== caseId) return;
    if (!got.ok) error.value = got.text;
    else {
      item.value = got.value.found;
      calls.value = got.value.listed;
    }
  }

  watch(
    () => [toValue(options.caseId), toValue(options.open)] as const,
    ([id, open]) => {
      if (open && id !== null) void load();
      if (!open) calls.value = null;
    },
    { immediate: true },
  );

  return { item, calls, error, load };
}
