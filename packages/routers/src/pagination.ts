import { z } from 'zod';
import { type PageMeta, pageMeta } from './envelope';

/** `page` ≥ 1 (default 1) and `per_page` 1–100 (default 15), docs/contract.md §3. */
export const pageQuery = {
  page: z.number().int().min(1).max(1_000_000).default(1),
  per_page: z.number().int().min(1).max(100).default(15),
};

export interface PageRequest {
  page: number;
  per_page: number;
}

export const pageOffset = (request: PageRequest) => ({
  offset: (request.page - 1) * request.per_page,
  limit: request.per_page,
});

export const metaFor = (request: PageRequest, total: number): PageMeta =>
  pageMeta(request.page, request.per_page, total);

/** `%term%` for ILIKE with the user's own `%`, `_` and `\` taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
