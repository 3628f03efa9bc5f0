import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from './support/pdf';
import { serverDatabases } from './support/server-database';
import { type ServerProcess, startServer } from './support/server-process';

const run = promisify(execFile);
const SCRIPT = new URL('../../../docs/examples/gst-invoice.sh', import.meta.url).pathname;
const page = readFileSync(new URL('../../../docs/gst-invoice.md', import.meta.url), 'utf8');

/*
 * docs/gst-invoice.md's three commands: a real server started with DEMO_SHOP=india on a fresh
 * database (PostgreSQL when the suite runs there), docs/examples/gst-invoice.sh run as written
 * with only BASE set, and the two invoices it saves read back as text.
 */
const { cleanups, fresh } = serverDatabases('gst-tour');
const freshDatabase = async () => (await fresh()).env;

/** Today in the shop's calendar (its time zone is Asia/Kolkata). */
const kolkataDate = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

/** `2627` for a date from April 2026 to March 2027 (the shop's year starts in April). */
const financialYear = (date: string) => {
  const [year = 0, month = 0] = date.split('-').map(Number);
  const start = month >= 4 ? year : year - 1;
  const yy = (y: number) => String(y % 100).padStart(2, '0');
  return `${yy(start)}${yy(start + 1)}`;
};

/** What varies between runs: the dates, the year in order and invoice numbers. */
const normalise = (text: string) =>
  text
    .replace(/\d{4}-\d{2}-\d{2}/g, 'DATE')
    .replace(/SF-\d{4}-/g, 'SF-YYYY-')
    .replace(/INV\/\d{4}\//g, 'INV/FY/');

describe('an Indian shop’s tax invoice in three commands', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({
      ...(await freshDatabase()),
      SEED_DEMO: 'true',
      DEMO_SHOP: 'india',
      LOG_LEVEL: 'error',
    });
    cleanups.push(() => server.kill());
  }, 120_000);

  it('the page shows the three commands, the first starting the Indian demo shop', () => {
    const commands = /```sh\n([\s\S]*?)```/.exec(page)?.[1] ?? '';
    expect(commands).toContain('DEMO_SHOP=india DATA_DIR=.data-india npx -y pnpm@10.34.9 start');
    expect(commands).toContain('bash docs/examples/gst-invoice.sh');
    expect(commands).toContain('invoice-KA.pdf');
  });

  it('the script orders to Karnataka and Maharashtra and saves both GST invoices', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'sf-gst-tour-run-'));
    cleanups.push(() => rmSync(cwd, { recursive: true, force: true }));
    const before = kolkataDate();
    const { stdout } = await run('bash', [SCRIPT], {
      cwd,
      env: { ...process.env, BASE: server.url },
    }).catch((error: Error) => {
      // The script's stderr is in the message; what the server printed says why it failed.
      throw new Error(`${error.message}\nThe server printed:\n${server.stderr()}`);
    });
    const dates = new Set([before, kolkataDate()]);
    const [karnataka = '', maharashtra = ''] = stdout.split(/^Maharashtra/m);

    // Numbered at payment from the gapless series of this financial year, dated in IST.
    const numbered = [
      ...stdout.matchAll(/^SF-\d{4}-(\d{6}): invoice (INV\/(\d{4})\/(\d{6})) of (\S+)$/gm),
    ];
    expect(numbered.map((m) => [m[1], m[4]])).toEqual([
      ['000001', '000001'],
      ['000002', '000002'],
    ]);
    for (const match of numbered) {
      expect(dates).toContain(match[5]);
      expect(match[3]).toBe(financialYear(match[5] ?? ''));
    }

    expect(karnataka).toContain('place of supply: Karnataka (29)');
    expect(karnataka).toContain(
      'Aurora Wireless Headphones × 1, HSN 8518: taxable 149.99, CGST 9% 13.50 + SGST 9% 13.50',
    );
    expect(karnataka).toMatch(/Organic Cotton T-Shirt \(M \/ \w+\) × 2, HSN 6109: taxable 38\.00/);
    // Taxed shipping (4.99) joins the 18 % goods and is rounded with them, once per order.
    expect(karnataka).toContain('CGST 9% on 154.98: 13.95');
    expect(karnataka).toContain('SGST 2.5% on 38.00: 0.95');
    expect(karnataka).not.toContain('IGST');
    expect(karnataka).toContain('invoice-KA.pdf: 200 application/pdf');

    expect(maharashtra).toContain('place of supply: Maharashtra (27)');
    expect(maharashtra).toContain('IGST 18% on 154.98: 27.90');
    expect(maharashtra).toContain('IGST 5% on 38.00: 1.90');
    expect(maharashtra).not.toMatch(/[CS]GST/);
    expect(maharashtra).toContain('invoice-MH.pdf: 200 application/pdf');
    // Moving the buyer changes the breakdown, not the amount.
    expect(stdout.match(/total 222\.78 INR, of which tax 29\.80/g)).toHaveLength(2);

    // The page's excerpt is this output (numbers and dates aside).
    const excerpt = /```text\n([\s\S]*?)```/.exec(page)?.[1] ?? '';
    expect(excerpt.trim().split('\n').length).toBeGreaterThan(5);
    for (const line of normalise(excerpt).trim().split('\n')) {
      expect(normalise(stdout)).toContain(line);
    }

    const [kaNumber, mhNumber] = numbered.map((m) => m[2]);
    const ka = await pdfText(new Uint8Array(readFileSync(join(cwd, 'invoice-KA.pdf'))));
    expect(ka).toContain('Chai & Chapter Retail Pvt Ltd');
    expect(ka).toContain('GSTIN: 29AAGCB7383J1Z4');
    expect(ka).toContain(`Tax Invoice ${kaNumber}`);
    expect(ka).toContain('Place of supply: Karnataka (29)');
    expect(ka).toMatch(/Aurora Wireless Headphones +8518 +1 +149\.99 +0\.00 +149\.99 +CGST 9%/);
    expect(ka).toContain('6109');
    expect(ka).toMatch(/Shipping +1 +4\.99 +0\.00 +4\.99 +CGST 9%: 0\.45 +SGST 9%: 0\.45/);
    expect(ka).toContain('Total   222.78 INR');
    expect(ka).toContain(
      'Amount in words: Rupees Two Hundred Twenty-Two and Seventy-Eight Paise Only',
    );
    expect(ka).not.toContain('IGST');

    const mh = await pdfText(new Uint8Array(readFileSync(join(cwd, 'invoice-MH.pdf'))));
    expect(mh).toContain(`Tax Invoice ${mhNumber}`);
    expect(mh).toContain('GSTIN: 29AAGCB7383J1Z4');
    expect(mh).toContain('Place of supply: Maharashtra (27)');
    expect(mh).toContain('IGST 18%   27.90 INR');
    expect(mh).toContain('IGST 5%   1.90 INR');
    expect(mh).not.toMatch(/[CS]GST/);
  }, 120_000);
});
