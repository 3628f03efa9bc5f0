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
  const session = usePanelBrowser({} as PanelApp);
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
  }, 60_000);
  afterAll(async () => {
    await close?.();
    await session.t?.close();
  });
  return session;
}

/**
 * Chromium for a panel test whose app is made elsewhere (a shop with the Razorpay stand-in,
 * support/refund-shop.ts): opened before the tests, a failed step's screenshot, closed after.
 * Fills `panel` and `page` of `session` (read them in hooks and tests).
 */
export function usePanelBrowser<T extends object>(
  session: T = {} as T,
): T & Pick<PanelApp, 'panel' | 'page'> {
  const filled = session as T & Pick<PanelApp, 'panel' | 'page'>;
  beforeAll(async () => {
    filled.panel = await openPanelBrowser();
    filled.page = filled.panel.page;
  }, 60_000);
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await filled.panel?.shot(failedShotName(task.name));
  });
  afterAll(async () => {
    await filled.panel?.browser.close();
  });
  return filled;
}
