// Benchmark: the emulator loading 100,000 cases in 1,000-case uploads. The emulator's own time per
// request must stay small, so client benchmarks built on it measure the client.
import { startEmulator } from '../../src-main/emulator';
import { http, login, uploadBody } from '../support/emulator';
import { percentile, printTable } from './report';

export async function benchEmulatorUpload(totalCases = 100_000, chunk = 1_000): Promise<void> {
  const serverMs: number[] = [];
  const emulator = await startEmulator({
    tickMs: 0,
    onRequestTimed: (method, _path, ms) => {
      if (method === 'PUT') serverMs.push(ms);
    },
  });
  try {
    const { access } = await login(emulator.url);
    const created = await http(`${emulator.url}/api/v2/create_campaign/`, {
      token: access,
      body: { client_id: 101, name: 'bench', dialing_type: 'HORIZONTAL_VERTICAL', min_phone_priority: 0, max_phone_priority: 2 },
    });
    const { id } = created.json as { id: number };
    const bodies: string[] = [];
    for (let i = 0; i < totalCases / chunk; i++) bodies.push(JSON.stringify(uploadBody(chunk, `B${i}-`, 3)));
    const wallMs: number[] = [];
    const started = performance.now();
    for (const rawBody of bodies) {
      const t = performance.now();
      const res = await http(`${emulator.url}/api/v2/create_campaign/${id}/`, { token: access, method: 'PUT', rawBody });
      if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${res.text.slice(0, 200)}`);
      wallMs.push(performance.now() - t);
    }
    const total = performance.now() - started;
    const stats = (emulator.core.db.prepare('SELECT count(*) AS n FROM cases WHERE campaign_id = ?').get(id) as { n: number }).n;
    printTable(
      `emulator: ${totalCases.toLocaleString('en')} cases in ${bodies.length} uploads of ${chunk} (bodies of ${Math.round((bodies[0]?.length ?? 0) / 1024)} KiB)`,
      [
        ['server time per 1,000-case request, median', `${percentile(serverMs, 50).toFixed(1)} ms`],
        ['server time per 1,000-case request, p95', `${percentile(serverMs, 95).toFixed(1)} ms`],
        ['server time per 1,000-case request, max', `${Math.max(...serverMs).toFixed(1)} ms`],
        ['round trip per request, median', `${percentile(wallMs, 50).toFixed(1)} ms`],
        ['all uploads, wall time', `${(total / 1000).toFixed(2)} s`],
        ['cases stored', stats.toLocaleString('en')],
        ['target', 'server time under 20 ms per 1,000 cases'],
      ],
    );
  } finally {
    await emulator.close();
  }
}
