// A small corporate proxy for tests: it answers CONNECT (the tunnel https goes through), can ask for
// Basic authentication (407), and resolves every name to 127.0.0.1, as if it were the company's DNS.
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface TestProxy {
  url: string;
  port: number;
  /** host:port of every tunnel asked for, in order. */
  tunnels: string[];
  /** Tunnels refused for want of credentials. */
  refused: number;
  close(): Promise<void>;
}

export async function startConnectProxy(options: { user?: string; password?: string } = {}): Promise<TestProxy> {
  const tunnels: string[] = [];
  const sockets = new Set<Socket>();
  const expected = options.user ? `Basic ${Buffer.from(`${options.user}:${options.password ?? ''}`).toString('base64')}` : null;
  const proxy: TestProxy = { url: '', port: 0, tunnels, refused: 0, close: async () => undefined };
  const server: Server = createServer((_req, res) => {
    res.writeHead(405).end();
  });
  server.on('connect', (req, client: Socket) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (expected && req.headers['proxy-authorization'] !== expected) {
      proxy.refused++;
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="corp"\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const target = req.url ?? '';
    tunnels.push(target);
    const port = Number(target.slice(target.lastIndexOf(':') + 1));
    const upstream = connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  proxy.port = port;
  proxy.url = `http://127.0.0.1:${port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return proxy;
}
