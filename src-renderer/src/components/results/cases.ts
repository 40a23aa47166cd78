// What a results row shows of a campaign case.
import type { ResultCaseView } from '../../../../src-main/domain/service-views';

export function caseName(item: Pick<ResultCaseView, 'firstName' | 'lastName'>): string {
  return `${item.firstName} ${item.lastName}`.trim();
}
