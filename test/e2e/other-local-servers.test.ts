// Another program on this machine (any other port of 127.0.0.1) learns nothing from the agent having
// CaseDesk open in the same browser: cookies are not separated by port, so the launch token must not
// be one. The page keeps it (this tab, this origin) and the app keeps working across navigations.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, signInToDemo, useE2eApp } from './support/app';

/** What the other program saw, and what its page managed to do with CaseDesk's API. */
interface Neighbour {
  url: string;
  seen: IncomingHttpHeaders[];
  reports: string[];
}

function pageOf(hostOrigin: string): string {
  // The neighbour's page tries CaseDesk's API from the agent's browser and reports what happened.
  return `<!doctype html><title>neighbour</title><script>
    const report = (text) => fetch('/report', { method: 'POST', body: text });
    fetch('${hostOrigin}/api/call/session:status', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: '{}' })
      .then((res) => res.text().then((body) => report('answered ' + res.status + ' ' + body)), (err) => report('refused ' + err.name))
      .finally(() => report('done'));
  </script>`;
}

describe.runIf(hasChromium)('another local server', () => {
  const app = useE2eApp();
  let server: Server;
  const neighbour: Neighbour = { url: '', seen: [], reports: [] };

  beforeAll(async () => {
    server = createServer((req, res) => {
      neighbour.seen.push(req.headers);
      if (req.method === 'POST' && req.url === '/report') {
        let body = '';
        req.on('data', (d: Buffer) => (body += d.toString()));
        req.on('end', () => {
          neighbour.reports.push(body);
          res.end();
        });
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageOf(app.current.origin));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    neighbour.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const launchToken = () => new URL(app.current.host.url).searchParams.get('token') ?? '';

  it('opens the app from the printed address with no cookie, and the token leaves the address bar', async () => {
    const { page } = app.current;
    await signInToDemo(page);
    await page.waitForSelector('[data-test="bot-101"]');
    expect(page.url()).not.toContain(launchToken());
    expect(page.url()).not.toContain('token=');
    expect(await page.context().cookies()).toEqual([]);
  });

  it('sends the token to no other port of 127.0.0.1, and that page cannot call the API', async () => {
    const { page } = app.current;
    await page.goto(neighbour.url);
    await expect.poll(() => neighbour.reports.includes('done'), { timeout: 10_000 }).toBe(true);
    for (const headers of neighbour.seen) {
      expect(String(headers.cookie ?? '')).not.toContain('casedesk_token');
      expect(JSON.stringify(headers)).not.toContain(launchToken());
    }
    expect(neighbour.reports.filter((r) => r.startsWith('answered 200'))).toEqual([]);
  });

  it('and what that program received opens nothing when it calls the API itself', async () => {
    const cookies = neighbour.seen.map((h) => h.cookie).filter((c): c is string => typeof c === 'string');
    for (const cookie of [...cookies, '']) {
      const res = await fetch(`${app.current.origin}/api/call/session:status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: '{}',
      });
      expect(res.status, `with cookie "${cookie}"`).toBe(401);
    }
  });

  it('keeps working when the agent comes back, and after a reload', async () => {
    const { page } = app.current;
    await page.goto(`${app.current.origin}/#/bots`);
    await page.waitForSelector('[data-test="bot-101"]');
    await page.reload();
    await page.waitForSelector('[data-test="bot-101"]');
    expect(await page.locator('[data-test="connection"]').innerText()).toMatch(/En línea|Online/);
    expect(page.url()).not.toContain('token=');
  });

  it('still gets pushed events after the reload, over the stream opened with the header', async () => {
    const { page, ctx } = app.current;
    const connection = page.locator('[data-test="connection"]');
    const progress = (activity: string) => ({ batchId: 0, activity, chunks: 0, loaded: 0, rejected: 0, pending: 0, inDoubt: 0 });
    // An upload that notices the service gone marks the app offline; the stream may still be opening.
    await expect
      .poll(
        async () => {
          ctx.emit('upload:progress', progress('offline'));
          return connection.innerText();
        },
        { timeout: 10_000 },
      )
      .toMatch(/Sin conexión|Offline/);
    ctx.emit('upload:progress', progress('sending'));
    await expect.poll(() => connection.innerText(), { timeout: 5_000 }).toMatch(/En línea|Online/);
  });
});
