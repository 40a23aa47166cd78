// What became of an uploaded case is data (a code and params), stored as JSON and worded in each
// language by the catalog; the service's words appear only labelled as the service's.
import { describe, expect, it } from 'vitest';
import {
  formatUploadDetail,
  readUploadDetail,
  storedUploadDetail,
  UPLOAD_DETAIL_CODES,
  uploadDetails,
  type UploadDetail,
} from '../../src-main/domain/upload-detail';

describe('upload details', () => {
  it('are stored and read back as they were', () => {
    const details: UploadDetail[] = [uploadDetails.alreadyHeld, uploadDetails.serviceSaid('phone 1: not valid'), uploadDetails.requestRefused('closed')];
    for (const d of details) expect(readUploadDetail(storedUploadDetail(d))).toEqual(d);
    expect(readUploadDetail(null)).toBeNull();
  });

  it("shows what is not one of ours as it was, marked as an earlier version's words", () => {
    for (const stored of ['bad phone', '{"code":"upload.detail.newer","params":{}}', '{"code":"upload.detail.too_large","params":{"x":{}}}', '[]', '"x"'])
      expect(readUploadDetail(stored)).toEqual({ code: 'upload.detail.earlier_words', params: { text: stored } });
  });

  it('are worded in Argentine Spanish and English, the service’s words labelled as its own', () => {
    expect(formatUploadDetail('es', uploadDetails.serviceSaid('phone 1: not a valid number').code, { reason: 'phone 1: not a valid number' })).toBe(
      'El servicio respondió: «phone 1: not a valid number»',
    );
    expect(formatUploadDetail('en', 'upload.detail.service_said', { reason: 'x' })).toBe('The service answered: “x”');
    expect(formatUploadDetail('es', 'upload.detail.already_held')).toBe('No se envió: la campaña ya tiene este código');
    expect(formatUploadDetail('es', 'upload.detail.request_refused', { reason: 'Campaign 5 is closed' })).toMatch(
      /^No se cargó: .*El servicio respondió: «Campaign 5 is closed»$/,
    );
    expect(formatUploadDetail('es', 'upload.detail.earlier_words', { text: 'something' })).toMatch(/versión anterior.*«something»/);
    for (const code of UPLOAD_DETAIL_CODES) {
      const es = formatUploadDetail('es', code, { reason: 'R', text: 'T' });
      // No English word of CaseDesk's left in the Spanish (the service's or an old version's, quoted, aside).
      expect(es.replace(/«[^»]*»/g, ''), code).not.toMatch(/\b(the|not|loaded|campaign|service|already|code|agent|request)\b/i);
    }
  });
});
