// Checks an .xlsx / .ods before any decompression: SheetJS itself has no limit on what a zip expands to.
import yauzl from 'yauzl';
import { ReadError } from './read-errors';
import { READ_LIMITS } from './read-limits';

/** Reads the zip's central directory only (nothing is inflated) and refuses a zip bomb. */
export function checkZipEntries(bytes: Uint8Array, limits = READ_LIMITS): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) {
        reject(new ReadError('damaged', 'El archivo está dañado o incompleto (no se puede abrir como planilla).', 'The file is damaged or incomplete (it cannot be opened as a spreadsheet).'));
        return;
      }
      let total = 0;
      let count = 0;
      const bomb = (why: string) => {
        zip.close();
        reject(new ReadError('zip-bomb', `El archivo se expande a un tamaño excesivo (${why}); no se abrió.`, `The file expands to an excessive size (${why}); it was not opened.`));
      };
      zip.on('entry', (entry: yauzl.Entry) => {
        count += 1;
        total += entry.uncompressedSize;
        const ratio = entry.compressedSize === 0 ? (entry.uncompressedSize === 0 ? 0 : Infinity) : entry.uncompressedSize / entry.compressedSize;
        if (count > limits.maxZipEntries) return bomb(`more than ${limits.maxZipEntries} entries`);
        if (total > limits.maxUnzippedBytes) return bomb(`over ${Math.round(limits.maxUnzippedBytes / 1024 ** 2)} MB`);
        if (ratio > limits.maxCompressionRatio && entry.uncompressedSize > 1024 * 1024) return bomb(`"${entry.fileName}" compressed ${Math.round(ratio)} to 1`);
        zip.readEntry();
      });
      zip.once('end', () => resolve());
      zip.once('error', () =>
        reject(new ReadError('damaged', 'El archivo está dañado o incompleto.', 'The file is damaged or incomplete.')),
      );
      zip.readEntry();
    });
  });
}
