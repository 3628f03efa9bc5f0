import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type LocalServer, listenLocally } from './support/local-server';
import { runServerToExit } from './support/server-process';

/** What an operator sees when start-up fails for a reason they can fix: one line, no stack. */
const lines = (output: string) => output.trim().split('\n').filter(Boolean);
const dataDir = () => mkdtempSync(join(tmpdir(), 'sf-startup-'));

describe('start-up failures name what to fix in one line', () => {
  let busy: LocalServer;
  beforeAll(async () => {
    busy = await listenLocally(() => {});
  });
  afterAll(async () => {
    await busy.close();
  });

  it('an unreachable DATABASE_URL', async () => {
    const port = await freePort();
    const { code, output } = await runServerToExit({
      DATABASE_URL: `postgres://shop:s3cret@127.0.0.1:${port}/shop`,
      DATABASE_TIMEOUT_MS: '2000',
      LOG_LEVEL: 'info',
    });
    expect(code).toBe(1);
    expect(lines(output)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Cannot use the database at DATABASE_URL=postgres://shop:\\*\\*\\*@127\\.0\\.0\\.1:${port}/shop: .*ECONNREFUSED`,
        ),
      ),
    ]);
    expect(output).not.toContain('s3cret');
  });

  it('a port already in use, without claiming to listen first', async () => {
    const { code, output } = await runServerToExit({
      PORT: String(busy.port),
      DATA_DIR: dataDir(),
      LOG_LEVEL: 'info',
    });
    expect(code).toBe(1);
    expect(lines(output)).toEqual([
      `PORT ${busy.port} is already in use: stop the other process or set PORT to a free port.`,
    ]);
  });
});
