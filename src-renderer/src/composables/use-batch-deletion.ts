// Deleting a batch from a screen: the agent confirms, and a refusal (uploading, cases in doubt) is
// worded from its code and params, in the agent's language.
import { useConfirm } from 'primevue/useconfirm';
import { useI18n } from 'vue-i18n';
import { ApiError } from '../api/failures';
import { useBatchesStore } from '../stores/batches';
import { useUploads } from '../stores/uploads';
import { useReported } from './use-reported';

export interface DeletionOutcome {
  ok: boolean;
  text: string;
}

export function useBatchDeletion() {
  const { t } = useI18n();
  const confirm = useConfirm();
  const { forget } = useUploads();
  const report = useReported();
  const batches = useBatchesStore();

  function refusal(err: unknown, text: string): string {
    if (err instanceof ApiError && err.code === 'batch.busy') return t('lifecycle.batch.busy', { batchId: err.params?.batchId ?? '' });
    if (err instanceof ApiError && err.code === 'batch.in_doubt')
      return t('lifecycle.batch.inDoubt', { batchId: err.params?.batchId ?? '', inDoubt: err.params?.inDoubt ?? '' });
    return t('lifecycle.batch.failed', { message: text });
  }

  /** Asks first; `done` hears how it went (not called when the agent says no). */
  function deleteBatch(batch: { id: number; cases: number }, done: (outcome: DeletionOutcome) => void): void {
    confirm.require({
      header: t('lifecycle.batch.confirmTitle', { id: batch.id }),
      message: t('lifecycle.batch.confirmBody', { cases: batch.cases }),
      icon: 'pi pi-exclamation-triangle',
      rejectProps: { label: t('common.cancel'), severity: 'secondary', outlined: true },
      acceptProps: { label: t('lifecycle.batch.deleteBatch'), severity: 'danger', 'data-test': 'confirm-delete-batch' },
      defaultFocus: 'reject',
      accept: () => {
        void report(() => batches.remove(batch.id)).then((got) => {
          if (!got.ok) return done({ ok: false, text: refusal(got.error, got.text) });
          forget(batch.id);
          done({ ok: true, text: t('lifecycle.batch.deleted', { id: batch.id, cases: got.value.cases }) });
        });
      },
    });
  }

  return { deleteBatch };
}
