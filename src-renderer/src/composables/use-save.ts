// A panel's one action (save, export, delete) and the line it leaves under it: busy while it runs,
// then what it did or why it failed. Each panel words both; this keeps the states in one place.
import { ref } from 'vue';

export interface SaveOutcome {
  ok: boolean;
  text: string;
}

export function useSave() {
  const saving = ref(false);
  const outcome = ref<SaveOutcome | null>(null);

  /**
   * Runs `work`, whose answer is the text shown on success; a failure is shown as `failed` words it.
   * A second call while one runs is ignored (the button shows it is busy). True when it succeeded.
   */
  async function save(work: () => Promise<string>, failed: (err: unknown) => string): Promise<boolean> {
    if (saving.value) return false;
    saving.value = true;
    outcome.value = null;
    try {
      outcome.value = { ok: true, text: await work() };
      return true;
    } catch (err) {
      outcome.value = { ok: false, text: failed(err) };
      return false;
    } finally {
      saving.value = false;
    }
  }

  /** The agent changed the value: the last outcome no longer speaks of it. */
  function forget(): void {
    outcome.value = null;
  }

  return { saving, outcome, save, forget };
}
