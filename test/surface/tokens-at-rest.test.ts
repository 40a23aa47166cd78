// Sign in and refresh as the app does, against a real emulator and a real store: no token, sealed
// or not, reaches the store, even with the OS sealer the Electron shell used to hand in.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../src-main/client';
import { serviceFetch } from '../../src-main/network/service-fetch';
import type { SecretSealer } from '../../src-main/store';
import { createAppContext } from '../../src-main/surface/app-context';
import type { AppContextOptions } from '../../src-main/surface/app-context-types';
import { createSurface } from '../../src-main/surface/surface';
import { openDatabase } from '../../src-main/sqlite/sqlcipher';
import { TEST_STORE_KEY } from '../support/store-key';
import { DEMO_USER, useEmulator } from '../support/emulator';

const emulator = useEmulator();
const dir = mkdtempSync(join(tmpdir(), 'casedesk-tokens-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Seals by reversing, and remembers what it was given: anything it sealed would be findable. */
const asked: string[] = [];
const reversingSealer: SecretSealer = {
  name: 'test-reverse',
  seal: async (plain) => {
    asked.push(plain);
    return new Uint8Array(Buffer.from([...plain].reverse().join('')));
  },
  open: async (sealed) => [...Buffer.from(sealed).toString()].reverse().join(''),
};

/** The app's own network, with every refresh token the service hands out read off the answers as they pass. */
function watchRefreshTokens(): { seen: string[]; network: () => FetchLike } {
  const seen: string[] = [];
  const real = serviceFetch();
  const watching: FetchLike = async (input, init) => {
    const res = await real(input, init);
    const body = (await res
      .clone()
      .json()
      .catch(() => null)) as { refresh?: unknown } | null;
    if (typeof body?.refresh === 'string') seen.push(body.refresh);
    return res;
  };
  return { seen, network: () => watching };
}

/** Every value of every table, as text. */
function storeCells(file: string): string[] {
  const db = openDatabase(file, TEST_STORE_KEY, { readonly: true });
  try {
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name);
    return tables.flatMap((table) =>
      (db.prepare(`SELECT * FROM "${table}"`).all() as Record<string, unknown>[]).flatMap((row) =>
        Object.values(row).map((v) => (v instanceof Uint8Array ? Buffer.from(v).toString('latin1') : String(v))),
      ),
    );
  } finally {
    db.close();
  }
}

describe('tokens at rest', () => {
  it('keeps nothing derived from the refresh token in the store after signing in and refreshing', async () => {
    const { seen, network } = watchRefreshTokens();
    // As the Electron shell opened it, with an OS sealer; the context no longer takes one.
    const options = { dataDir: dir, sealer: reversingSealer, network } as AppContextOptions;
    const ctx = createAppContext(options);
    try {
      const surface = createSurface(ctx);
      const signedIn = await surface.call('session:signIn', {
        environment: 'test',
        email: DEMO_USER.email,
        password: DEMO_USER.password,
        baseUrl: emulator.current.url,
      });
      expect(signedIn).toMatchObject({ ok: true, value: { signedIn: true } });
      const session = ctx.connections.get('test')?.session;
      if (!session) throw new Error('no session');
      for (let i = 0; i < 2; i++) await session.refreshAfterUnauthorized(await session.accessToken());
      expect(seen.length).toBe(3);
      expect(await surface.call('session:status', { environment: 'test' })).toMatchObject({ ok: true, value: { signedIn: true, email: DEMO_USER.email } });

      expect(asked).toEqual([]);
      ctx.store.db.pragma('wal_checkpoint(TRUNCATE)');
      const cells = storeCells(ctx.store.file);
      const raw = [ctx.store.file, `${ctx.store.file}-wal`]
        .filter(existsSync)
        .map((f) => readFileSync(f).toString('latin1'))
        .join('');
      for (const token of seen) {
        const derived = [token, [...token].reverse().join(''), Buffer.from(token).toString('base64')];
        for (const form of derived) {
          expect(cells.some((cell) => cell.includes(form))).toBe(false);
          expect(raw.includes(form)).toBe(false);
        }
      }
    } finally {
      await ctx.close();
    }
  });
});
