// Bench child: a bare papaparse read of a CSV (the whole text decoded, then parsed, every value text),
// the floor prepare of the same file is compared with.
import Papa from 'papaparse';
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? '';
const started = performance.now();
const text = new TextDecoder('utf-8').decode(readFileSync(file));
const parsed = Papa.parse<string[]>(text, { delimiter: ';', header: false, dynamicTyping: false, skipEmptyLines: false });
const rows = parsed.data.length;
const ms = performance.now() - started;
process.stdout.write(JSON.stringify({ ms, rows, maxRssMb: process.resourceUsage().maxRSS / 1024 }) + '\n');
