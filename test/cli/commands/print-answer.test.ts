// A command's answer, as every command prints it: --json the value as it is, else its text and tables
// in order, in the run's --lang (an empty table says its own "none" line).
import type { Command } from 'commander';
import { describe, expect, it, vi } from 'vitest';
import { printAnswer, type ForAPerson } from '../../../src-main/cli/cli-context';
import type { FailureLang } from '../../../src-main/domain/failures/failure';

const commandWith = (json: boolean, lang: FailureLang) => ({ optsWithGlobals: () => ({ dataDir: '.', json, lang }) }) as unknown as Command;

async function printed(json: boolean, lang: FailureLang, value: unknown, forAPerson: (lang: FailureLang) => ForAPerson): Promise<string> {
  let out = '';
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  try {
    await printAnswer(commandWith(json, lang), value, forAPerson);
  } finally {
    write.mockRestore();
  }
  return out;
}

describe('printAnswer', () => {
  it('prints the value as JSON with --json, and nothing of what a person would see', async () => {
    const forAPerson = vi.fn(() => 'words\n');
    expect(await printed(true, 'es', { id: 7, name: 'Cobranza' }, forAPerson)).toBe('{\n  "id": 7,\n  "name": "Cobranza"\n}\n');
    expect(forAPerson).not.toHaveBeenCalled();
  });

  it('prints text and tables in order, in --lang, an empty table as its none line', async () => {
    const out = await printed(false, 'es', null, (lang) => [
      `head ${lang}\n`,
      { head: ['id'], rows: [] },
      '',
      { head: ['id'], rows: [], none: 'line.bots.none' },
      { head: ['id', 'name'], rows: [[1, null]] },
    ]);
    const lines = out.trimEnd().split('\n');
    expect(lines.slice(0, 3)).toEqual(['head es', '(ninguno)', 'No tiene bots asignados. Pida a su administrador que le asigne uno.']);
    expect(lines.slice(3).join('\n')).toMatch(/id.*name[\s\S]*1/);
  });
});
