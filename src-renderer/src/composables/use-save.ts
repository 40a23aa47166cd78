// A panel's one action (save, export, delete) and the line it leaves under it: busy while it runs,
// then what it did or why it failed. Each panel words both; this keeps the states in one place, and
// reports the failure the one way every screen does (use-reported).
import { ref } from 'vue';
import { useSessionStore } from '../stores/session';
import { settle, type ConnectionNotes } from './use-reported';

export interface SaveOutcome {
  ok: boolean;
  text: string;
}

export function createSave(notes: ConnectionNotes) {
  const saving = ref(false);
  const outcome = ref<SaveOutcome | null>(null);

  /**
   * Runs `work`, whose answer is the text shown on success; a failure is shown as `failed` words it, given
   * the failure's own words and the error. A second call while one runs is ignored (the button shows it
   * is busy). True when it succeeded.
   */
  async function save(work: () => Promise<string>, failed: (text: string, error: unknown) => string): Promise<boolean> {
    if (saving.value) return false;
    saving.value = true;
    outcome.value = null;
    const got = await settle(notes, work);
    outcome.value = got.ok ? { ok: true, text: got.value } : { ok: false, text: failed(got.text, got.error) };
    saving.value = false;
    return got.ok;
  }

  /** The agent changed the value: the last outcome no longer speaks of it. */
  function forget(): void {
    outcome.value = null;
  }

  return { saving, outcome, save, forget };
}

/** `createSave` bound to the session store, for a component's setup. */
export function useSave() {
  return createSave(useSessionStore());
}
