// The results screen's exports: the service's file goes to the browser's save, then its name is said;
// a failure is said instead, in its own words, and the session hears of it.
import { describe, expect, it } from 'vitest';
import { createExport, type ExportedFile } from '../../../src-renderer/src/composables/use-export';
import { pending } from '../support/pending';

/** The session as these tests need it: it hears nothing they check. */
const quiet = { noteSuccess: () => undefined, noteFailure: () => undefined };
const file: ExportedFile = { name: 'resultados.xlsx', contentType: 'application/vnd.ms-excel', base64: 'AA==' };

describe('createExport', () => {
  it('is busy while the service makes the file, forgets the last name, saves the file and says its name', async () => {
    const saved: ExportedFile[] = [];
    const made = pending<ExportedFile>();
    const excel = createExport(
      quiet,
      () => made.promise,
      (f) => saved.push(f),
    );
    excel.exported = 'old.xlsx';
    const done = excel.start();
    expect(excel.exporting).toBe(true);
    expect(excel.exported).toBeNull();
    made.resolve(file);
    await done;
    expect(excel.exporting).toBe(false);
    expect(saved).toEqual([file]);
    expect(excel.exported).toBe('resultados.xlsx');
    expect(excel.error).toBeNull();
  });

  it("says a failure in the failure's words, saves nothing, and tells the session", async () => {
    const heard: unknown[] = [];
    const saved: ExportedFile[] = [];
    const failure = new Error('disk full');
    const excel = createExport(
      { ...quiet, noteFailure: (e) => heard.push(e) },
      () => Promise.reject(failure),
      (f) => saved.push(f),
    );
    await excel.start();
    expect(excel.exporting).toBe(false);
    expect(saved).toEqual([]);
    expect(excel.exported).toBeNull();
    expect(excel.error).toBe('disk full');
    expect(heard).toEqual([failure]);
  });
});
