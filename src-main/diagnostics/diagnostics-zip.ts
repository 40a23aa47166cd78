// The parts of a diagnostics export as one zip (yazl), built in memory: it is small (a few hundred
// log and audit lines at most), and the surface hands it over as bytes.
import { ZipFile } from 'yazl';
import type { DiagnosticsPart } from './diagnostics-report';

export const DIAGNOSTICS_FOLDER = 'casedesk-diagnostics';

export function diagnosticsZip(parts: readonly DiagnosticsPart[], mtime: Date = new Date()): Promise<Buffer> {
  const zip = new ZipFile();
  for (const part of parts) zip.addBuffer(Buffer.from(part.text, 'utf8'), `${DIAGNOSTICS_FOLDER}/${part.name}`, { mtime, mode: 0o100600 });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.once('error', reject);
    zip.outputStream.once('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** The name a download suggests: casedesk-diagnostics-YYYYMMDD-HHMMSS.zip (this computer's time). */
export function diagnosticsFileName(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${DIAGNOSTICS_FOLDER}-${at.getFullYear()}${two(at.getMonth() + 1)}${two(at.getDate())}-${two(at.getHours())}${two(at.getMinutes())}${two(at.getSeconds())}.zip`;
}
