import { createServer, connect as netConnect, type Server, type Socket } from 'node:net';

/**
 * - `open`: bytes flow both ways.
 * - `cut`: every connection is reset and new ones are reset on arrival (the database is gone).
 * - `black-hole`: connections are accepted and kept, but nothing is forwarded either way (a
 *   network partition or a hung load balancer: the nastier case, nothing ever fails by itself).
 */
export type ProxyMode = 'open' | 'cut' | 'black-hole';

interface Pair {
  client: Socket;
  upstream: Socket | undefined;
}

export interface TcpProxy {
  port: number;
  mode(): ProxyMode;
  setMode(mode: ProxyMode): void;
  /** Connections accepted so far (a fresh pool connection after a cut shows up here). */
  accepted(): number;
  /**
   * Cuts every connection (as `cut`, then back to `open`) at the first chunk the client sends
   * for which `when` is true, without forwarding that chunk. Returns whether that happened yet.
   */
  cutWhen(when: (chunk: Buffer) => boolean): () => boolean;
  close(): Promise<void>;
}

/** A TCP proxy on 127.0.0.1 that a test can cut, black-hole and restore. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'open';
  let accepted = 0;
  const pairs = new Set<Pair>();
  let trigger: { when: (chunk: Buffer) => boolean; fire: () => void } | undefined;

  const resetPair = (pair: Pair) => {
    if (!pairs.delete(pair)) return;
    if (!pair.client.destroyed) pair.client.resetAndDestroy();
    pair.upstream?.destroy();
  };
  const cutAll = () => {
    for (const pair of [...pairs]) resetPair(pair);
  };

  const server: Server = createServer((client) => {
    accepted += 1;
    if (mode === 'cut') {
      client.resetAndDestroy();
      return;
    }
    const pair: Pair = { client, upstream: undefined };
    pairs.add(pair);
    client.on('error', () => resetPair(pair));
    client.on('close', () => resetPair(pair));
    // A connection that arrives during a black hole never reaches the database.
    if (mode === 'black-hole') return;

    const upstream = netConnect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('error', () => resetPair(pair));
    upstream.on('close', () => resetPair(pair));
    client.on('data', (chunk: Buffer) => {
      if (trigger?.when(chunk)) {
        trigger.fire();
        trigger = undefined;
        cutAll();
        return;
      }
      if (mode === 'open') upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (mode === 'open') client.write(chunk);
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no TCP port');

  return {
    port: address.port,
    mode: () => mode,
    accepted: () => accepted,
    setMode(next) {
      // Bytes dropped in a black hole leave both ends of a connection out of step for good.
      if (mode === 'black-hole' || next === 'cut') cutAll();
      mode = next;
    },
    cutWhen(when) {
      let fired = false;
      trigger = {
        when,
        fire: () => {
          fired = true;
        },
      };
      return () => fired;
    },
    close() {
      cutAll();
      return new Promise<void>((done) => server.close(() => done()));
    },
  };
}
