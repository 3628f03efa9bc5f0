import { request } from 'node:http';
import { type LocalServer, listenLocally } from './local-server';

export interface RoundRobinProxy extends LocalServer {
  /** Requests forwarded to each upstream, in the order the upstreams were given. */
  hits(): number[];
}

/**
 * The smallest load balancer: each request goes to the next upstream in turn, with the
 * X-Forwarded-For / -Proto headers a real one (deploy/nginx.conf) adds.
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const hits = upstreams.map(() => 0);
  let next = 0;
  const server = await listenLocally((req, res) => {
    const index = next;
    next = (next + 1) % upstreams.length;
    hits[index] = (hits[index] ?? 0) + 1;
    const target = new URL(req.url ?? '/', upstreams[index]);
    const forwarded = request(
      target,
      {
        method: req.method,
        headers: {
          ...req.headers,
          host: target.host,
          'x-forwarded-for': req.socket.remoteAddress ?? '',
          'x-forwarded-proto': 'http',
        },
      },
      (upstream) => {
        res.writeHead(upstream.statusCode ?? 502, upstream.headers);
        upstream.pipe(res);
      },
    );
    forwarded.on('error', () => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('bad gateway');
    });
    req.pipe(forwarded);
  });
  return { ...server, hits: () => [...hits] };
}
