import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createCurrency } from '@storefront/db/testing/factories';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  adminClient,
  createTestApp,
  registerAdmin,
  type TestApp,
  type TestAppOptions,
} from '../harness';
import { failedShotName, openPanelBrowser, PANEL_DIR, type PanelBrowser } from './admin-panel';

export interface PanelApp {
  t: TestApp;
  baseUrl: string;
  panel: PanelBrowser;
  page: Page;
  /** An Owner, signed in over the API (`api`); the browser signs in with its e-mail and password. */
  admin: Awaited<ReturnType<typeof registerAdmin>>;
  api: ReturnType<typeof adminClient>;
}

/**
 * The set-up every panel page test shares (docs/admin-panel.md "Tests"): an app serving the built
 * panel on a fresh database with a default currency and the store set-up, listening; an Owner;
 * Chromium. A failed step leaves its screenshot; everything is closed after. The fields are
 * filled in by the `beforeAll` this registers: read them in hooks and tests, not at the top.
 */
export function usePanelApp(options: {
  currency: string;
  app?: Omit<TestAppOptions, 'adminPanelDir'>;
}): PanelApp {
  const session = {} as PanelApp;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    session.t = await createTestApp({ ...options.app, adminPanelDir: PANEL_DIR });
    await createCurrency(session.t.db, { code: options.currency, isDefault: true });
    await seedStoreSetup(session.t.db);
    const server = await session.t.listen();
    session.baseUrl = server.baseUrl;
    close = () => server.close();
    session.admin = await registerAdmin(session.t);
    session.api = adminClient(server.baseUrl, session.admin.token);
    session.panel = await openPanelBrowser();
    session.page = session.panel.page;
  }, 60_000);
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await session.panel?.shot(failedShotName(task.name));
  });
  afterAll(async () => {
    await session.panel?.browser.close();
    await close?.();
    await session.t?.close();
  });
  return session;
}
