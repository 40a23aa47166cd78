// Electronegativity (Doyensec's Electron security scanner) over the shell: no high-severity finding.
// Its CLI breaks on the commander version it finds hoisted here, so its runner is called directly.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

interface Finding {
  id: string;
  file: string;
  severity: { name: string };
  confidence: { name: string };
  location?: { line: number };
}

const run = createRequire(import.meta.url)('@doyensec/electronegativity') as (options: Record<string, unknown>) => Promise<{ issues: Finding[] }>;

describe('Electronegativity', () => {
  it('finds nothing of high severity in the Electron shell', async () => {
    const { issues } = await run({
      input: join(import.meta.dirname, '../../src-main/electron'),
      isSarif: false,
      severitySet: 'informational',
      confidenceSet: 'tentative',
      isRelative: true,
      electronVersionOverride: '45.4.1',
      parserPlugins: [],
    });
    const high = issues.filter((i) => i.severity.name === 'HIGH').map((i) => `${i.id} ${i.file}:${i.location?.line}`);
    expect(high).toEqual([]);
  }, 60_000);
});
