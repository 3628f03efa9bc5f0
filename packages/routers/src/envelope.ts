import { z } from 'zod';

/**
 * Output schemas are the contract's envelope (docs/contract.md §1); trpc-to-openapi sends a
 * procedure's output as the body, so the envelope is part of every output schema.
 */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    message: z.string().optional(),
    data,
  });
}

export const ZPageMeta = z
  .object({
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  })
  .meta({ id: 'PageMeta' });
export type PageMeta = z.infer<typeof ZPageMeta>;

export function paginatedEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    message: z.string().optional(),
    data: z.array(item),
    meta: ZPageMeta,
  });
}

export const ZNullEnvelope = envelope(z.null());

export function ok<T>(data: T, message?: string) {
  return message === undefined
    ? { success: true as const, data }
    : { success: true as const, message, data };
}

export function page<T>(items: T[], meta: PageMeta, message?: string) {
  return { ...ok(items, message), meta };
}

/** Builds the meta block from the page request and the total count. */
export function pageMeta(pageNumber: number, perPage: number, total: number): PageMeta {
  return {
    current_page: pageNumber,
    per_page: perPage,
    total,
    last_page: Math.max(1, Math.ceil(total / perPage)),
  };
}
