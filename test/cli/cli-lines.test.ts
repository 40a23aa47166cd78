// The lines the CLI prints for a person (what a command did, its progress, its prompts, the words in its
// tables) are worded from the catalog in --lang, as its failures and notes are; what came from a file,
// the service or the user stays printable. --json and the tables' column keys stay as they are.
import * as XLSX from '@e965/xlsx';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect } from '../../src-main/client';
import { connect, control } from '../client/helpers';
import { BOTS, DEMO_USER, NO_BOTS_USER, useEmulator } from '../support/emulator';
import { CASEDESK_BIN, runCasedesk, startCasedesk, type CliRun } from '../support/cli';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const TERMINAL = join(import.meta.dirname, 'fixtures/stdin-terminal.mjs');
const root = mkdtempSync(join(tmpdir(), 'casedesk-cli-lines-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const emulator = useEmulator({ speed: 1 });
/** Each run starts Node and loads the app (seconds on a busy machine); a test runs many. */
const SLOW = 300_000;
const demo = { CASEDESK_EMAIL: DEMO_USER.email, CASEDESK_PASSWORD: DEMO_USER.password };

/** The environment of a run: no locale (--lang decides), no policy, these credentials. */
function runEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { LC_ALL: _a, LC_MESSAGES: _m, LANG: _l, CASEDESK_DATA_DIR: _d, ...rest } = process.env;
  return { ...rest, CASEDESK_POLICY: '', CASEDESK_EMAIL: '', CASEDESK_PASSWORD: '', ...env };
}

function casedesk(dir: string, args: string[], env: Record<string, string> = demo): Promise<CliRun> {
  return runCasedesk(['--data-dir', join(root, dir), ...args], { env: runEnv(env) });
}

/** A run that went well, its words on stdout. */
async function ok(dir: string, args: string[], env?: Record<string, string>): Promise<CliRun> {
  const res = await casedesk(dir, args, env);
  expect(res.code, res.stderr).toBe(0);
  return res;
}

const jsonOf = async <T>(dir: string, args: string[]): Promise<T> => JSON.parse((await ok(dir, [...args, '--json'])).stdout) as T;

/**
 * `login` with a terminal to ask on (stdin taken for one by a preload): the answers are typed once
 * each prompt is on stderr, as a person would.
 */
const CTRL_C = '\u0003';

function loginAsked(dir: string, args: string[], answers: { email: string; password: string }): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', TERMINAL, CASEDESK_BIN, '--data-dir', join(root, dir), ...args], {
      env: runEnv({}),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let typed = 0;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (typed === 0 && /(E-mail for|Correo electrónico para) /.test(stderr)) {
        typed = 1;
        child.stdin.write(`${answers.email}\n`);
      } else if (typed === 1 && /(Password|Contraseña): /.test(stderr)) {
        typed = 2;
        // Ctrl-C is a key, not an answer: no Enter after it, and stdin stays open as a terminal's does.
        if (answers.password === CTRL_C) child.stdin.write(CTRL_C);
        else child.stdin.end(`${answers.password}\n`);
      }
    });
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('signing in', { timeout: SLOW }, () => {
  it('login, whoami and logout say who is signed in where, in --lang', async () => {
    const url = emulator.current.url;
    expect((await ok('session', ['--lang', 'es', 'login', '--env', 'test', '--base-url', url])).stdout).toBe('Ingresó a test como demo@casedesk.local.\n');
    expect((await ok('session', ['--lang', 'en', 'login', '--env', 'test', '--base-url', url])).stdout).toBe('Signed in to test as demo@casedesk.local.\n');
    expect((await ok('session', ['--lang', 'es', 'whoami'])).stdout).toBe(`demo@casedesk.local en test (activa), dirección ${url}\n`);
    expect((await ok('session', ['--lang', 'en', 'whoami'])).stdout).toBe(`demo@casedesk.local on test (active) at ${url}\n`);
    expect((await ok('session', ['--lang', 'es', 'logout'], {})).stdout).toBe('Cerró la sesión de test.\n');
    expect((await ok('session', ['--lang', 'en', 'logout'], {})).stdout).toBe('Signed out of test.\n');
    expect((await ok('session', ['--lang', 'es', 'whoami', '--env', 'production'], {})).stdout).toBe('No hay ninguna sesión iniciada en production.\n');
    expect((await ok('session', ['--lang', 'en', 'whoami', '--env', 'production'], {})).stdout).toBe('Nobody is signed in to production.\n');
  });

  it('Ctrl-C at the password prompt ends login as Ctrl-C does (130), in --lang, signing nobody in', async () => {
    const url = emulator.current.url;
    for (const [lang, words] of [
      ['es', 'casedesk: Detenido con Ctrl-C en la pregunta: no se cambió nada.\n'],
      ['en', 'casedesk: Stopped with Ctrl-C at the prompt: nothing was changed.\n'],
    ] as const) {
      const run = await loginAsked('interrupted', ['--lang', lang, 'login', '--env', 'test', '--base-url', url], { email: DEMO_USER.email, password: CTRL_C });
      expect(run.code, run.stderr).toBe(130);
      expect(run.stderr.endsWith(words), run.stderr).toBe(true);
      expect(run.stdout).toBe('');
    }
    expect((await ok('interrupted', ['--lang', 'en', 'whoami', '--env', 'test'], {})).stdout).toBe('Nobody is signed in to test.\n');
  });

  it('login asks for the e-mail and the password on stderr in --lang, and says how to skip asking next time', async () => {
    const url = emulator.current.url;
    const es = await loginAsked('asked', ['--lang', 'es', 'login', '--env', 'test', '--base-url', url], DEMO_USER);
    expect(es.code, es.stderr).toBe(0);
    expect(es.stderr).toContain('Correo electrónico para test: ');
    expect(es.stderr).toContain('Contraseña: ');
    expect(es.stderr).not.toContain(DEMO_USER.password);
    expect(es.stdout).toBe(
      'Ingresó a test como demo@casedesk.local.\nDefina CASEDESK_EMAIL y CASEDESK_PASSWORD para que los comandos siguientes ingresen por su cuenta.\n',
    );
    const en = await loginAsked('asked', ['--lang', 'en', 'login', '--env', 'test', '--base-url', url], DEMO_USER);
    expect(en.code, en.stderr).toBe(0);
    expect(en.stderr).toContain('E-mail for test: ');
    expect(en.stderr).toContain('Password: ');
    expect(en.stdout).toBe(
      'Signed in to test as demo@casedesk.local.\nSet CASEDESK_EMAIL and CASEDESK_PASSWORD to let later commands sign in by themselves.\n',
    );
    // Demo names its account; an answer that is not an e-mail is refused as bad input (before anything starts).
    const demoEs = await loginAsked('asked', ['--lang', 'es', 'login', '--env', 'demo'], { email: 'nadie', password: 'x' });
    expect(demoEs.stderr).toContain('Correo electrónico para demo (demo@casedesk.local): ');
    expect(demoEs.stderr).toContain('Contraseña: ');
    expect(demoEs.code).toBe(2);
    const demoEn = await loginAsked('asked', ['--lang', 'en', 'login', '--env', 'demo'], { email: 'nobody', password: 'x' });
    expect(demoEn.stderr).toContain('E-mail for demo (demo@casedesk.local): ');
    expect(demoEn.code).toBe(2);
  });

  it('without a terminal to ask on, login says to set the variables, in --lang (exit 1)', async () => {
    const es = await casedesk('asked', ['--lang', 'es', 'login', '--env', 'test'], {});
    expect(es.code).toBe(1);
    expect(es.stderr).toBe(
      'casedesk: No hay una terminal donde pedir el correo electrónico y la contraseña. (la línea de comandos ingresa en cada ejecución: defina CASEDESK_EMAIL y CASEDESK_PASSWORD)\n',
    );
    const en = await casedesk('asked', ['--lang', 'en', 'login', '--env', 'test'], {});
    expect(en.code).toBe(1);
    expect(en.stderr).toBe(
      'casedesk: There is no terminal to ask for the e-mail and password on. (the CLI signs in on each run: set CASEDESK_EMAIL and CASEDESK_PASSWORD)\n',
    );
  });

  it('bots says what to ask for when none is assigned', async () => {
    const nobody = { CASEDESK_EMAIL: NO_BOTS_USER.email, CASEDESK_PASSWORD: NO_BOTS_USER.password };
    await ok('no-bots', ['login', '--env', 'test', '--base-url', emulator.current.url], nobody);
    expect((await ok('no-bots', ['--lang', 'es', 'bots'], nobody)).stdout).toBe('No tiene bots asignados. Pida a su administrador que le asigne uno.\n');
    expect((await ok('no-bots', ['--lang', 'en', 'bots'], nobody)).stdout).toBe('No bots are assigned to you. Ask your administrator to assign one.\n');
  });
});

