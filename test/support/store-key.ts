// The key every test store is encrypted with: vitest.config.ts makes one per run and hands it to
// every worker (and the CLI children they start) as CASEDESK_DB_KEY, as an unattended run would.
const hex = process.env.CASEDESK_DB_KEY;
if (!hex || !/^[0-9a-f]{64}$/i.test(hex)) throw new Error('CASEDESK_DB_KEY is not set: run the tests through vitest (vitest.config.ts sets it).');

export const TEST_STORE_KEY: Buffer = Buffer.from(hex, 'hex');
