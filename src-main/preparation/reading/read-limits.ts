// Limits that keep a hostile file from hanging the app or exhausting memory. Said in README.
export const READ_LIMITS = {
  /** The file itself. A 100,000-row export is about 10 MB as .xlsx and 15 MB as .csv. */
  maxFileBytes: 100 * 1024 * 1024,
  /**
   * All entries of an .xlsx / .ods, as really inflated (what a hostile file may cost before it is
   * refused). The 100,000-case benchmark workbook inflates to 69 MB; SheetJS could not hold a sheet
   * much past 512 MB anyway (V8's longest string).
   */
  maxUnzippedBytes: 256 * 1024 * 1024,
  /** Uncompressed / compressed for one entry: XML compresses well, but not 200 times. */
  maxCompressionRatio: 200,
  maxZipEntries: 10_000,
  /** Excel's own limits. */
  maxRows: 1_048_576,
  maxColumns: 16_384,
  maxCellChars: 32_767,
} as const;
