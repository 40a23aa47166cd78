// The reviewer's .ods: one text cell repeated over many rows and columns, a kilobyte on disk.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unpackZip } from '../../src-main/preparation/reading/zip-unpack';
import { buildZip } from '../preparation/reading/fixtures/zip-builder';

const SAMPLE_ODS = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.ods');

/** The LibreOffice sample whose only sheet holds "x" repeated `columns` times a row, over `rows` rows. */
export async function repeatedCellOds(rows: number, columns: number): Promise<Buffer> {
  const entries = await unpackZip(new Uint8Array(readFileSync(SAMPLE_ODS)));
  const content =
    '<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.3"><office:body><office:spreadsheet><table:table table:name="Hoja1">' +
    `<table:table-row table:number-rows-repeated="${rows}"><table:table-cell office:value-type="string" table:number-columns-repeated="${columns}"><text:p>x</text:p></table:table-cell></table:table-row>` +
    '</table:table></office:spreadsheet></office:body></office:document-content>';
  return buildZip([...entries].map(([name, bytes]) => ({ name, content: name === 'content.xml' ? Buffer.from(content) : bytes })));
}
