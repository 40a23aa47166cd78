// A mapping file the user names on the command line (prepare's columns, the ledger's): read and
// checked, or refused as bad input saying which file, where in it and what is wrong.
import { readFile } from 'node:fs/promises';
import type { ZodType } from 'zod';
import { Failure } from '../domain/failures/failure';

export async function readMappingFile<T>(file: string, schema: ZodType<T>): Promise<T> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    // The OS's code (ENOENT, EACCES…) or that it is not JSON: never the file's text.
    throw new Failure('cli.mapping_unreadable', { file, reason: (err as NodeJS.ErrnoException).code ?? 'not JSON' });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    // zod's words (English) say what is wrong; the path says where.
    throw new Failure('cli.mapping_invalid', { file, path: issue?.path.join('.') || '(root)', problem: issue?.message ?? 'invalid' });
  }
  return parsed.data;
}
