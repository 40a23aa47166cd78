// Bench child: a bare SheetJS read of a workbook, as the baseline prepare is compared with.
import * as XLSX from '@e965/xlsx';
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? '';
const started = performance.now();
const book = XLSX.read(readFileSync(file), { type: 'buffer', dense: true, cellDates: true });
const sheet = book.Sheets[book.SheetNames[0] ?? ''];
const rows = (sheet?.['!data'] ?? []).length;
const ms = performance.now() - started;
process.stdout.write(JSON.stringify({ ms, rows, maxRssMb: process.resourceUsage().maxRSS / 1024 }) + '\n');
