import { describe, expect, it } from 'vitest';
import { answerNotModified } from './rest';

/** The 304 decision alone, with the meta the adapter would pass for the matched procedure. */
function ask(
  version: () => Promise<string>,
  request: { method: string; ifNoneMatch?: string; cacheable: boolean },
) {
  const answered: { status: number; headers: Record<string, string> }[] = [];
  const res = {
    writeHead(status: number, headers: Record<string, string>) {
      answered.push({ status, headers });
      return { end() {} };
    },
  };
  const req = { method: request.method, headers: { 'if-none-match': request.ifNoneMatch } };
  const meta = request.cacheable ? { cacheable: true } : {};
  return answerNotModified(
    { current: version },
    'public, no-cache',
  )({ req, res, meta }).then((handled) => ({ handled, answered }));
}

describe('answerNotModified (the REST handler’s 304)', () => {
  it('answers a cacheable read whose ETag still holds: 304 with the ETag and Cache-Control', async () => {
    const result = await ask(async () => 'v7', {
      method: 'GET',
      ifNoneMatch: 'W/"v7"',
      cacheable: true,
    });
    expect(result).toEqual({
      handled: true,
      answered: [{ status: 304, headers: { ETag: 'W/"v7"', 'Cache-Control': 'public, no-cache' } }],
    });
  });

  it('leaves everything else to the procedure: a stale tag, no tag, not cacheable, not a GET', async () => {
    const current = async () => 'v8';
    for (const request of [
      { method: 'GET', ifNoneMatch: 'W/"v7"', cacheable: true },
      { method: 'GET', cacheable: true },
      { method: 'GET', ifNoneMatch: 'W/"v8"', cacheable: false },
      { method: 'POST', ifNoneMatch: '*', cacheable: true },
    ]) {
      expect(await ask(current, request), JSON.stringify(request)).toEqual({
        handled: false,
        answered: [],
      });
    }
  });

  it('leaves the answer to the procedure when the catalogue version cannot be read', async () => {
    const unreachable = async () => {
      throw new Error('database unreachable');
    };
    const result = await ask(unreachable, { method: 'GET', ifNoneMatch: '*', cacheable: true });
    expect(result).toEqual({ handled: false, answered: [] });
  });
});
