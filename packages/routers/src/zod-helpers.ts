import { z } from 'zod';

/**
 * A JSON boolean in a request body. trpc-to-openapi switches plain `z.boolean()` fields to
 * coercion (so `"false"` would read as true); the pipe keeps this one strict.
 */
export const bodyBoolean = () => z.boolean().pipe(z.boolean());

/** A boolean in a query string: `true`/`false`/`1`/`0`. */
export const queryBoolean = () => z.stringbool();

/** Positive integer id in a path or body. */
export const zId = () => z.number().int().min(1).max(2_147_483_647);

const CANONICAL_DECIMAL = /^[1-9]\d{0,9}$/;

/**
 * An id written as a string (a path segment outside the procedure tree, a banner's link value):
 * canonical decimal only, like procedures' path integers (Number() would also read " 1", "1e0",
 * "0x1" or "01" as 1). Undefined when it is not one.
 */
export function parseIdString(raw: string): number | undefined {
  if (!CANONICAL_DECIMAL.test(raw)) return undefined;
  const parsed = zId().safeParse(Number(raw));
  return parsed.success ? parsed.data : undefined;
}

/** ISO 8601 UTC with `Z` (docs/contract.md §1). */
export const zDateTime = () => z.iso.datetime();

export const toIso = (date: Date): string => date.toISOString();
export const toIsoOrNull = (date: Date | null | undefined): string | null =>
  date ? date.toISOString() : null;

/** A money amount as the API takes it: ≥ 0 with at most 2 decimals (converted with amountToCents). */
export const zAmount = () =>
  z
    .number()
    .min(0)
    .max(21_474_836.47)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      message: 'At most 2 decimals.',
    });

/**
 * Which links the app may be handed to open or load, fixed once at start-up (createServices,
 * from ServiceConfig.links, which env.ts derives from NODE_ENV and APP_LINK_SCHEMES).
 *
 * Why a setting the schemas consult rather than a check in each service: the schemas are
 * static zod shared with the OpenAPI document, and half a dozen inputs in four slices take a
 * URL (images, tracking pages, banners). A refinement in the one helper covers all of them,
 * and any field added later, where a check per service would be repeated and easily missed.
 * The policy is per process, as NODE_ENV is; until it is set, the strict one (production's)
 * applies.
 */
export interface LinkPolicy {
  /** `http:` web links too (outside production); otherwise `https:` only. */
  allowHttp: boolean;
  /** The app's own deep-link schemes (`myshop`), lower case, for banner links. */
  appSchemes: readonly string[];
}

const STRICT_LINKS: LinkPolicy = { allowHttp: false, appSchemes: [] };
let linkPolicy: LinkPolicy = STRICT_LINKS;

export function setLinkPolicy(policy: LinkPolicy): void {
  linkPolicy = { allowHttp: policy.allowHttp, appSchemes: [...policy.appSchemes] };
}

const parseUrl = (value: string): URL | undefined => {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
};

/** What a web link must be under the current policy (the 422's message). */
export const webLinkMessage = () =>
  linkPolicy.allowHttp ? 'Must be an http or https URL.' : 'Must be an https URL.';

/** An https URL with a host (http too outside production): an image, a tracking page. */
export function isWebLink(value: string): boolean {
  const url = parseUrl(value);
  if (!url?.hostname) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && linkPolicy.allowHttp);
}

/** A deep link into the app itself (`myshop://product/12`): one of APP_LINK_SCHEMES. */
export function isAppLink(value: string): boolean {
  const scheme = parseUrl(value)?.protocol.slice(0, -1).toLowerCase();
  return scheme !== undefined && linkPolicy.appSchemes.includes(scheme);
}

/** What a banner's `url` link must be (the 422's message): a web link or an app link. */
export const bannerLinkMessage = () => {
  const schemes = linkPolicy.appSchemes.map((scheme) => `${scheme}:`).join(', ');
  return schemes ? `${webLinkMessage().slice(0, -1)} or a ${schemes} link.` : webLinkMessage();
};

/**
 * A web link the app opens or loads (images, tracking pages): https, or http outside
 * production. javascript:, data:, intent:, file: and app schemes never reach an image view or
 * a browser tab.
 */
export const zWebUrl = () =>
  z
    .string()
    .trim()
    .max(500)
    .pipe(
      z
        .url({ protocol: /^https?$/, error: webLinkMessage })
        .refine(isWebLink, { error: webLinkMessage }),
    );

/** A list position set by the back office (banners, currencies, shipping methods, categories). */
export const zPosition = () => z.number().int().min(0).max(1_000_000);

/** The input of a back-office procedure that names one row. */
export const ZIdInput = z.object({ id: zId() });
