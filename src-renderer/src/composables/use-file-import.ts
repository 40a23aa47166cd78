// A screen's "Import…" button: it opens the system's file dialog through a hidden file input, and
// the file picked is handed to the screen's own import while the button shows it is busy.
import { ref } from 'vue';

/** The file an input's change event picked, if any. The input is emptied so the same file can be picked again after fixing it. */
export function takePickedFile(event: Event): File | null {
  const input = event.target as HTMLInputElement;
  const file = input.files?.[0] ?? null;
  input.value = '';
  return file;
}

export function useFileImport(importFile: (file: File) => Promise<void>) {
  /** Bound with ref="…" to the hidden `<input type="file">`. */
  const input = ref<HTMLInputElement | null>(null);
  const importing = ref(false);

  function choose(): void {
    input.value?.click();
  }

  /** The input's change handler: one import at a time. */
  async function onPicked(event: Event): Promise<void> {
    const file = takePickedFile(event);
    if (!file || importing.value) return;
    importing.value = true;
    try {
      await importFile(file);
    } finally {
      importing.value = false;
    }
  }

  return { input, importing, choose, onPicked };
}
