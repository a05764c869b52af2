import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One instance behind the balancer, and what the balancer saw of it. */
export interface Backend {
  port: number;
  ready: boolean;
  /** Whether its readiness check answered 503 while it still answered at all (a drain, not a crash). */
  sawDraining: boolean;
}

/**
 * A round-robin load balancer as a deployment puts in front of the instances: it sends each request to the next
 * instance whose readiness check (`/api/ready`, every `checkEveryMs`) last answered 200, over kept-alive
 * connections, and answers 502 when the instance it chose fails the request (what a client would see).
 */
export async function startBalancer(checkEveryMs = 100) {
  const backends: Backend[] = [];
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  let next = 0;

  const check = async (backend: Backend) => {
    const res = await fetch(`http://127.0.0.1:${backend.port}/api/ready`).catch(() => undefined);
    if (res?.status === 503 && (await res.json()).draining) backend.sawDraining = true;
    backend.ready = res?.status === 200;
  };
  const checks = setInterval(() => {
    for (const backend of backends) void check(backend);
  }, checkEveryMs);

  const server = createServer((req, res) => {
    const ready = backends.filter((b) => b.ready);
    const backend = ready[next++ % Math.max(ready.length, 1)];
    if (!backend) {
      res.writeHead(503).end('no instance is ready');
      return;
    }
    const upstream = request(
      {
        host: '127.0.0.1',
        port: backend.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502).end(`instance ${backend.port}: ${err.message}`);
      else res.destroy(err);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    port: (server.address() as AddressInfo).port,
    backends,
    /** Adds an instance once its readiness check has answered 200. */
    async add(port: number) {
      const backend: Backend = { port, ready: false, sawDraining: false };
      await check(backend);
      backends.push(backend);
      return backend;
    },
    async close() {
      clearInterval(checks);
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
