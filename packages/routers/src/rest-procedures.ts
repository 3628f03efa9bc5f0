import type { OpenApiMeta } from 'trpc-to-openapi';
import { appRouter } from './root';
import type { Meta } from './trpc';

export type RestMeta = Meta & { openapi: NonNullable<OpenApiMeta['openapi']> };

/** The meta of every procedure that has a REST path. */
export function restProcedureMetas(): RestMeta[] {
  return Object.values(appRouter._def.procedures)
    .map((procedure) => (procedure as unknown as { _def: { meta?: Meta } })._def.meta)
    .filter((meta): meta is RestMeta => meta?.openapi !== undefined);
}
