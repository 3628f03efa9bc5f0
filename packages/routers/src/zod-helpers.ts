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

/** An http(s) URL; other schemes (javascript:, data:) never reach an app's image view or link. */
export const zWebUrl = () =>
  z
    .string()
    .trim()
    .max(500)
    .pipe(z.url({ protocol: /^https?$/, message: 'Must be an http or https URL.' }));

/** A list position set by the back office (banners, currencies, shipping methods, categories). */
export const zPosition = () => z.number().int().min(0).max(1_000_000);

/** The input of a back-office procedure that names one row. */
export const ZIdInput = z.object({ id: zId() });
