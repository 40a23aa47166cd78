// The case drawer's products: one per spreadsheet row, with the values and issues of each field,
// read from the surface's camelCase names alone.
import { describe, expect, it } from 'vitest';
import { phonesText, productDrafts, totalCents } from '../../../../src-renderer/src/components/batch/case-format';
import type { BatchCaseView, IssueView } from '../../../../src-main/surface/procedures';

const view = (products: BatchCaseView['products'], rows: number[]): BatchCaseView => ({
  id: 1,
  code: '20123456',
  firstName: 'Ana',
  lastName: 'Peña',
  phones: [],
  products,
  params: {},
  sourceRows: rows,
  status: 'rejected',
  uploadState: 'pending',
  uploadDetail: null,
  editable: true,
  issueCounts: { errors: 1, warnings: 0, fixes: 0 },
});

const issue = (field: string, kind: string, severity: IssueView['severity'], before?: string): IssueView =>
  ({ id: 0, code: '20123456', severity, field, rows: [2], kind, before }) as unknown as IssueView;

describe('productDrafts', () => {
  it('places a valid product and an invalid one at their rows, with the invalid one’s cell as read', () => {
    const c = view([{ debtCode: 'OP-1', pid: 'Tarjeta', subId: 'Oro', debt: '100.00', expiration: '2026-01-31' }], [2, 3]);
    const drafts = productDrafts(c, [issue('products[1].expiration', 'date-invalid', 'error', '31/02/2026'), issue('products[0].debtCode', 'note', 'warning')]);
    expect(drafts.map((d) => [d.row, d.valid])).toEqual([
      [2, true],
      [3, false],
    ]);
    expect(drafts[0]?.values).toMatchObject({ debtCode: 'OP-1', subId: 'Oro', debt: '100,00', expiration: '31/01/2026' });
    expect(Object.keys(drafts[0]?.issues ?? {})).toEqual(['debtCode']);
    expect(drafts[1]?.values.expiration).toBe('31/02/2026');
    expect(drafts[1]?.issues.expiration).toHaveLength(1);
  });

  it('sums the products in cents', () => {
    expect(
      totalCents(
        view(
          [
            { debtCode: 'a', pid: 'p', debt: '10.50', expiration: '2026-01-01' },
            { debtCode: 'b', pid: 'p', debt: '0.5', expiration: '2026-01-01' },
          ],
          [2, 3],
        ),
      ),
    ).toBe(1100);
  });
});

describe('phonesText', () => {
  const dropped = (before: string, severity: IssueView['severity'], reason = 'issue.reason.invalid'): IssueView =>
    ({
      ...issue('phones', 'phone-dropped', severity, before),
      text: { code: 'issue.phone_dropped', params: { before, reason: { code: reason, params: {} } } },
    }) as IssueView;

  it('keeps what the agent typed that will not be sent, after the numbers that will', () => {
    expect(phonesText(['1145678901'], [dropped('4567-89', 'warning'), dropped('4567-89', 'warning')])).toBe('1145678901\n4567-89');
  });

  it('leaves out another spelling of a kept number and an extension: nothing was lost there', () => {
    const issues = [dropped('011 4567-8901', 'fix', 'issue.reason.duplicate'), dropped('int. 23', 'warning', 'issue.reason.extension')];
    expect(phonesText(['1145678901'], issues)).toBe('1145678901');
  });
});
