// A data folder an older default's store was just moved into (store/data-folder-move.ts) finishes its
// move the first time a context opens it: recordings kept by their old path point at the new one, and
// the trail says where the data came from. The move's note goes only then, so a crash before this
// point finishes it at the next start.
import { rmSync } from 'node:fs';
import { join, sep } from 'node:path';
import { RECORDINGS_DIR, moveRecordingPaths } from '../store';
import { MOVE_NOTE_FILE, readNote } from '../store/data-folder-move';
import { audit, type AuditingContext } from './audit-trail';

export function settleMovedFolder(ctx: AuditingContext): void {
  const file = join(ctx.options.dataDir, MOVE_NOTE_FILE);
  const note = readNote(file);
  if (note) {
    moveRecordingPaths(ctx.store.db, join(note.from, RECORDINGS_DIR) + sep, join(ctx.options.dataDir, RECORDINGS_DIR) + sep);
    audit(ctx, { action: 'dataFolder.moved', path: note.from, method: note.method, entries: note.entries.length, bytes: note.bytes });
  }
  rmSync(file, { force: true });
}