describe('preparing, uploading and downloading', { timeout: SLOW }, () => {
  const dir = 'sync';
  let campaignId = 0;

  beforeAll(async () => {
    await ok(dir, ['login', '--env', 'test', '--base-url', emulator.current.url]);
  }, SLOW);

  it('prepare prints its counts in --lang; the sheet is named as the file has it', async () => {
    expect((await ok(dir, ['--lang', 'en', 'prepare', SAMPLE, '--max-phone-priority', '2'])).stdout).toBe(
      'Batch 1: 11 case(s) from sheet "Cartera" (header on row 4, suggested mapping)\n' +
        '  ready 8, rejected 3, warnings 7, automatic fixes 22, row errors 1\n' +
        '  do not contact: 0 case(s) suppressed, 0 phone(s) taken off\n',
    );
    // The same file again: its cases are already in batch 1.
    expect((await ok(dir, ['--lang', 'es', 'prepare', SAMPLE, '--max-phone-priority', '2'])).stdout).toBe(
      'Lote 2: 11 caso(s) de la hoja "Cartera" (encabezado en la fila 4, mapeo sugerido)\n' +
        '  listos 8, rechazados 3, advertencias 18, correcciones automáticas 22, errores de fila 1\n' +
        '  no contactar: 0 caso(s) suprimidos, 0 teléfono(s) quitados\n' +
        '  duplicados: 11 caso(s) ya en otro lote sin cargar o en la campaña (vea `casedesk issues 2 --severity warning`)\n',
    );
    const listed = { es: (await ok(dir, ['--lang', 'es', 'batches', 'list'])).stdout, en: (await ok(dir, ['--lang', 'en', 'batches', 'list'])).stdout };
    expect(listed.es).toMatch(/│ 2 .*│ hasta que se borre │/);
    expect(listed.en).toMatch(/│ 2 .*│ until deleted\s+│/);
  });

  it('campaigns create, start and stop say what the service answered, in --lang', async () => {
    expect((await ok(dir, ['--lang', 'es', 'campaigns', 'create', '--bot', String(BOTS.voice), '--name', 'Borrador', '--draft-for', '1'])).stdout).toBe(
      'La campaña "Borrador" se creará cuando se cargue el lote 1.\n',
    );
    expect((await ok(dir, ['--lang', 'en', 'campaigns', 'create', '--bot', String(BOTS.voice), '--name', 'Borrador', '--draft-for', '1'])).stdout).toBe(
      'Campaign "Borrador" will be created when batch 1 is uploaded.\n',
    );
    const create = [
      'campaigns',
      'create',
      '--bot',
      String(BOTS.voice),
      '--dialing-type',
      'HORIZONTAL_VERTICAL',
      '--max-phone-priority',
      '2',
      '--max-calls-per-case',
      '2',
    ];
    const es = (await ok(dir, ['--lang', 'es', ...create, '--name', 'Cartera\u001b[2J'])).stdout;
    campaignId = Number(/^Campaña (\d+) /.exec(es)?.[1]);
    expect(es).toBe(`Campaña ${campaignId} "Cartera\\u001b[2J" creada: En pausa\n`);
    const en = (await ok(dir, ['--lang', 'en', ...create, '--name', 'Otra'])).stdout;
    expect(en).toBe(`Campaign ${campaignId + 1} "Otra" created: Paused\n`);

    expect((await ok(dir, ['--lang', 'es', 'campaigns', 'start', String(campaignId + 1)])).stdout).toBe(`Campaña ${campaignId + 1}: En curso\n`);
    expect((await ok(dir, ['--lang', 'en', 'campaigns', 'stop', String(campaignId + 1)])).stdout).toBe(`Campaign ${campaignId + 1}: Paused\n`);
  });

  it('upload prints its progress (stderr) and what it did (stdout) in --lang', async () => {
    const es = await ok(dir, ['--lang', 'es', 'upload', '1', '--campaign', String(campaignId)]);
    // The campaign is PAUSED: loading starts it, and the upload says so first.
    expect(es.stderr).toBe(
      `casedesk: note campaign.upload_starts: Cargar casos inicia la campaña ${campaignId} (En pausa): el bot empieza a llamar en cuanto se cargan, dentro de su fecha y horario, aunque nadie la haya iniciado.\n` +
        '[enviando] envío 1 de 1: cargados 0, rechazados 0, pendientes 8\n[listo] envío - de 1: cargados 8, rechazados 0, pendientes 0\n',
    );
    expect(es.stdout).toBe('listo: 8 cargados, 0 rechazados, 0 pendientes, 1 solicitud(es)\n');
    // Batch 2 holds the same codes: the campaign has them all.
    const en = await ok(dir, ['--lang', 'en', 'upload', '2', '--campaign', String(campaignId)]);
    expect(en.stderr).toBe('[done] chunk - of 0: loaded 0, rejected 0, pending 0\n');
    expect(en.stdout).toBe(
      'done: 0 loaded, 0 rejected, 0 pending, 0 request(s)\n' +
        '  skipped: 8 case(s) whose code the campaign already holds (--reload-duplicates loads them again)\n',
    );
  });

  it('campaigns show words the values of its table in --lang; its fields stay as they are', async () => {
    const es = (await ok(dir, ['--lang', 'es', 'campaigns', 'show', String(campaignId)])).stdout;
    expect(es).toMatch(/│ window +│ \d\d:\d\d:\d\d–\d\d:\d\d:\d\d desde el \d{4}-\d\d-\d\d +│/);
    expect(es).toContain('│ dialing  │ Horizontal-vertical teléfonos 0..2, 2 intentos, 5 llamadas simultáneas │');
    expect(es).toContain('│ cases    │ 8 cargados, 0 finales, 8 en espera ');
    expect(es).toContain('│ progress │ 0% completado, 0% llamado ');
    expect(es).toMatch(/│ results +│ éxito [\d.]+%?, contactabilidad [\d.]+% +│/);
    const en = (await ok(dir, ['--lang', 'en', 'campaigns', 'show', String(campaignId)])).stdout;
    expect(en).toMatch(/│ window +│ \d\d:\d\d:\d\d–\d\d:\d\d:\d\d from \d{4}-\d\d-\d\d +│/);
    expect(en).toContain('│ dialing  │ Horizontal-vertical phones 0..2, 2 attempts, 5 workers │');
    expect(en).toContain('│ cases    │ 8 loaded, 0 final, 8 resting ');
    expect(en).toContain('│ progress │ 0% completed, 0% called ');
    expect(en).toMatch(/│ results +│ success [\d.]+%?, contactability [\d.]+% +│/);
  });

  it('import-corrections says what it replaced, and the codes it left, in --lang', async () => {
    const report = join(root, 'errores.xlsx');
    await ok(dir, ['export', '1', '--errors', report]);
    const { alreadySent } = await jsonOf<{ alreadySent: string[] }>(dir, ['import-corrections', '1', report]);
    expect(alreadySent.length).toBeGreaterThan(0);
    expect((await ok(dir, ['--lang', 'es', 'import-corrections', '1', report])).stdout).toBe(
      `0 caso(s) reemplazados: 0 se cargarán, 0 siguen rechazados.\n3 caso(s) tal como estaban en el reporte: sin correcciones, quedan como estaban.\nYa enviados, quedan como estaban: ${alreadySent.join(', ')}\n`,
    );
    expect((await ok(dir, ['--lang', 'en', 'import-corrections', '1', report])).stdout).toBe(
      `0 case(s) replaced: 0 will be loaded, 0 still rejected.\n3 case(s) as the report had them: nothing corrected, left as they were.\nAlready sent, left as they were: ${alreadySent.join(', ')}\n`,
    );
    // A code the batch does not have, as the corrected file writes it (an escape sequence shown printable).
    const book = XLSX.read(readFileSync(report), { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet;
    const cell = Object.values(sheet).find((c: { v?: unknown }) => c?.v === '33444555') as { v: string; w?: string } | undefined;
    expect(cell).toBeDefined();
    if (cell) {
      cell.v = 'X9\u001b[2J';
      delete cell.w;
    }
    const changed = join(root, 'otro-codigo.xlsx');
    writeFileSync(changed, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    expect((await ok(dir, ['--lang', 'es', 'import-corrections', '2', changed])).stdout).toContain('No están en este lote: X9\\u001b[2J\n');
    expect((await ok(dir, ['--lang', 'en', 'import-corrections', '2', changed])).stdout).toContain('Not in this batch: X9\\u001b[2J\n');
  });

  it('results and inbound sync print their progress and what they downloaded in --lang', async () => {
    await ok(dir, ['campaigns', 'start', String(campaignId)]);
    await control(emulator.current.url, 'advance', { seconds: 90 });
    const { client } = await connect(emulator.current.url);
    const calls = (await collect(client.campaignCases(campaignId))).reduce((sum, c) => sum + c.call_count, 0);
    expect(calls).toBeGreaterThan(0);

    const out = join(root, 'resultados.xlsx');
    const es = await ok(dir, ['--lang', 'es', 'results', String(campaignId), '--out', out, '--recordings', join(root, 'grabaciones')]);
    expect(es.stdout).toBe(
      `Campaña ${campaignId} (test): 8 casos, 8 nuevos o cambiados; ${calls} llamadas descargadas; ${calls} grabaciones descargadas, 0 ya estaban o no están disponibles.\n` +
        `Se exportaron 8 casos y ${calls} llamadas a ${out}.\n`,
    );
    // Off a terminal, a line at most once a second and the last one whole.
    expect(es.stderr.endsWith(`casos 8/8 · llamadas ${calls} · grabaciones ${calls}\n`)).toBe(true);
    expect(es.stderr).not.toMatch(/cases|calls|recordings/);
    const en = await ok(dir, ['--lang', 'en', 'results', String(campaignId), '--out', out, '--force']);
    expect(en.stdout).toBe(`Campaign ${campaignId} (test): 8 cases, 0 new or changed; 0 calls downloaded.\nExported 8 cases and ${calls} calls to ${out}.\n`);
    expect(en.stderr.endsWith('cases 8/8\n')).toBe(true);

    const inbound = await collect(client.inboundCases({ botId: BOTS.inbound }));
    const withAudio = inbound.filter((c) => c.recording !== '').length;
    const bot = ['--bot', String(BOTS.inbound)];
    const inEs = await ok(dir, ['--lang', 'es', 'inbound', 'sync', ...bot, '--recordings', join(root, 'entrantes')]);
    expect(inEs.stdout).toBe(
      `Entrantes (test): ${inbound.length} casos, ${inbound.length} nuevos o cambiados; ${withAudio} grabaciones descargadas, ${inbound.length - withAudio} ya estaban o no están disponibles.\n`,
    );
    expect(inEs.stderr.endsWith(`casos ${inbound.length}/${inbound.length} · grabaciones ${inbound.length}\n`)).toBe(true);
    expect((await ok(dir, ['--lang', 'en', 'inbound', 'sync', ...bot])).stdout).toBe(`Inbound (test): ${inbound.length} cases, 0 new or changed.\n`);
    expect((await ok(dir, ['--lang', 'es', 'inbound', 'list', ...bot])).stdout).toMatch(/│ sí +│/);
    expect((await ok(dir, ['--lang', 'en', 'inbound', 'list', ...bot])).stdout).toMatch(/│ yes +│/);
  });

  it('results summary and followup print what they found in --lang', async () => {
    const { summary } = await jsonOf<{
      summary: {
        cases: number;
        calls: number;
        final: number;
        notFinal: number;
        contacted: number;
        notContacted: number;
        promises: Record<string, number | string>;
      };
    }>(dir, ['results', 'summary', String(campaignId)]);
    const share = (n: number) => `${Math.round((n * 100) / summary.cases)}%`;
    const { final, notFinal, contacted, notContacted, promises } = summary;
    const promisesOut = join(root, 'promesas.xlsx');
    const es = (await ok(dir, ['--lang', 'es', 'results', 'summary', String(campaignId), '--promises-out', promisesOut])).stdout;
    expect(es).toMatch(
      new RegExp(
        `^${escape(
          `Campaña ${campaignId} (test): 8 casos, ${summary.calls} llamadas\n` +
            `  finales ${final} (${share(final)}), no finales ${notFinal}; contactados ${contacted} (${share(contacted)}), no contactados ${notContacted}\n` +
            `  promesas de pago ${promises.count}, $ ${promises.amount} declarados en ${promises.withAmount} de ellas\n┌`,
        )}`,
      ),
    );
    expect(es.endsWith(`\nSe escribieron ${promises.count} promesa(s) de pago en ${promisesOut}.\n`)).toBe(true);
    const en = (await ok(dir, ['--lang', 'en', 'results', 'summary', String(campaignId), '--promises-out', promisesOut, '--force'])).stdout;
    expect(en).toMatch(
      new RegExp(
        `^${escape(
          `Campaign ${campaignId} (test): 8 cases, ${summary.calls} calls\n` +
            `  final ${final} (${share(final)}), not final ${notFinal}; contacted ${contacted} (${share(contacted)}), not contacted ${notContacted}\n` +
            `  promises to pay ${promises.count}, $ ${promises.amount} stated in ${promises.withAmount} of them\n┌`,
        )}`,
      ),
    );
    expect(en.endsWith(`\nWrote ${promises.count} promises to pay to ${promisesOut}.\n`)).toBe(true);

    const followEs = (await ok(dir, ['--lang', 'es', 'followup', String(campaignId), '--outcome', 'non-final'])).stdout;
    const first = Number(/^Lote (\d+):/.exec(followEs)?.[1]);
    expect(followEs).toMatch(
      new RegExp(
        `^Lote ${first}: ${notFinal} caso\\(s\\) de la campaña ${campaignId} para seguimiento \\(del lote 1, con su mapeo\\)\n` +
          '  listos \\d+, rechazados \\d+, advertencias \\d+, correcciones automáticas \\d+, errores de fila \\d+\n$',
      ),
    );
    const followEn = (await ok(dir, ['--lang', 'en', 'followup', String(campaignId), '--outcome', 'non-final'])).stdout;
    expect(followEn).toMatch(
      new RegExp(
        `^Batch ${first + 1}: ${notFinal} case\\(s\\) of campaign ${campaignId} to follow up \\(from batch 1, its mapping\\)\n` +
          '  ready \\d+, rejected \\d+, warnings \\d+, automatic fixes \\d+, row errors \\d+\n' +
          `  duplicates: ${notFinal} case\\(s\\) already in another batch not uploaded\n$`,
      ),
    );
    expect((await ok(dir, ['--lang', 'es', 'followup', String(campaignId), '--outcome', 'non-final'])).stdout).toContain(
      `\n  duplicados: ${notFinal} caso(s) ya en otro lote sin cargar\n`,
    );
  });

  it('results delete, batches delete and purge say what went, in --lang', async () => {
    const { client } = await connect(emulator.current.url);
    const calls = (await collect(client.campaignCases(campaignId))).reduce((sum, c) => sum + c.call_count, 0);
    expect((await ok(dir, ['--lang', 'es', 'results', 'delete', String(campaignId)])).stdout).toBe(
      `Campaña ${campaignId}: se borraron 8 caso(s), ${calls} llamada(s) y ${calls} grabación(es).\n` +
        `${calls} archivo(s) de grabación guardados fuera de la carpeta de datos (results --recordings DIR) son suyos y se dejaron.\n`,
    );
    expect((await ok(dir, ['--lang', 'en', 'results', 'delete', String(campaignId)])).stdout).toBe(
      `Campaign ${campaignId}: 0 case(s), 0 call(s) and 0 recording(s) deleted.\n`,
    );
    expect((await ok(dir, ['--lang', 'es', 'batches', 'delete', '2'])).stdout).toBe('Lote 2 borrado: 11 caso(s).\n');
    const followups = await jsonOf<{ id: number; name: string }[]>(dir, ['batches', 'list']);
    const last = followups[0]?.id ?? 0;
    expect((await ok(dir, ['--lang', 'en', 'batches', 'delete', String(last)])).stdout).toMatch(new RegExp(`^Batch ${last} deleted: \\d+ case\\(s\\)\\.\n$`));
    expect((await ok(dir, ['--lang', 'es', 'purge'])).stdout).toBe(
      'Con más de 90 días: se borraron 0 lote(s), los resultados de 0 campaña(s), 0 caso(s) entrantes, 0 grabación(es) y 0 archivo(s) importados.\n',
    );
    expect((await ok(dir, ['--lang', 'en', 'purge'])).stdout).toBe(
      "Older than 90 days: 0 batch(es), 0 campaign(s)' results, 0 inbound case(s), 0 recording(s), 0 imported file(s) deleted.\n",
    );
  });

  it('refuses a day the calendar does not have in --lang, before asking the service (exit 2)', async () => {
    const es = await casedesk(dir, ['--lang', 'es', 'inbound', 'sync', '--from', '2026-02-30']);
    expect(es.code).toBe(2);
    expect(es.stderr).toBe('casedesk: --from: "2026-02-30" no es una fecha AAAA-MM-DD.\n');
    const en = await casedesk(dir, ['--lang', 'en', 'inbound', 'list', '--to', '2026-13-01']);
    expect(en.code).toBe(2);
    expect(en.stderr).toBe('casedesk: --to: "2026-13-01" is not a date YYYY-MM-DD.\n');
  });
});

describe('the do-not-contact list', { timeout: SLOW }, () => {
  const dir = 'ledger';

  it('suppress add and remove name the entry in --lang, the values given shown printable', async () => {
    const phone = ['suppress', 'add', '--phone', '011 15-4444-5555', '--until', '2099-01-31'];
    expect((await ok(dir, ['--lang', 'es', ...phone, '--reason', 'wrong-number', '--creditor', 'Banco\u001b[31m'])).stdout).toBe(
      'Entrada 1 agregada: teléfono 1144445555 (wrong-number, hasta 2099-01-31, acreedor Banco\\u001b[31m).\n',
    );
    expect((await ok(dir, ['--lang', 'en', ...phone, '--reason', 'debtor-asked', '--creditor', 'Banco\u001b[31m'])).stdout).toBe(
      'Replaced entry 1: phone 1144445555 (debtor-asked, until 2099-01-31, creditor Banco\\u001b[31m).\n',
    );
    expect((await ok(dir, ['--lang', 'es', 'suppress', 'add', '--code', '20123456'])).stdout).toBe('Entrada 2 agregada: código 20123456 (other).\n');
    expect((await ok(dir, ['--lang', 'en', 'suppress', 'add', '--code', '07654321', '--until', '2020-01-01'])).stdout).toBe(
      'Added entry 3: code 07654321 (other, until 2020-01-01).\n',
    );
    const listed = { es: (await ok(dir, ['--lang', 'es', 'suppress', 'list'])).stdout, en: (await ok(dir, ['--lang', 'en', 'suppress', 'list'])).stdout };
    expect(listed.es).toMatch(/│ 2 +│ own +│ code +│ 20123456 +│ other +│ +│ +│ sí +│/);
    expect(listed.es).toMatch(/│ 3 +│ own +│ code +│ 07654321 +│ other +│ 2020-01-01 +│ +│ vencida +│/);
    expect(listed.en).toMatch(/│ 2 +│ own +│ code +│ 20123456 +│ other +│ +│ +│ yes +│/);
    expect(listed.en).toMatch(/│ 3 +│ own +│ code +│ 07654321 +│ other +│ 2020-01-01 +│ +│ expired +│/);

    // A batch prepared now holds 20123456 back: removing its entry lets it go.
    expect((await ok(dir, ['--lang', 'es', 'prepare', SAMPLE, '--max-phone-priority', '2', '--env', 'test'])).stdout).toContain(
      '\n  no contactar: 1 caso(s) suprimidos, 0 teléfono(s) quitados\n',
    );
    expect((await ok(dir, ['--lang', 'es', 'suppress', 'remove', '2'])).stdout).toBe(
      'Entrada 2 quitada: código 20123456.\n1 caso(s) que retenía en lotes sin cargar se pueden cargar otra vez.\n',
    );
    await ok(dir, ['suppress', 'add', '--code', '20123456']);
    await ok(dir, ['prepare', SAMPLE, '--max-phone-priority', '2', '--env', 'test']);
    expect((await ok(dir, ['--lang', 'en', 'suppress', 'remove', '4'])).stdout).toBe(
      'Removed entry 4: code 20123456.\n1 case(s) it held back in batches not yet sent can be loaded again.\n',
    );
    expect((await ok(dir, ['--lang', 'en', 'suppress', 'remove', '1'])).stdout).toBe('Removed entry 1: phone 1144445555.\n');
  });

  it('suppress import says what it added and names each row it did not take, in --lang, printable (exit 2)', async () => {
    const file = join(root, 'no-llamar.csv');
    writeFileSync(file, 'telefono,codigo,motivo,hasta\n011 15-5555-6666,,fallecido,\n4444,,,\n,,,31/02/2027\n,X1,porque\u001b[2J,\n,,legal,\n');
    const es = await casedesk(dir, ['--lang', 'es', 'suppress', 'import', file]);
    expect(es.code).toBe(2);
    // Row 5's code is held anyway, as "other" (the safe side); rows 3, 4 and 6 give nothing.
    expect(es.stdout).toBe('no-llamar.csv, hoja "no-llamar": 2 agregada(s), 0 reemplazada(s).\n');
    expect(es.stderr).toBe(
      'casedesk: no-llamar.csv, hoja "no-llamar", fila 3, columna A: no es un teléfono válido (invalid).\n' +
        'casedesk: no-llamar.csv, hoja "no-llamar", fila 4, columna D: la fecha «hasta» "31/02/2027" no es válida (impossible).\n' +
        'casedesk: no-llamar.csv, hoja "no-llamar", fila 4: sin teléfono ni código.\n' +
        'casedesk: no-llamar.csv, hoja "no-llamar", fila 5, columna C: "porque\\u001b[2J" no es un motivo que CaseDesk conozca.\n' +
        'casedesk: no-llamar.csv, hoja "no-llamar", fila 6: sin teléfono ni código.\n' +
        'casedesk: 3 fila(s) de no-llamar.csv no se importaron (se listan arriba); las demás sí.\n',
    );
    const en = await casedesk(dir, ['--lang', 'en', 'suppress', 'import', file]);
    expect(en.code).toBe(2);
    expect(en.stdout).toBe('no-llamar.csv, sheet "no-llamar": 0 added, 2 replaced.\n');
    expect(en.stderr).toBe(
      'casedesk: no-llamar.csv, sheet "no-llamar", row 3, column A: not a valid phone (invalid).\n' +
        'casedesk: no-llamar.csv, sheet "no-llamar", row 4, column D: the "until" date "31/02/2027" is not valid (impossible).\n' +
        'casedesk: no-llamar.csv, sheet "no-llamar", row 4: no phone and no code.\n' +
        'casedesk: no-llamar.csv, sheet "no-llamar", row 5, column C: "porque\\u001b[2J" is not a reason CaseDesk knows.\n' +
        'casedesk: no-llamar.csv, sheet "no-llamar", row 6: no phone and no code.\n' +
        'casedesk: 3 row(s) of no-llamar.csv were not imported (listed above); the others were.\n',
    );
  });
});

describe('the workstation', { timeout: SLOW }, () => {
  it('policy says what it sets and what is left at its default, in --lang', async () => {
    const none = { es: (await ok('policy', ['--lang', 'es', 'policy'])).stdout, en: (await ok('policy', ['--lang', 'en', 'policy'])).stdout };
    expect(none.es).toMatch(/^Sin política: nada en este equipo lo administra una organización\.\n {2}require_keychain: false \(por defecto\)\n/);
    expect(none.en).toMatch(/^No policy: nothing on this machine is managed by an organization\.\n {2}require_keychain: false \(default\)\n/);
    const file = join(root, 'policy.json');
    writeFileSync(file, JSON.stringify({ retention_days: 30 }));
    const set = { es: (await ok('policy', ['--lang', 'es', 'policy'], { CASEDESK_POLICY: file })).stdout };
    expect(set.es).toMatch(new RegExp(`^Archivo de política: ${escape(file)}\n {2}retention_days: 30\n {2}require_keychain: false \\(por defecto\\)\n`));
    writeFileSync(file, '{}');
    expect((await ok('policy', ['--lang', 'es', 'policy'], { CASEDESK_POLICY: file })).stdout).toMatch(/^Archivo de política: .*\nNo fija nada\.\n/);
    expect((await ok('policy', ['--lang', 'en', 'policy'], { CASEDESK_POLICY: file })).stdout).toMatch(/^Policy file: .*\nIt sets nothing\.\n/);
  });

  it('wipe says what it would delete and what it deleted, in --lang', async () => {
    for (const lang of ['es', 'en'] as const) {
      const dir = `wipe-${lang}`;
      await ok(dir, ['prepare', SAMPLE, '--max-phone-priority', '2']);
      writeFileSync(join(root, dir, 'notas.txt'), 'no es de CaseDesk');
      const asked = await casedesk(dir, ['--lang', lang, 'wipe']);
      expect(asked.code).toBe(2);
      const done = await ok(dir, ['--lang', lang, 'wipe', '--yes']);
      const folder = join(root, dir);
      if (lang === 'es') {
        const plan = (verb: string) =>
          `Carpeta de datos ${folder}:\n` +
          `  ${verb}: audit, casedesk-key.json, casedesk.sqlite\n` +
          '  clave de datos: CASEDESK_DB_KEY, que es suya: CaseDesk no puede olvidarla (quítela y destruya su copia)\n' +
          '  se dejan como están (no son de CaseDesk): notas.txt\n';
        expect(asked.stdout).toBe(plan('a borrar'));
        expect(done.stdout).toBe(`Borrado.\n${plan('borrado')}`);
      } else {
        const plan = (verb: string) =>
          `Data folder ${folder}:\n` +
          `  ${verb}: audit, casedesk-key.json, casedesk.sqlite\n` +
          '  data key: CASEDESK_DB_KEY, which is yours: CaseDesk cannot forget it (unset it and destroy your copy)\n' +
          "  left as they are (not CaseDesk's): notas.txt\n";
        expect(asked.stdout).toBe(plan('to delete'));
        expect(done.stdout).toBe(`Wiped.\n${plan('deleted')}`);
      }
    }
  });

  it('start in the browser says where CaseDesk is, in --lang', async () => {
    for (const [lang, running, demoLine] of [
      ['es', 'CaseDesk está en marcha: abra http://127.0.0.1:', '(Servicio Demo en http://127.0.0.1:'],
      ['en', 'CaseDesk is running: open http://127.0.0.1:', '(Demo service at http://127.0.0.1:'],
    ] as const) {
      const child = startCasedesk(['--data-dir', join(root, `start-${lang}`), '--lang', lang, 'start', '--browser', '--port', '0'], runEnv({}));
      let stdout = '';
      const said = await new Promise<string>((resolve) => {
        child.stdout?.on('data', (d: Buffer) => {
          stdout += d.toString();
          if (stdout.split('\n').length > 2) resolve(stdout);
        });
        child.once('exit', () => resolve(stdout));
      });
      const stopped = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await stopped;
      const [first, second] = said.split('\n');
      expect(first?.startsWith(running)).toBe(true);
      expect(second?.startsWith(demoLine)).toBe(true);
      expect(second).toMatch(lang === 'es' ? /; ingrese a Demo con un clic\. Ctrl-C lo detiene\.\)$/ : /; sign in to Demo with one click\. Ctrl-C stops\.\)$/);
    }
  });
});

/** Text as a regular expression that matches just it. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
