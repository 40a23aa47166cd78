// A mapping file the user names on the command line (prepare's columns, the ledger's): read and
// checked, or refused as bad input saying which file, where in it and what is wrong.
import { readFile } from 'node:fs/promises';
import type { ZodType } from 'zod';
import { Failure } from '../domain/failures/failure';
import { firstInputProblem } from '../domain/failures/input-problem';

export async function readMappingFile<T>(file: string, schema: ZodType<T>): Promise<T> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    // The OS's code (ENOENT, EACCES…) or that it is not JSON: never the file's text.
    throw new Failure('cli.mapping_unreadable', { file, reason: (err as NodeJS.ErrnoException).code ?? 'not JSON' });
  }
  const parsed = schema.safeParse(raw, { reportInput: true });
  if (!parsed.success) {
    // What is wrong as a code and its figures (worded in --lang), where as the path.
    const { path, problem, params } = firstInputProblem(parsed.error);
    throw new Failure('cli.mapping_invalid', { ...params, file, path: path || '(root)', problem });
  }
  return parsed.data;
}
