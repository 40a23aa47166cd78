// A failure from the surface becomes an ApiError worded by the catalog in the agent's language, with
// its code, params and coarse class kept for the screens' decisions (never its words).
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, errorText, failureKind, failureText, isCancelled, isUnreachable } from '../../../src-renderer/src/api/failures';
import { i18n } from '../../../src-renderer/src/i18n';

afterEach(() => {
  i18n.global.locale.value = 'es';
});

describe('ApiError', () => {
  it('says the failure in Spanish when the agent works in Spanish, and in English otherwise', () => {
    i18n.global.locale.value = 'es';
    expect(new ApiError('batch.in_doubt', { batchId: 12, inDoubt: 3 }).message).toMatch(/^El lote 12 tiene 3 caso\(s\) en duda/);
    i18n.global.locale.value = 'en';
    expect(new ApiError('batch.in_doubt', { batchId: 12, inDoubt: 3 }).message).toMatch(/^Batch 12 has 3 case\(s\) in doubt/);
  });

  it('keeps the code, the params and the class the screens decide on', () => {
    const err = new ApiError('network.tls_untrusted', { host: 'bots.example.com:443' });
    expect(err).toMatchObject({ code: 'network.tls_untrusted', kind: 'offline', params: { host: 'bots.example.com:443' } });
    expect(err.message).toContain('bots.example.com:443');
  });

  it('words lists as the CLI does', () => {
    i18n.global.locale.value = 'es';
    expect(failureText('mapping.missing_columns', { columns: ['"DNI"', '"Saldo"'], missing: ['DNI', 'Saldo'] })).toBe(
      'El archivo no tiene ninguna columna llamada "DNI", "Saldo".',
    );
  });

  it('words an input the surface refused from its problem’s code, in the agent’s language', () => {
    const params = { path: 'retentionDays', problem: 'too_big', measure: 'value', bound: 'at_most', limit: 3650 };
    i18n.global.locale.value = 'es';
    expect(new ApiError('input.invalid', params).message).toBe('Dato no válido en retentionDays: debe ser como máximo 3650');
    i18n.global.locale.value = 'en';
    expect(new ApiError('input.invalid', params).message).toBe('retentionDays: must be at most 3650');
  });
});

describe('errorText', () => {
  it("is a failure's words from the catalog, a renderer fault's own message, and anything else thrown as it reads", () => {
    i18n.global.locale.value = 'en';
    expect(errorText(new ApiError('batch.not_found', { batchId: 9 }))).toBe('Batch 9 does not exist.');
    expect(errorText(new TypeError('x is undefined'))).toBe('x is undefined');
    expect(errorText('gone')).toBe('gone');
  });
});

describe('failureKind and isUnreachable', () => {
  it('decide on the class of a failure of the catalog, never on its words', () => {
    const offline = new ApiError('network.unreachable', { host: 'bots.example.com' });
    expect(failureKind(offline)).toBe('offline');
    expect(isUnreachable(offline)).toBe(true);
    expect(isUnreachable(new ApiError('service.timeout', { request: 'GET /bots' }))).toBe(true);
    expect(failureKind(new ApiError('batch.not_found', { batchId: 9 }))).toBe('not-found');
    expect(isUnreachable(new ApiError('batch.not_found', { batchId: 9 }))).toBe(false);
  });

  it('know nothing of what is not a failure of the catalog, even when its words say offline', () => {
    expect(failureKind(new Error('offline'))).toBeNull();
    expect(isUnreachable(new Error('network timeout'))).toBe(false);
    expect(isUnreachable(undefined)).toBe(false);
  });
});

describe('isCancelled', () => {
  it('tells work the agent stopped by its code, never by its words', () => {
    expect(isCancelled(new ApiError('service.cancelled', { request: 'GET /api/v2/outbound-call-recording/7/' }))).toBe(true);
    // A download the pace floor ended is not one the agent stopped.
    expect(isCancelled(new ApiError('service.recording_too_slow', { request: 'GET /x', rate: 1, seconds: 30 }))).toBe(false);
    expect(isCancelled(new Error('stopped before it finished, as asked'))).toBe(false);
    expect(isCancelled(undefined)).toBe(false);
  });
});
