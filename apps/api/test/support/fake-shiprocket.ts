import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Shiprocket's API (SHIPROCKET_BASE_URL): `POST /v1/external/auth/login`
 * issues tokens, `GET /v1/external/courier/serviceability/` answers the couriers set per delivery
 * postcode. `expireTokens()` makes every issued token answer 401; `delay(ms)` slows answers.
 */
export async function startFakeShiprocket() {
  let issued = 0;
  let valid = new Set<string>();
  let delayMs = 0;
  const couriers = new Map<string, object[]>();
  const calls: Array<{ path: string; query: Record<string, string> }> = [];
  const body = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return text ? JSON.parse(text) : {};
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    calls.push({ path: url.pathname, query: Object.fromEntries(url.searchParams) });
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const send = (status: number, payload: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    if (req.method === 'POST' && url.pathname === '/v1/external/auth/login') {
      const { email, password } = await body(req);
      if (email !== 'ops@shop.test' || password !== 'secret') return send(401, {});
      const token = `token-${++issued}`;
      valid.add(token);
      return send(200, { token });
    }
    if (req.method === 'GET' && url.pathname === '/v1/external/courier/serviceability/') {
      const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!valid.has(token)) return send(401, { message: 'Token has expired' });
      const list = couriers.get(url.searchParams.get('delivery_postcode') ?? '') ?? [];
      return send(200, { status: 200, data: { available_courier_companies: list } });
    }
    return send(404, {});
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    logins: () => issued,
    serviceabilityCalls: () =>
      calls.filter((c) => c.path === '/v1/external/courier/serviceability/').length,
    setCouriers: (postcode: string, list: object[]) => couriers.set(postcode, list),
    expireTokens: () => {
      valid = new Set();
    },
    delay: (ms: number) => {
      delayMs = ms;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
