// The OOXML text of a workbook (ECMA-376, SpreadsheetML), written here so a sheet can be streamed row by
// row: the fixed parts, and a worksheet's XML as a sequence of chunks. Cells arrive already made safe
// (xlsx-writer.ts's toCell); this module only says them in XML.

/** A date or date and time: its Excel serial day, written through one of the styles below. */
export interface SerialCell {
  serial: number;
  style: DateStyle;
}

export type XmlCell = string | number | boolean | SerialCell | null;

/** Style indexes of styles.xml's cellXfs (0 is the default). */
export const DATE_STYLE = { 'dd/mm/yyyy': 1, 'dd/mm/yyyy hh:mm': 2 } as const;
export type DateStyle = (typeof DATE_STYLE)[keyof typeof DATE_STYLE];

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

export function contentTypesXml(sheetCount: number): string {
  const sheets = Array.from({ length: sheetCount }, (_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${CT}.worksheet+xml"/>`).join(
    '',
  );
  return (
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="/xl/workbook.xml" ContentType="${CT}.sheet.main+xml"/>` +
    `<Override PartName="/xl/styles.xml" ContentType="${CT}.styles+xml"/>` +
    `${sheets}</Types>`
  );
}

export const ROOT_RELS_XML =
  `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
  '</Relationships>';

/** `names` already mended (xlsx-writer.ts's sheetNames). */
export function workbookXml(names: readonly string[]): string {
  const sheets = names.map((name, i) => `<sheet name="${escapeXml(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('');
  return `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>${sheets}</sheets></workbook>`;
}

export function workbookRelsXml(sheetCount: number): string {
  const sheets = Array.from(
    { length: sheetCount },
    (_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  ).join('');
  return `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">${sheets}<Relationship Id="rId${sheetCount + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;
}

/** The default style and the two date formats, in DATE_STYLE's order (custom formats start at 164). */
export const STYLES_XML =
  `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
  '<numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="dd/mm/yyyy hh:mm"/></numFmts>' +
  '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/**
 * Characters XML 1.0 cannot carry (control characters other than tab and line feed, lone surrogates,
 * U+FFFE/U+FFFF), a carriage return (XML readers turn it into a line feed), and text that already reads
 * as such an escape: written as Excel writes them, `_xHHHH_`, which Excel and SheetJS read back.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const NOT_IN_XML = /[\0-\x08\x0B-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|_(?=x[0-9A-Fa-f]{4}_)/g;
const XML_SPECIAL = /[&<>"]/g;
const XML_ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

const hex4 = (char: string) => `_x${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`;

// Anything either pattern above could change (any surrogate, any "_x"): most cells hold none, and are
// written as they are without the two passes.
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const MAY_ESCAPE = /[\0-\x08\x0B-\x1F&<>"\uD800-\uDFFF\uFFFE\uFFFF]|_x/;

export function escapeXml(text: string): string {
  if (!MAY_ESCAPE.test(text)) return text;
  return text.replace(NOT_IN_XML, hex4).replace(XML_SPECIAL, (c) => XML_ENTITY[c] ?? c);
}

const columnLetters: string[] = [];
/** 0 → A, 25 → Z, 26 → AA: kept, as every row asks for the same few. */
function columnName(index: number): string {
  let name = columnLetters[index];
  if (name === undefined) {
    name = '';
    for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    columnLetters[index] = name;
  }
  return name;
}

const EDGE_SPACE = /^\s|\s$/;

function cellXml(cell: XmlCell, ref: string): string {
  if (cell === null) return '';
  if (typeof cell === 'string') {
    // Spaces at either end are kept only when the text says so.
    const space = EDGE_SPACE.test(cell) ? ' xml:space="preserve"' : '';
    return `<c r="${ref}" t="inlineStr"><is><t${space}>${escapeXml(cell)}</t></is></c>`;
  }
  if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
  if (typeof cell === 'boolean') return `<c r="${ref}" t="b"><v>${cell ? 1 : 0}</v></c>`;
  return `<c r="${ref}" s="${cell.style}"><v>${cell.serial}</v></c>`;
}

/** Row `number` (1-based) as XML; a row of empty cells is written as no row. */
export function rowXml(cells: readonly XmlCell[], number: number): string {
  let xml = '';
  for (let c = 0; c < cells.length; c++) xml += cellXml(cells[c] ?? null, columnName(c) + number);
  return xml === '' ? '' : `<row r="${number}">${xml}</row>`;
}

/**
 * A worksheet's opening, with its columns' widths (in characters), up to where its rows go. `extent`
 * (rows, columns), when the sheet is known whole before it is written: its range, empty cells at the
 * end of rows included (readers otherwise take it from the cells written).
 */
export function sheetHeadXml(widths: readonly number[], extent: { rows: number; columns: number } | null): string {
  const cols = widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('');
  const dimension = extent && extent.rows > 0 && extent.columns > 0 ? `<dimension ref="A1:${columnName(extent.columns - 1)}${extent.rows}"/>` : '';
  return `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">${dimension}${cols ? `<cols>${cols}</cols>` : ''}<sheetData>`;
}

export const SHEET_TAIL_XML = '</sheetData></worksheet>';
