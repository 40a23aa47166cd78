// Unpacks an .xlsx / .ods ourselves, under hard limits on the bytes actually inflated, so SheetJS
// (which has no limit of its own) only ever parses entries that passed. Declared sizes are checked
// too, but never trusted: a zip can claim 0 bytes and inflate to gigabytes.
import yauzl from 'yauzl';
import { ReadError } from './read-errors';
import { READ_LIMITS, type ReadLimits } from './read-limits';

export type { ReadLimits } from './read-limits';

/** Entry name → its inflated bytes, in the zip's order. */
export type ZipEntries = Map<string, Buffer>;

const MB = 1024 * 1024;
/** Entries smaller than this may compress as much as they like (a run of empty cells does). */
const RATIO_FLOOR_BYTES = MB;

/**
 * Every entry inflated, within the limits. `leave`: entries not inflated nor counted, given as empty
 * bytes (a sheet read later as a stream, entryChunks).
 */
export function unpackZip(bytes: Uint8Array, limits: ReadLimits = READ_LIMITS, leave: (name: string) => boolean = () => false): Promise<ZipEntries> {
  const damaged = () => new ReadError('read.damaged_archive', {});
  return new Promise((resolve, reject) => {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // validateEntrySizes is off because we count ourselves, with our own limits and messages.
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: false, strictFileNames: false }, (err, zip) => {
      if (err || !zip) return reject(damaged());
      const entries: ZipEntries = new Map();
      let declaredTotal = 0;
      let inflatedTotal = 0;
      let settled = false;
      const fail = (error: ReadError) => {
        if (settled) return;
        settled = true;
        zip.close();
        reject(error);
      };

      zip.on('entry', (entry: yauzl.Entry) => {
        if (settled) return;
        const name = entry.fileName;
        if (entries.size >= limits.maxZipEntries) return fail(new ReadError('read.zip_too_many_entries', { limit: limits.maxZipEntries }));
        // Two entries of one name: which one a reader takes is up to the reader. Refuse the ambiguity.
        if (entries.has(name)) return fail(damaged());
        if (name.endsWith('/')) {
          zip.readEntry();
          return;
        }
        if (leave(name)) {
          entries.set(name, Buffer.alloc(0));
          zip.readEntry();
          return;
        }
        declaredTotal += entry.uncompressedSize;
        if (declaredTotal > limits.maxUnzippedBytes) return fail(new ReadError('read.zip_too_large', { limitMb: Math.round(limits.maxUnzippedBytes / MB) }));
        // The most this entry may inflate to: what it declares, within the ratio and the total.
        if (beyondRatio(entry, limits)) return fail(new ReadError('read.zip_ratio', { entry: name, ratio: limits.maxCompressionRatio }));
        zip.openReadStream(entry, (openErr, stream) => {
          if (settled) return;
          if (openErr || !stream) return fail(damaged());
          const out = Buffer.allocUnsafe(entry.uncompressedSize);
          let written = 0;
          stream.on('data', (chunk: Buffer) => {
            if (settled) return;
            inflatedTotal += chunk.length;
            if (written + chunk.length > entry.uncompressedSize) {
              stream.destroy();
              return fail(new ReadError('read.zip_inflates', { entry: name }));
            }
            if (inflatedTotal > limits.maxUnzippedBytes) {
              stream.destroy();
              return fail(new ReadError('read.zip_too_large', { limitMb: Math.round(limits.maxUnzippedBytes / MB) }));
            }
            chunk.copy(out, written);
            written += chunk.length;
          });
          stream.once('error', () => fail(damaged()));
          stream.once('end', () => {
            if (settled) return;
            if (written !== entry.uncompressedSize) return fail(damaged());
            entries.set(name, out);
            zip.readEntry();
          });
        });
      });
      zip.once('end', () => {
        if (settled) return;
        settled = true;
        resolve(entries);
      });
      zip.once('error', () => fail(damaged()));
      zip.readEntry();
    });
  });
}

const beyondRatio = (entry: yauzl.Entry, limits: ReadLimits) =>
  entry.uncompressedSize > Math.max(RATIO_FLOOR_BYTES, entry.compressedSize * limits.maxCompressionRatio);

/**
 * One entry's inflated bytes a chunk at a time, never held whole: within the ratio, the size it
 * declares and maxStreamedEntryBytes (not maxUnzippedBytes, which bounds what is held). Refused as
 * unpackZip refuses; an entry the zip does not have is damage.
 */
export async function* entryChunks(bytes: Uint8Array, name: string, limits: ReadLimits = READ_LIMITS): AsyncGenerator<Buffer> {
  const damaged = () => new ReadError('read.damaged_archive', {});
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: false, strictFileNames: false }, (err, opened) =>
      err || !opened ? reject(damaged()) : resolve(opened),
    ),
  );
  try {
    const entry = await new Promise<yauzl.Entry>((resolve, reject) => {
      zip.on('entry', (found: yauzl.Entry) => (found.fileName === name ? resolve(found) : zip.readEntry()));
      zip.once('end', () => reject(damaged()));
      zip.once('error', () => reject(damaged()));
      zip.readEntry();
    });
    if (beyondRatio(entry, limits)) throw new ReadError('read.zip_ratio', { entry: name, ratio: limits.maxCompressionRatio });
    if (entry.uncompressedSize > limits.maxStreamedEntryBytes)
      throw new ReadError('read.zip_too_large', { limitMb: Math.round(limits.maxStreamedEntryBytes / MB) });
    const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
      zip.openReadStream(entry, (err, opened) => (err || !opened ? reject(damaged()) : resolve(opened))),
    );
    let inflated = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        inflated += chunk.length;
        if (inflated > entry.uncompressedSize) throw new ReadError('read.zip_inflates', { entry: name });
        yield chunk;
      }
    } catch (err) {
      throw err instanceof ReadError ? err : damaged();
    } finally {
      (stream as NodeJS.ReadableStream & { destroy(): void }).destroy();
    }
    if (inflated !== entry.uncompressedSize) throw damaged();
  } finally {
    zip.close();
  }
}
