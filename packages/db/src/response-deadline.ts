import { connect, type Socket } from 'node:net';

/** The parts of postgres.js' parsed options a socket factory needs. */
interface SocketOptions {
  host: string[];
  port: number[];
  path?: string | false;
  ssl?: unknown;
}

/**
 * Every protocol exchange ends with ReadyForQuery: 'Z', length 5, one status byte. A chunk
 * ending with it means the server answered everything asked so far (pipelined queries sent
 * before it was read may still be pending; their next write arms the deadline again).
 */
function endsWithReadyForQuery(chunk: Buffer): boolean {
  const at = chunk.length - 6;
  return at >= 0 && chunk[at] === 0x5a && chunk.readInt32BE(at + 1) === 5;
}

/**
 * postgres.js has no per-query timeout: a query on a connection whose packets vanish (network
 * partition, dead load balancer) waits for TCP keepalive, minutes. This socket factory (its
 * `socket` option) arms a deadline when a query is written and clears it when the server has
 * answered; when it passes, the socket is destroyed, the waiting queries fail with
 * CONNECTION_CLOSED (answered as 503) and the pool opens a fresh connection for the next query. Only for plain TCP: postgres.js replaces the socket during TLS set-up, so with
 * `sslmode` the server-side statement_timeout and keepalive are what bound a query.
 */
export function responseDeadlineSocket(timeoutMs: number) {
  return (options: SocketOptions): Socket => {
    const socket = options.path
      ? connect(options.path)
      : connect(options.port[0] ?? 5432, options.host[0] ?? 'localhost');
    if (options.ssl) return socket;

    /*
     * postgres.js forgets queries handed to a connection between a socket error and the close
     * that follows it (it rejects pending queries on close only when the close had no error),
     * and they never settle: a request arriving in that tick hung for good. The deadline
     * destroys without an error, and a close after a network error is reported as a plain
     * close, so every query still on the connection fails with CONNECTION_CLOSED (→ 503).
     */
    const emit = socket.emit.bind(socket) as (
      event: string | symbol,
      ...args: unknown[]
    ) => boolean;
    socket.emit = ((event: string | symbol, ...args: unknown[]) =>
      event === 'close' ? emit('close', false) : emit(event, ...args)) as Socket['emit'];

    let deadline: NodeJS.Timeout | undefined;
    const arm = () => {
      deadline ??= setTimeout(() => socket.destroy(), timeoutMs);
    };
    const disarm = () => {
      if (deadline) clearTimeout(deadline);
      deadline = undefined;
    };
    const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
    socket.write = ((...args: unknown[]) => {
      arm();
      return write(...args);
    }) as Socket['write'];
    socket.on('data', (chunk: Buffer) => {
      // Any byte from the server proves it is alive: the wait for the rest starts again.
      disarm();
      if (!endsWithReadyForQuery(chunk)) arm();
    });
    socket.once('close', disarm);
    return socket;
  };
}
