// The prepare wizard's decisions as plain data: what the mapping's problems say and mark, whether the
// batch can be prepared, what the review and the summary show, and what batches:prepare is sent. The
// steps only show them.
import type { MappingFile } from '../../../../src-main/domain/mapping-file';
import { inputProblemText } from '../../api/failures';
import type { PrepareSummary, ProcedureInput } from '../../../../src-main/surface/procedures';
import type { MappingProblem, Target } from './mapping-form';

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** A problem of the mapping, in the agent's words. */
export function problemText(p: MappingProblem, t: Translate): string {
  switch (p.kind) {
    case 'missing':
      return t('prepare.problem.missing', { field: t(`prepare.mapping.fields.${p.field}`) });
    case 'names':
      return t('prepare.problem.names');
    case 'phones':
      return t('prepare.problem.phones');
    case 'area-code':
      return t('prepare.problem.areaCode');
    case 'param-key':
      return t('prepare.problem.paramKey', { header: p.header });
    case 'param-key-repeated':
      return t('prepare.problem.paramKeyRepeated', { key: p.key });
    default:
      return inputProblemText(p.problem);
  }
}

/** The fields (or groups: names, phones, area-code) the editor marks as still to be chosen. */
export function missingFields(problems: readonly MappingProblem[]): Set<string> {
  const set = new Set<string>();
  for (const p of problems) {
    if (p.kind === 'missing') set.add(p.field);
    else if (p.kind === 'names' || p.kind === 'phones' || p.kind === 'area-code') set.add(p.kind);
  }
  return set;
}

/** A campaign to create needs its phone priority; an existing one must be picked. */
export function targetMissing(target: Target): boolean {
  return target.mode === 'priority' ? target.maxPhonePriority === null : target.campaignId === null;
}

/** What step 3 shows of the mapping and the target: the problems in words, the fields to mark, and whether the batch can be prepared. */
export interface MappingVerdict {
  problems: readonly string[];
  missing: ReadonlySet<string>;
  ready: boolean;
}

/** The mapping's check (it gives a mapping only when it found no problem) and the target, judged together. */
export function mappingVerdict(checked: { mapping: MappingFile | null; problems: readonly MappingProblem[] }, target: Target, t: Translate): MappingVerdict {
  const noTarget = targetMissing(target);
  return {
    problems: [...checked.problems.map((p) => problemText(p, t)), ...(noTarget ? [t('prepare.problem.target')] : [])],
    missing: missingFields(checked.problems),
    ready: checked.mapping !== null && !noTarget,
  };
}

/** Whose columns step 4 says are used: saved under the creditor, chosen by hand, the creditor's template, or the suggestion. */
export function mappingSourceText(c: { sendsMapping: boolean; creditor: string; template: { creditor: string } | null }, t: Translate): string {
  const creditor = c.creditor.trim();
  if (c.sendsMapping) return creditor ? t('prepare.review.sourceSaved', { creditor }) : t('prepare.review.sourceChosen');
  return c.template ? t('prepare.review.sourceTemplate', { creditor: c.template.creditor }) : t('prepare.review.sourceSuggested');
}

/** What step 4 shows will be prepared, built once by the view from the wizard's state. */
export interface ReviewFacts {
  fileName: string;
  sheet: string;
  headerRow: number | null;
  dataRows: number;
  /** Whose columns, in words (mappingSourceText). */
  mappingSource: string;
  target: Target;
}

export type SummaryTone = 'plain' | 'good' | 'bad' | 'warn' | 'info';
export interface SummaryTile {
  /** Also the tile's message key under prepare.summary and its test id. */
  key: string;
  value: number;
  tone: SummaryTone;
}

/** The prepared batch's figures: a count is coloured only when it asks for the agent's attention. */
export function summaryTiles(s: PrepareSummary): SummaryTile[] {
  return [
    { key: 'cases', value: s.cases, tone: 'plain' },
    { key: 'ready', value: s.ready, tone: 'good' },
    { key: 'rejected', value: s.rejected, tone: s.rejected > 0 ? 'bad' : 'plain' },
    { key: 'warnings', value: s.warnings, tone: s.warnings > 0 ? 'warn' : 'plain' },
    { key: 'fixes', value: s.fixes, tone: 'info' },
    { key: 'rowErrors', value: s.rowErrors, tone: s.rowErrors > 0 ? 'warn' : 'plain' },
    // The do-not-contact list: shown when it kept something out.
    ...(s.suppressed.cases + s.suppressed.phones > 0
      ? [
          { key: 'suppressed', value: s.suppressed.cases, tone: 'warn' as const },
          { key: 'suppressedPhones', value: s.suppressed.phones, tone: 'warn' as const },
        ]
      : []),
    // Codes already in another batch not uploaded, or in the campaign: shown when there are any.
    ...(s.duplicates > 0 ? [{ key: 'duplicates', value: s.duplicates, tone: 'warn' as const }] : []),
  ];
}

export interface PrepareChoices {
  fileId: string;
  fileName: string;
  sheet: string;
  headerRow: number | null;
  mapping: MappingFile;
  /** False when the mapping is what the service would use anyway: then it is not sent (nor saved as a template). */
  sendsMapping: boolean;
  creditor: string;
  target: Target;
}

/** What batches:prepare is asked: a template is saved under the creditor's name, or the file's name without its extension. */
export function prepareInput(c: PrepareChoices): ProcedureInput<'batches:prepare'> {
  const name = c.creditor.trim() || c.fileName.replace(/\.[^.]+$/, '');
  return {
    fileId: c.fileId,
    ...(c.sheet ? { sheet: c.sheet } : {}),
    ...(c.headerRow ? { headerRow: c.headerRow } : {}),
    ...(c.sendsMapping ? { mapping: c.mapping, creditor: name } : {}),
    ...(c.target.mode === 'priority' ? { maxPhonePriority: c.target.maxPhonePriority ?? 0 } : { campaignId: c.target.campaignId ?? undefined }),
  };
}
