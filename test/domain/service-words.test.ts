// The service's constants are shown in the reader's words wherever CaseDesk writes them: a screen, the
// CLI's lines and tables, the creditor's workbook. A value this version does not know is kept as it came.
import { describe, expect, it } from 'vitest';
import { formatCliText } from '../../src-main/cli/texts/cli-text';
import { shownParams } from '../../src-main/domain/failures/failure';
import { formatNotice } from '../../src-main/domain/failures/notice';
import { CAMPAIGN_STATE_WORDS, readServiceState, serviceWordIn, stateWordIn } from '../../src-main/domain/service-words';

describe('service words', () => {
  it('words a campaign state in either language, and keeps one it does not know', () => {
    expect(serviceWordIn('es', CAMPAIGN_STATE_WORDS, 'PAUSED')).toBe('En pausa');
    expect(serviceWordIn('en', CAMPAIGN_STATE_WORDS, 'ONGOING')).toBe('Ongoing');
    expect(serviceWordIn('es', CAMPAIGN_STATE_WORDS, 'ARCHIVED')).toBe('ARCHIVED');
    expect(serviceWordIn('es', CAMPAIGN_STATE_WORDS, 'constructor')).toBe('constructor');
    expect(serviceWordIn('es', CAMPAIGN_STATE_WORDS, '')).toBe('—');
  });

  it("reads a call's state: a known code, another code, or the service's own words", () => {
    expect(readServiceState('NO_ANSWER')).toEqual({ kind: 'known', words: { en: 'No answer', es: 'No contesta' } });
    expect(readServiceState(' RINGING ')).toEqual({ kind: 'other', code: 'RINGING' });
    expect(readServiceState('Promesa de pago')).toEqual({ kind: 'words', text: 'Promesa de pago' });
    expect(readServiceState(null)).toEqual({ kind: 'empty' });
    expect(stateWordIn('en', 'BUSY')).toBe('Busy');
    expect(stateWordIn('es', 'RINGING')).toBe('Otro estado (RINGING)');
  });

  it('words the campaign state a line or a note names, in both edges (CLI and screens)', () => {
    expect(formatCliText('es', 'line.campaign.status', { id: 7, status: 'ONGOING' })).toBe('Campaña 7: En curso');
    expect(formatCliText('en', 'line.campaign.created', { id: 7, name: 'Cartera', status: 'PAUSED' })).toBe('Campaign 7 "Cartera" created: Paused');
    expect(formatNotice('es', 'campaign.upload_starts', { campaignId: 7, status: 'PAUSED' })).toContain('la campaña 7 (En pausa)');
    expect(shownParams({ campaignId: 7, status: 'PAUSED' }, 'es', 'campaign.upload_starts').status).toBe('En pausa');
    // An HTTP status elsewhere is a number, and stays one.
    expect(shownParams({ status: 503 }, 'es', 'service.unavailable').status).toBe('503');
  });
});
