// Benchmark: a bank's wide export as CSV (`npm run bench -- prepare --wide`, 1,000,000 rows of 18 columns; `--rows N`
// for another size): the columns of makeCsv and 10 long ones that preparation does not map, about 1 GB, past
// the longest string V8 can hold. Timed through `casedesk prepare` as a user runs it (time and peak
// memory), beside a bare read of the file's bytes. The file is made in the temp folder and deleted after.
import { randomBytes } from 'node:crypto';
import { rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { bundled, child } from './prepare-batch';
import { cliPrepare } from './prepare-csv';
import { printTable } from './report';
import { writeText } from './text-file';

const ROOT = join(import.meta.dirname, '../..');
/**
 * Filler columns: 10 of about 90 bytes, so the file is about 1 GB at 1,000,000 rows (a text file's
 * limit). A text file may hold 60 million cells (READ_LIMITS.maxTextCells): 56 columns at that size.
 */
const FILLER_COLUMNS = 10;

/** `rows` rows as makeCsv writes them (one case in ten with a second product), each with 10 filler cells of about 90 bytes. */
async function makeWideCsv(rows: number): Promise<string> {
  const file = join(tmpdir(), `casedesk-bench-wide-${rows}-${randomBytes(4).toString('hex')}.csv`);
  await writeText(file, wideLines(rows));
  return file;
}

function* wideLines(rows: number): Generator<string> {
  const fillerHeaders = Array.from({ length: FILLER_COLUMNS }, (_, c) => `Campo adicional ${c + 1}`).join(';');
  yield `DNI;Apellido y Nombre;Celular;Tel. Laboral;Nro Operación;Producto;Saldo;Vencimiento;${fillerHeaders}\n`;
  let written = 0;
  for (let i = 0; written < rows; i++) {
    const mobile = String(6_000_000 + (i % 4_000_000));
    const line = String(1_000_000 + (i % 9_000_000));
    const date = `${String(1 + (i % 28)).padStart(2, '0')}/${String(1 + (i % 12)).padStart(2, '0')}/2027`;
    const products = i % 10 === 3 ? 2 : 1;
    for (let p = 0; p < products && written < rows; p++, written++) {
      const debt = p === 0 ? `${(i % 900) + 1}.${String(i % 1000).padStart(3, '0')},50` : `${(i % 5000) + 100},75`;
      const filler = Array.from(
        { length: FILLER_COLUMNS },
        (_, c) => `Observación ${c + 1} del caso ${(i * 31 + c) % 100_000}: sucursal Córdoba centro, gestión pendiente de revisión`,
      ).join(';');
      yield `${20_000_000 + i};APELLIDO${i % 977}, Nombre ${i % 313};+54 9 351 ${mobile.slice(0, 3)}-${mobile.slice(3)};011 4${line.slice(1, 4)}-${line.slice(4)};OP-${i}-${p};${p === 0 ? 'Visa' : 'Prestamo'};${debt};${date};${filler}\n`;
    }
  }
}

export async function benchPrepareWideCsv(rows: number): Promise<void> {
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-cli.mjs')], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build:cli failed: ${build.stderr}`);
  const bareScript = await bundled('bytes-read.ts');
  const screensScript = await bundled('batch-screens.ts');
  const load = loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ');
  const file = await makeWideCsv(rows);
  try {
    const size = statSync(file).size;
    const bare = child(bareScript, [file]);
    const cli = cliPrepare(file, screensScript);
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const mb = (v: number) => `${v.toFixed(0)} MB`;
    const bareMs = bare.ms as number;
    printTable(
      `prepare of a wide CSV: ${rows.toLocaleString('en')} rows of ${8 + FILLER_COLUMNS} columns (${(size / 1024 ** 2).toFixed(0)} MB; load average before: ${load})`,
      [
        ['bare read of the bytes, lines counted (the floor): time / peak memory', `${s(bareMs)} / ${mb(bare.maxRssMb as number)}`],
        ['casedesk prepare, whole process: time / peak memory', `${s(cli.ms)} (${(cli.ms / bareMs).toFixed(1)}× the bare read) / ${mb(cli.peakMb)}`],
        ['counts (casedesk prepare)', `cases ${String(cli.summary.cases)}, rows ${String(cli.summary.rows)}, ready ${String(cli.summary.ready)}`],
      ],
    );
  } finally {
    rmSync(file, { force: true });
  }
}
