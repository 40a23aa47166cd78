// The results screen's exports to Excel (all the cases, the promises): the service makes the file, the
// browser's save takes it, and the screen says its name, or why it failed. One flow for every such button
// (ExportButton starts it; the screen shows `error` and `exported` where it says such things).
import { reactive, ref } from 'vue';
import { createAction, type ConnectionNotes } from './use-reported';
import { useSessionStore } from '../stores/session';
import { saveFile } from './saved-files';

export type ExportedFile = Parameters<typeof saveFile>[0];

/** `produce` asks the service for the file; `save` hands it to the browser (the app's `saveFile`). */
export function createExport(notes: ConnectionNotes, produce: () => Promise<ExportedFile>, save: (file: ExportedFile) => void) {
  const { busy: exporting, error, run } = createAction(notes);
  /** The name of the file last saved; null while none is to be said. */
  const exported = ref<string | null>(null);

  async function start(): Promise<void> {
    exported.value = null;
    const got = await run(async () => {
      const file = await produce();
      save(file);
      return file.name;
    });
    if (got.ok) exported.value = got.value;
  }

  // Reactive, so a template reads (and closes) `excel.error` as it is.
  return reactive({ exporting, error, exported, start });
}

export type ExcelExport = ReturnType<typeof createExport>;

/** `createExport` bound to the session store and the browser's save, for a component's setup. */
export function useExport(produce: () => Promise<ExportedFile>): ExcelExport {
  return createExport(useSessionStore(), produce, saveFile);
}
