// Parsing a workbook leaves garbage several times the file's size (the sheet's XML as bytes and as
// text, every cell object). Left to itself V8 collects it late, while the batch is being built and
// written, and the import's peak memory is that garbage plus the batch. Collecting it right after
// the read keeps the peak near the parser's own.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | null | undefined;

/** V8's full collection: exposed at startup (`--expose-gc`), or exposed here once, for new contexts. */
function collector(): (() => void) | null {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    return null;
  }
}

/** Collects garbage now; does nothing where V8 will not let it (memory is then freed later, as usual). */
export function releaseParserMemory(): void {
  if (collect === undefined) collect = collector();
  collect?.();
}
