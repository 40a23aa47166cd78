// `casedesk emulator` as a user runs it: a child process, its first line, a login, a clean stop.
import { type ChildProcess } from 'node:child_process';
import { lstatSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { Campaign } from '../../src-main/contract';
import { BOTS, DEMO_USER, http, login, rawHttp } from '../support/emulator';
import { runCasedesk, startCasedesk } from '../support/cli';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-emulator-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts the command and resolves with the URL from its first line. */
function startCli(args: string[]): Promise<{ child: ChildProcess; url: string; exited: Promise<number | null> }> {
  const child = startCasedesk(['emulator', ...args]);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (first) => {
      const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(first);
      if (match?.[1]) resolve({ child, url: match[1], exited });
      else reject(new Error(`unexpected first line: ${first}`));
    });
    child.once('exit', (code) => reject(new Error(`exited ${code} before listening: ${stderr}`)));
  });
}

describe('casedesk emulator', () => {
  it('prints its URL first, answers a login with the demo seed, and stops cleanly on SIGTERM', async () => {
    const { child, url, exited } = await startCli(['--port', '0']);
    const pair = await login(url);
    expect(pair.access).toMatch(/^ey/);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('keeps campaigns and tokens across a restart with --db', async () => {
    const db = join(dir, 'demo.sqlite');
    const first = await startCli(['--port', '0', '--db', db]);
    const { access } = await login(first.url);
    const created = Campaign.parse(
      (await http(`${first.url}/api/v2/create_campaign/`, { token: access, body: { client_id: BOTS.voice, name: 'Persistente' } })).json,
    );
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);

    const second = await startCli(['--port', '0', '--db', db]);
    const again = await http(`${second.url}/api/v2/campaigns/${created.id}/`, { token: access });
    expect(again.status).toBe(200);
    expect(Campaign.parse(again.json).name).toBe('Persistente');
    second.child.kill('SIGTERM');
    await second.exited;
  });

  it('refuses a --db that is a symbolic link, and leaves what it leads to as it was', async () => {
    const target = join(dir, 'someone-elses.txt');
    writeFileSync(target, 'not yours', { mode: 0o644 });
    const link = join(dir, 'planted.sqlite');
    symlinkSync(target, link);
    const run = await runCasedesk(['--lang', 'es', 'emulator', '--port', '0', '--db', link]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `casedesk: ${link} es un enlace simbólico: el emulador guarda su base solo en un archivo común. Quite el enlace, o indique otro archivo con --db.\n`,
    );
    expect(readFileSync(target, 'utf8')).toBe('not yours');
    expect(lstatSync(target).mode & 0o777).toBe(0o644);
  });

  it('answers its own address and each --allowed-host, and 421 to any other Host', async () => {
    const { child, url, exited } = await startCli(['--port', '0', '--allowed-host', 'demo.casedesk.test', '--allowed-host', 'proxy.test:8443']);
    const port = new URL(url).port;
    const signIn = (host: string) => rawHttp(`${url}/auth/login/`, { headers: { host, 'content-type': 'application/json' }, body: JSON.stringify(DEMO_USER) });
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `demo.casedesk.test:${port}`, 'proxy.test:8443'])
      expect((await signIn(host)).status, host).toBe(200);
    for (const host of [`rebound.evil.test:${port}`, 'demo.casedesk.test:8443']) expect((await signIn(host)).status, host).toBe(421);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('bound to another address, warns in --lang after its first line, which stays exactly as scripts read it', async () => {
    // 127.1 is 127.0.0.1 written short: loopback on every OS, yet not a spelling the command knows as this machine only.
    const child = startCasedesk(['--lang', 'es', 'emulator', '--port', '0', '--host', '127.1']);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const first = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
    expect(first).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
    const warned = () => stderr.split('\n').length > 2;
    for (let i = 0; i < 100 && !warned(); i++) await new Promise((r) => setTimeout(r, 50));
    expect(stderr).toBe(
      'casedesk: warning emulator.reachable: El emulador es accesible desde otras máquinas; sus contraseñas de demostración son públicas.\n' +
        'casedesk: note emulator.own_address_only: Solo responde a la dirección en la que escucha (y a los nombres de loopback); agregue --allowed-host NOMBRE por cada nombre que usen los clientes.\n',
    );
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it.each([
    [['--port', 'abc'], /--port/],
    [['--allowed-host', 'not a name'], /--allowed-host/],
  ])('refuses a bad option with a message that names it (%j)', async (args, named) => {
    const { code, stderr } = await runCasedesk(['emulator', ...args]);
    expect(code).not.toBe(0);
    expect(stderr).toMatch(named);
  });
});
