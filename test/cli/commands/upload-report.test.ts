// What `casedesk upload` prints for a person, in the run's --lang: the service's codes and reasons are
// shown, their escape sequences never reach the terminal raw (a hostile service could clear it or forge lines).
import { describe, expect, it, vi } from 'vitest';
import { printTable } from '../../../src-main/cli/cli-context';
import { progressLine, uploadReport } from '../../../src-main/cli/commands/sync';

// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/;

const aResult = {
  status: 'paused' as const,
  loaded: 3,
  rejected: { 'C1\u001b[2J': { code: 'upload.detail.service_said' as const, params: { reason: 'bad phone\u001b]0;owned\u0007\ncasedesk: all good' } } },
  pending: 2,
  inDoubt: [],
  requests: 4,
  suppressed: { cases: 0, phones: 0, held: [] },
  skipped: { duplicates: 0 },
  pause: { code: 'refused', failure: { code: 'upload.refused' as const, params: { detail: 'no\u202eway' } }, message: '' },
};

describe('uploadReport', () => {
  it('shows a rejected code and reason and the pause in printable form, one line each', () => {
    const text = uploadReport(aResult, 'en');
    expect(text).not.toMatch(CONTROL);
    expect(text.trimEnd().split('\n')).toEqual([
      'paused: 3 loaded, 1 rejected, 2 pending, 4 request(s)',
      '  rejected C1\\u001b[2J: The service answered: “bad phone\\u001b]0;owned\\u0007\\u000acasedesk: all good”',
      'Paused: The service refused the upload: no\\u202eway',
    ]);
  });

  it('is worded in Spanish with --lang es, the do-not-contact and skipped counts included', () => {
    const held = [
      { code: '30111222', suppressed: true, phones: [] },
      { code: '20123456\u001b[2J', suppressed: false, phones: ['1155556666'] },
    ];
    const text = uploadReport({ ...aResult, suppressed: { cases: 2, phones: 1, held }, skipped: { duplicates: 4 } }, 'es');
    expect(text).not.toMatch(CONTROL);
    expect(text).toBe(
      'en pausa: 3 cargados, 1 rechazados, 2 pendientes, 4 solicitud(es)\n' +
        '  no contactar: 2 caso(s) suprimidos, 1 teléfono(s) quitados antes de enviar\n' +
        '    30111222: no se carga (no contactar)\n' +
        '    20123456\\u001b[2J: se quitó 1155556666\n' +
        '  omitidos: 4 caso(s) cuyo código la campaña ya tiene (--reload-duplicates los carga otra vez)\n' +
        '  rechazado C1\\u001b[2J: El servicio respondió: «bad phone\\u001b]0;owned\\u0007\\u000acasedesk: all good»\n' +
        'En pausa: El servicio rechazó la carga: no\\u202eway\n',
    );
    expect(uploadReport({ ...aResult, suppressed: { cases: 2, phones: 1, held }, skipped: { duplicates: 4 } }, 'en')).toBe(
      'paused: 3 loaded, 1 rejected, 2 pending, 4 request(s)\n' +
        '  do not contact: 2 case(s) suppressed, 1 phone(s) taken off before sending\n' +
        '    30111222: not loaded (do not contact)\n' +
        '    20123456\\u001b[2J: 1155556666 taken off\n' +
        '  skipped: 4 case(s) whose code the campaign already holds (--reload-duplicates loads them again)\n' +
        '  rejected C1\\u001b[2J: The service answered: “bad phone\\u001b]0;owned\\u0007\\u000acasedesk: all good”\n' +
        'Paused: The service refused the upload: no\\u202eway\n',
    );
  });

  it('words each way an upload ends', () => {
    const ended = (status: 'done' | 'needs-decision' | 'cancelled', lang: 'es' | 'en') =>
      uploadReport({ ...aResult, status, rejected: {}, pause: undefined }, lang).split(':')[0];
    expect([ended('done', 'es'), ended('needs-decision', 'es'), ended('cancelled', 'es')]).toEqual(['listo', 'necesita una decisión', 'cancelado']);
    expect([ended('done', 'en'), ended('needs-decision', 'en'), ended('cancelled', 'en')]).toEqual(['done', 'needs a decision', 'cancelled']);
  });
});

describe('progressLine', () => {
  it("is worded in the run's language, its activity and its note too", () => {
    const sending = { activity: 'sending', chunk: 1, chunks: 2, loaded: 0, rejected: 0, pending: 5 };
    expect(progressLine(sending, 'es')).toBe('[enviando] envío 1 de 2: cargados 0, rechazados 0, pendientes 5\n');
    expect(progressLine(sending, 'en')).toBe('[sending] chunk 1 of 2: loaded 0, rejected 0, pending 5\n');
    const waiting = {
      activity: 'reconciling',
      chunks: 2,
      loaded: 3,
      rejected: 0,
      pending: 2,
      note: { code: 'upload.progress.reconciling' as const, params: {} },
    };
    expect(progressLine(waiting, 'es')).toBe('[verificando] envío - de 2: cargados 3, rechazados 0, pendientes 2 — Consultando al servicio qué casos cargó.\n');
    expect(progressLine(waiting, 'en')).toMatch(/^\[reconciling\] chunk - of 2: loaded 3, rejected 0, pending 2 — Checking with /);
  });

  it('shows an activity it does not know as it is, printable', () => {
    expect(progressLine({ activity: 'new\u001b[2J', chunk: 1, chunks: 1, loaded: 0, rejected: 0, pending: 1 }, 'es')).toBe(
      '[new\\u001b[2J] envío 1 de 1: cargados 0, rechazados 0, pendientes 1\n',
    );
  });
});

describe('printTable', () => {
  it("shows a bot's or campaign's name from the service in printable form", async () => {
    let out = '';
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      out += String(chunk);
      return true;
    });
    try {
      await printTable(['id', 'name'], [[7, 'Cobranza\u001b[31m roja\u009b2J']], 'es');
    } finally {
      write.mockRestore();
    }
    expect(out).not.toMatch(CONTROL);
    expect(out).toContain('Cobranza\\u001b[31m roja\\u009b2J');
  });
});
