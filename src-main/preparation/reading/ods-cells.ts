// An .ods can say "this cell, 16,384 times, on each of a million rows" in a few bytes, and SheetJS
// writes out every copy: a 1 KB file asks for billions of cells, past any zip limit. So before
// SheetJS sees content.xml we count the cells its reader would write, walking the tags as it walks
// them, and rounding every doubt up. Repeats that carry no value (LibreOffice ends every sheet with
// empty rows and columns repeated to the last one) cost SheetJS nothing and count nothing.
import { tooManyCells } from './read-errors';
import type { ReadLimits, ZipEntries } from './zip-unpack';

/**
 * A tag as SheetJS's ODS reader tokenizes it: any prefix, attributes in double quotes only (a tag
 * it does not see must not move our count either).
 */
const TAG = /<(\/?)(?:[^\s?<>!/:"]*:)?([^\s?<>:/"]+)(?:\s+[^<>=?"'\s]+="[^"]*")*\s*\/?>/g;
const ATTRIBUTE = /\s([^"\s?>/]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^'">\s]+))/g;

/**
 * A tag's attributes as SheetJS keys them: name without its prefix, lower-cased, cut at "_" (so
 * every spelling of a name counts). Returns the values of the names asked for, in order.
 */
function attributes(tag: string, wanted: (name: string) => boolean): [string, string][] {
  const found: [string, string][] = [];
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(tag); m; m = ATTRIBUTE.exec(tag)) {
    let name = (m[1] ?? '').toLowerCase();
    const colon = name.indexOf(':');
    if (colon >= 0) name = name.slice(colon + 1);
    const underscore = name.indexOf('_');
    if (underscore >= 0) name = name.slice(0, underscore);
    if (wanted(name)) found.push([name, m[2] ?? m[3] ?? m[4] ?? '']);
  }
  return found;
}

/** Of several spellings of a repeat, the largest: we cannot tell which one SheetJS takes. */
const ROWS = 'number-rows-repeated';
const COLUMNS = 'number-columns-repeated';
const VALUE_TYPES = ['value-type', '数据类型'];

/** Rows a row tag stands for, read as SheetJS reads it ("2.5" is 3 rows, "1e400" endless). */
function rowRepeat(tag: string): number {
  let rows = 1;
  for (const [, value] of attributes(tag, (name) => name === ROWS)) rows = Math.max(rows, Math.ceil(+value) || 1);
  return rows;
}

/**
 * A cell tag's column repeat and value types (one in a sane file). Most cells of a file stand for
 * one cell: those are not parsed, their types unknown (null) and so taken as a value (one cell
 * too many at worst).
 */
function cellTag(tag: string, rows: number): { columns: number; types: string[] | null } {
  if (rows === 1 && !/repeated/i.test(tag)) return { columns: 1, types: null };
  let columns = 1;
  const types: string[] = [];
  for (const [name, value] of attributes(tag, (n) => n === COLUMNS || VALUE_TYPES.includes(n))) {
    if (name === COLUMNS) columns = Math.max(columns, parseInt(value, 10) || 1);
    else types.push(value);
  }
  return { columns, types };
}

/** SheetJS drops comments, and a doctype up to the first element, before it reads the tags. */
function asSheetJsReadsIt(xml: string): string {
  let text = xml;
  if (text.includes('<!--')) {
    const kept: string[] = [];
    let from = 0;
    for (let start = text.indexOf('<!--'); start >= 0; start = text.indexOf('<!--', from)) {
      kept.push(text.slice(from, start));
      const end = text.indexOf('-->', start + 4);
      // An unclosed comment hides the rest of the document.
      if (end < 0) {
        from = text.length;
        break;
      }
      from = end + 3;
    }
    kept.push(text.slice(from));
    text = kept.join('');
  }
  const doctype = text.slice(0, 1024).indexOf('<!DOCTYPE');
  if (doctype >= 0) {
    const firstElement = text.search(/<\w/);
    if (firstElement >= 0) text = text.slice(0, doctype) + text.slice(firstElement);
  }
  return text;
}

/** The cells SheetJS would write reading this content.xml (an upper bound). */
export function odsCellCount(xml: string): number {
  let cells = 0;
  let rows = 1;
  let columns = 1;
  // SheetJS writes a cell at its closing tag unless it is text without a paragraph; after a close,
  // or before any cell, a stray closing tag still writes.
  let textOnly = false;
  let paragraph = false;
  const text = asSheetJsReadsIt(xml);
  TAG.lastIndex = 0;
  for (let match = TAG.exec(text); match; match = TAG.exec(text)) {
    const tag = match[0];
    const closing = match[1] === '/';
    const local = match[2] ?? '';
    const underscore = local.indexOf('_');
    const name = underscore >= 0 ? local.slice(0, underscore) : local;
    const selfClosing = tag.charCodeAt(tag.length - 2) === 0x2f;
    switch (name) {
      case 'table-row':
      case '行':
        rows = closing ? 1 : rowRepeat(tag);
        break;
      case 'covered-table-cell':
        if (!closing) columns = cellTag(tag, rows).columns;
        break;
      case 'table-cell':
      case '数据': {
        if (selfClosing) {
          // Written once, and only as text; its repeats just move the column on.
          const { columns: repeat, types } = cellTag(tag, rows);
          columns = repeat;
          if (types === null || types.length !== 0) cells += 1;
          textOnly = types !== null && types.length !== 0 && types.every((t) => t === 'string');
        } else if (!closing) {
          const cell = cellTag(tag, rows);
          columns = cell.columns;
          textOnly = cell.types !== null && cell.types.every((t) => t === '' || t === 'string' || t === 'text');
          paragraph = false;
        } else {
          if (!textOnly || paragraph) cells += rows * columns;
          textOnly = false;
        }
        break;
      }
      case 'p':
      case '文本串':
        if (!selfClosing) paragraph = true;
        break;
    }
  }
  return cells;
}

/**
 * Refuses an .ods whose content.xml would expand past `limits.maxCells`. Every entry SheetJS could
 * take for content.xml (it matches names loosely) is counted.
 */
export function checkOdsCells(entries: ZipEntries, fileName: string, limits: ReadLimits): void {
  let cells = 0;
  for (const [name, bytes] of entries) {
    if (name.toLowerCase().endsWith('content.xml')) cells += odsCellCount(bytes.toString('utf8'));
  }
  if (cells > limits.maxCells) throw tooManyCells(fileName, cells, limits.maxCells);
}
