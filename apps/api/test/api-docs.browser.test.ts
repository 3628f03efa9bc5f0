import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './harness';
import { browserSkipReason, launchBrowser } from './support/browser';
import { type LocalServer, listenLocally } from './support/local-server';

/**
 * The interactive reference in a real browser with every request that leaves this machine
 * blocked: it must render from the server's own assets, as it would offline or behind a strict
 * CSP (docs/api-reference.md).
 */
describe.skipIf(browserSkipReason)(
  `/api/docs in Chromium, offline${browserSkipReason ? ` (skipped: ${browserSkipReason})` : ''}`,
  () => {
    let server: LocalServer;
    let browser: Browser;
    beforeAll(async () => {
      const t = await createTestApp();
      server = await listenLocally(t.app as never);
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    it('renders the operations from local assets only, with no CSP violation', async () => {
      const page = await browser.newPage();
      const external: string[] = [];
      const consoleErrors: string[] = [];
      await page.route('**/*', (route) => {
        const url = new URL(route.request().url());
        if (url.hostname === '127.0.0.1' || url.protocol === 'data:') return route.continue();
        external.push(url.href);
        return route.abort();
      });
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });

      const response = await page.goto(`${server.url}/api/docs`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
      await expect
        .poll(() => page.getByText('Place order', { exact: true }).count(), { timeout: 20_000 })
        .toBeGreaterThan(0);
      expect(await page.getByText('Add to cart', { exact: true }).count()).toBeGreaterThan(0);

      expect(external).toEqual([]);
      expect(consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
      await page.close();
    });
  },
);
