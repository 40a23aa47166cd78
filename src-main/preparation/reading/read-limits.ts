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
  /**
   * Cells a workbook may expand to, each row counting as one more (what SheetJS and our rows
   * allocate). Written out cell by cell, maxUnzippedBytes holds at most ~18 million (the shortest
   * cell, `<c><v>1</v></c>`, is 15 bytes), so this never refuses what the byte limit lets through;
   * it stops the ways past it that cost no bytes: an .ods's repeat attributes, a lone cell at
   * column XFD on every row. 5 million repeated cells read in 20 s and 410 MB, so 20 million fit
   * the preparation worker's heap (PREPARATION_WORKER_LIMITS).
   */
  maxCells: 20_000_000,
} as const;
