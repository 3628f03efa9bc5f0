import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeOpenAiBehaviour =
  | { kind: 'json'; content: unknown }
  | { kind: 'text'; content: string }
  | { kind: 'status'; status: number }
  | { kind: 'hang' };

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    messages: { role: string; content: unknown }[];
    response_format?: unknown;
    temperature?: number;
  };
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    req.on('data', (chunk) => {
      data += chunk;
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

/**
 * A local stand-in for an OpenAI-compatible server: answers `POST /v1/chat/completions` the way
 * the real API does, records every request, and can fail, hang or return malformed output.
 */
export async function startFakeOpenAi() {
  const requests: RecordedRequest[] = [];
  let behaviour: FakeOpenAiBehaviour = { kind: 'json', content: {} };
  const server: Server = createServer(async (req, res) => {
    const raw = await readBody(req);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"error":{"message":"not found"}}');
      return;
    }
    const body = JSON.parse(raw) as RecordedRequest['body'];
    requests.push({ path: req.url, authorization: req.headers.authorization, body });
    if (behaviour.kind === 'hang') return; // never answers; the client must time out
    if (behaviour.kind === 'status') {
      res.writeHead(behaviour.status, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: { message: 'upstream failure', type: 'server_error', code: null },
        }),
      );
      return;
    }
    const content =
      behaviour.kind === 'json' ? JSON.stringify(behaviour.content) : behaviour.content;
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 50, completion_tokens: 40, total_tokens: 90 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    respondWith(next: FakeOpenAiBehaviour) {
      behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;
