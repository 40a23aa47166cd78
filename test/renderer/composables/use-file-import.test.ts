// A screen's "Import…" button: the hidden file input's pick goes to the screen's import, one at a time,
// and the input is emptied so the same file can be picked again.
import { describe, expect, it } from 'vitest';
import { takePickedFile, useFileImport } from '../../../src-renderer/src/composables/use-file-import';

/** A file input's change event as the browser's dialog leaves it: the files picked, and the input's value naming the first. */
function pickEvent(files: File[]): { event: Event; input: { files: File[]; value: string } } {
  const input = { files, value: files[0] ? `C:\\fakepath\\${files[0].name}` : '' };
  return { event: { target: input } as unknown as Event, input };
}

const csv = (name: string) => new File(['a;b\n'], name, { type: 'text/csv' });

describe('takePickedFile', () => {
  it('gives the file picked and empties the input', () => {
    const file = csv('bajas.csv');
    const { event, input } = pickEvent([file]);
    expect(takePickedFile(event)).toBe(file);
    expect(input.value).toBe('');
  });

  it('gives nothing when the dialog was cancelled', () => {
    expect(takePickedFile(pickEvent([]).event)).toBeNull();
  });
});

describe('useFileImport', () => {
  it('hands the picked file to the import, busy until it ends, and takes no second file meanwhile', async () => {
    const seen: string[] = [];
    let finish!: () => void;
    const { importing, onPicked } = useFileImport(async (file) => {
      seen.push(file.name);
      await new Promise<void>((resolve) => (finish = resolve));
    });
    const first = onPicked(pickEvent([csv('uno.csv')]).event);
    expect(importing.value).toBe(true);
    await onPicked(pickEvent([csv('dos.csv')]).event);
    finish();
    await first;
    expect(importing.value).toBe(false);
    expect(seen).toEqual(['uno.csv']);
  });

  it('is no longer busy after an import that failed, and lets the failure reach the screen', async () => {
    const unreadable = new Error('unreadable');
    const { importing, onPicked } = useFileImport(() => Promise.reject(unreadable));
    await expect(onPicked(pickEvent([csv('roto.csv')]).event)).rejects.toBe(unreadable);
    expect(importing.value).toBe(false);
  });

  it('opens the dialog by clicking the hidden input', () => {
    const { input, choose } = useFileImport(async () => undefined);
    let clicks = 0;
    input.value = { click: () => (clicks += 1) } as unknown as HTMLInputElement;
    choose();
    expect(clicks).toBe(1);
  });
});
