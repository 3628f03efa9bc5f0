import { afterEach, describe, expect, it } from 'vitest';
import { bannerLinkMessage, isAppLink, isWebLink, setLinkPolicy, zWebUrl } from './zod-helpers';

/* The link policy the URL inputs consult (issue 24, item 8); the production one is proven over
 * /trpc in apps/api/test/link-urls.test.ts. */

afterEach(() => setLinkPolicy({ allowHttp: false, appSchemes: [] }));

const HOSTILE = [
  'javascript:alert(1)',
  ' javascript:alert(1)',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'intent://x#Intent;end',
  'file:///etc/passwd',
  'https://',
  'not a url',
];

describe('zWebUrl', () => {
  it('outside production: http and https with a host; nothing else', () => {
    setLinkPolicy({ allowHttp: true, appSchemes: ['myshop'] });
    expect(zWebUrl().parse(' http://cdn.example.com/a.jpg ')).toBe('http://cdn.example.com/a.jpg');
    expect(zWebUrl().parse('https://cdn.example.com/a.jpg')).toBe('https://cdn.example.com/a.jpg');
    for (const url of [...HOSTILE, 'myshop://product/1']) {
      const result = zWebUrl().safeParse(url);
      expect(result.success, url).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Must be an http or https URL.');
    }
  });

  it('in production (and before any policy is set): https only', () => {
    const result = zWebUrl().safeParse('http://cdn.example.com/a.jpg');
    expect(result.error?.issues[0]?.message).toBe('Must be an https URL.');
    expect(zWebUrl().safeParse('https://cdn.example.com/a.jpg').success).toBe(true);
  });
});

describe('banner links', () => {
  it("web links and the app's own schemes only", () => {
    setLinkPolicy({ allowHttp: false, appSchemes: ['myshop'] });
    expect(isAppLink('myshop://category/3')).toBe(true);
    expect(isAppLink('MyShop://category/3')).toBe(true);
    expect(isAppLink('otherapp://x')).toBe(false);
    expect(isWebLink('https://shop.example.com')).toBe(true);
    for (const url of HOSTILE) expect(isWebLink(url) || isAppLink(url), url).toBe(false);
    expect(bannerLinkMessage()).toBe('Must be an https URL or a myshop: link.');
  });

  it('no app links at all when none are configured', () => {
    expect(isAppLink('myshop://category/3')).toBe(false);
    expect(bannerLinkMessage()).toBe('Must be an https URL.');
  });
});
