import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { browserSkipReason, launchBrowser } from './browser';

/** The panel as `pnpm start` serves it: built by turbo before these tests (turbo.json). */
export const PANEL_DIR = join(import.meta.dirname, '..', '..', '..', 'admin', 'dist');
/** Every page's screenshot, looked at before a panel change is merged (docs/admin-panel.md). */
const SCREENSHOTS = join(import.meta.dirname, '..', '..', '.test-output', 'admin-panel');

/** Why the panel's browser tests cannot run here (no Chromium, panel not built), or undefined. */
export const panelSkipReason: string | undefined =
  browserSkipReason ??
  (existsSync(join(PANEL_DIR, 'index.html'))
    ? undefined
    : 'needs the built panel (npx -y pnpm@10.34.9 --filter @storefront/admin build)');

export interface PanelBrowser {
  browser: Browser;
  page: Page;
  /** Requests to another host (aborted): the panel must make none. */
  external: string[];
  /** Uncaught page errors and Content-Security-Policy refusals. */
  pageErrors: string[];
  /** A full-page screenshot named `name.png` in the screenshot folder. */
  shot: (name: string) => Promise<Buffer>;
  /** A link of the navigation named "Main". */
  nav: (name: string) => ReturnType<Page['getByRole']>;
  signIn: (email: string, password: string) => Promise<void>;
}

/** Where the test factories' product and banner images live (packages/db/testing/factories.ts). */
const SHOP_IMAGE_HOST = 'images.example.com';

/**
 * Chromium with one page on the panel's viewport: any request to another host is aborted and
 * recorded, page errors and CSP refusals are collected for the test's last step.
 */
export async function openPanelBrowser(): Promise<PanelBrowser> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  const external: string[] = [];
  const pageErrors: string[] = [];
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1' || url.protocol === 'data:') return route.continue();
    // The factories' product pictures are the shop's content (a real shop's come from its CDN
    // or UploadThing), shown as thumbnails: aborted like any other host, not the panel's own.
    if (url.hostname !== SHOP_IMAGE_HOST) external.push(url.href);
    return route.abort();
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      pageErrors.push(message.text());
    }
  });
  return {
    browser,
    page,
    external,
    pageErrors,
    shot: (name) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true }),
    nav: (name) =>
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }),
    async signIn(email, password) {
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
    },
  };
}

/** A failed step's name as a screenshot's (`failed-…`). */
export const failedShotName = (taskName: string) =>
  `failed-${taskName.replace(/[^a-z0-9]+/gi, '-').slice(0, 40)}`;
