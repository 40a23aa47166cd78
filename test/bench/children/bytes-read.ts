// Bench child: a bare read of a text file's bytes and a count of its lines (Buffer.indexOf), the floor
// for a file too big to decode into one string (a papaparse read of a 1 GB CSV cannot start).
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? '';
const started = performance.now();
const bytes = readFileSync(file);
let rows = 0;
for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) rows += 1;
const ms = performance.now() - started;
process.stdout.write(JSON.stringify({ ms, rows, maxRssMb: process.resourceUsage().maxRSS / 1024 }) + '\n');
