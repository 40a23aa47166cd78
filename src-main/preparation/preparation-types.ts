// What preparation answers, as plain types: shared with the renderer through the command surface.
import type { ColumnMapping, MappingFile } from '../domain/mapping-file';

/**
 * A file to read, as its bytes and the name the agent knows it by (said in messages, batches named
 * after it). Preparation never takes a path: where the bytes came from is the surface's business.
 */
export interface SourceFile {
  name: string;
  bytes: Uint8Array;
}

/** What `prepare` tells the agent (and the CLI's --json prints as it is). */
export interface PrepareSummary {
  batchId: number;
  cases: number;
  ready: number;
  rejected: number;
  warnings: number;
  fixes: number;
  rowErrors: number;
  /** The file's data rows: those the cases came from, and those refused as row errors. */
  rows: number;
  sheet: string;
  headerRow: number;
  /** 'batch': a follow-up batch, read with the mapping of the batch its cases came from. */
  mappingSource: 'file' | 'template' | 'suggested' | 'batch';
  /** What the do-not-contact ledger did: cases that cannot be contacted, phones taken off cases. */
  suppressed: { cases: number; phones: number };
  /**
   * Cases whose code is already elsewhere: in another batch of the environment not yet uploaded, or in
   * the target campaign (each has a warning saying where; see preparation/duplicates).
   */
  duplicates: number;
  /** What the agent should know about how it was prepared (the organization's list could not be read…). */
  notices: Notice[];
}

/** Something said beside a result: a stable code and the values its words are made from. */
export interface Notice {
  code: string;
  params: Record<string, string | number>;
}

/** A first look at a creditor's file, for the wizard. */
export interface FileInspection {
  fileName: string;
  format: string;
  sheets: string[];
  sheet: string;
  /** 1-based; null when no header row could be found. */
  headerRow: number | null;
  headers: string[];
  /** The first data rows, as text, for the agent to check the columns. */
  preview: string[][];
  dataRows: number;
  suggestion: Partial<ColumnMapping>;
  unmapped: string[];
  template: { creditor: string; mapping: MappingFile } | null;
}
