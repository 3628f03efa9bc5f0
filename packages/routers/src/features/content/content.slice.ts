import type { Executor } from '@storefront/db/client';
import type { Clock } from '../../ports';
import { createContentRepository } from './content.repository';
import { createContentService } from './content.service';
import { createContentAdminRepository } from './content-admin.repository';
import { createContentAdminService } from './content-admin.service';

/** The content slice: banners as the storefront shows them and as the back office edits them. */
export function createContentSlice(deps: { db: Executor; clock: Clock }) {
  return {
    banners: createContentService({ repo: createContentRepository(deps.db), clock: deps.clock }),
    admin: createContentAdminService({ repo: createContentAdminRepository(deps.db) }),
  };
}
