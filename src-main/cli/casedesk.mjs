#!/usr/bin/env node
// The `casedesk` command. Runs the TypeScript sources through tsx, so it works right after `npm install`.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
