// The parts of a diagnostics export are rebuilt from allowlisted fields: a log line or an audit entry
// carrying anything else (a message, a name, a newer version's free text) loses it, and the last pass
// removes the data key, a JWT and the home folder wherever they hide.
import { describe, expect, it } from 'vitest';
import { reduceAuditEntry, reduceLogLine, shortenHome, withoutSecrets } from '../../src-main/diagnostics/diagnostics-report';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyIjoxLCJ0eXBlIjoiYWNjZXNzIn0.c2lnbmF0dXJlLW9mLXRlc3Q';

describe('reduceLogLine', () => {
  it('keeps the incident, its procedure, class and frames, and nothing else', () => {
    const line = JSON.stringify({
      level: 50,
      time: '2026-03-02T13:00:00.000Z',
      pid: 4242,
      hostname: 'PC-DE-MARIA',
      event: 'internal-failure',
      incident: 'AB12CD34',
      procedure: 'batches:prepare',
      msg: 'internal failure of María Gómez',
      debtor: 'María Gómez',
      failure: {
        type: 'TypeError',
        message: 'cannot read 3514567890',
        frames: ['at prepare (/app/prepare.ts:10:5)', 'María Gómez 3514567890', 'at call 3514567890 (/app/x.ts:1:1)'],
        cause: { type: 'María Gómez', frames: [] },
      },
    });
    const reduced = reduceLogLine(line);
    expect(reduced).toEqual({
      time: '2026-03-02T13:00:00.000Z',
      level: 50,
      event: 'internal-failure',
      incident: 'AB12CD34',
      procedure: 'batches:prepare',
      failure: { type: 'TypeError', frames: ['at prepare (/app/prepare.ts:10:5)', 'at call [number] (/app/x.ts:1:1)'], cause: { type: '?', frames: [] } },
    });
    expect(JSON.stringify(reduced)).not.toMatch(/María|3514567890|PC-DE-MARIA/);
  });

  it('drops what is not a JSON object, and fields of the wrong shape', () => {
    expect(reduceLogLine('María Gómez 3514567890')).toBeNull();
    expect(reduceLogLine(JSON.stringify({ incident: 'María', procedure: 'drop table', event: 'María Gómez' }))).toEqual({});
  });
});

describe('reduceAuditEntry', () => {
  const actor = { osUser: 'maria.gomez', serviceUser: 'maria@empresa.com.ar', environment: 'test' as const, face: 'app' as const };

  it('keeps ids, counts, flags and our own words; drops file names, addresses and who acted', () => {
    const reduced = reduceAuditEntry({
      at: '2026-03-02T13:00:00.000Z',
      seq: 3,
      prev: 'ab',
      actor,
      action: 'batch.prepared',
      batchId: 7,
      environment: 'test',
      file: 'deudores María Gómez.xlsx',
      rows: 14,
      cases: 11,
      mapping: 'suggested',
    });
    expect(reduced).toEqual({
      at: '2026-03-02T13:00:00.000Z',
      seq: 3,
      action: 'batch.prepared',
      actor: { environment: 'test', face: 'app' },
      batchId: 7,
      environment: 'test',
      rows: 14,
      cases: 11,
      mapping: 'suggested',
    });
    const signedIn = reduceAuditEntry({
      at: 'x',
      seq: 1,
      prev: null,
      actor,
      action: 'session.signedIn',
      environment: 'test',
      service: 'https://maria.example.com',
    });
    expect(signedIn).not.toHaveProperty('service');
  });

  it('keeps which settings changed, not to what, and nothing free of an unknown action', () => {
    const changed = reduceAuditEntry({ at: 'x', seq: 2, prev: null, actor, action: 'settings.changed', changes: { defaultAreaCode: { from: '', to: '351' } } });
    expect(changed.changes).toEqual(['defaultAreaCode']);
    const newer = reduceAuditEntry({
      at: 'x',
      seq: 4,
      prev: null,
      actor,
      action: 'batch.renamed',
      batchId: 2,
      name: 'Cartera de María Gómez',
      status: 'María Gómez',
    });
    expect(newer).toEqual({ at: 'x', seq: 4, action: 'batch.renamed', actor: { environment: 'test', face: 'app' }, batchId: 2 });
  });
});

describe('the last pass', () => {
  it('removes the data key in either case, JWTs, and the home folder', () => {
    const key = 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6';
    const text = `key ${key} KEY ${key.toUpperCase()} token ${TOKEN} path /home/maria/.casedesk/logs`;
    const out = withoutSecrets(text, [key], '/home/maria');
    expect(out).toBe('key [hidden] KEY [hidden] token [token] path ~/.casedesk/logs');
  });

  it('leaves text alone when the home folder is the root', () => {
    expect(shortenHome('/data/x', '/')).toBe('/data/x');
  });
});
