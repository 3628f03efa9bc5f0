import type { Database } from '@storefront/db/client';
import { createAuthService } from './features/auth/auth.service';
import type { PasswordHasher } from './features/auth/passwords';
import { createSessionStore } from './features/auth/sessions';
import { createUsersRepository } from './features/auth/users.repository';
import { createCatalogRepository } from './features/catalog/catalog.repository';
import { createCatalogService } from './features/catalog/catalog.service';
import { createContentRepository } from './features/content/content.repository';
import { createContentService } from './features/content/content.service';
import { createCustomerService } from './features/customer/customer.service';
import { createSearchRepository } from './features/search/search.repository';
import { createSearchService } from './features/search/search.service';
import { createSettingsRepository } from './features/settings/settings.repository';
import type { FeatureFlags } from './features/settings/settings.schemas';
import { createSettingsService } from './features/settings/settings.service';
import type { Clock, FileStorage, Mailer, RateLimits } from './ports';

export interface ServiceConfig {
  /** Public base URL, for absolute links (reset e-mails). */
  appUrl: string;
  tokenTtlSeconds: number;
  rememberTokenTtlSeconds: number;
  passwordResetTtlMinutes: number;
  featureDefaults: FeatureFlags;
}

export interface ServiceDeps {
  db: Database;
  clock: Clock;
  config: ServiceConfig;
  hasher: PasswordHasher;
  mailer: Mailer;
  avatarStorage: FileStorage;
  rateLimits: RateLimits;
}

/** Wires every feature's service once per process; procedures reach them through the context. */
export function createServices(deps: ServiceDeps) {
  const { db, clock, config } = deps;
  const users = createUsersRepository(db);
  const sessions = createSessionStore(db, config, clock);
  const settings = createSettingsService({
    repo: createSettingsRepository(db),
    featureDefaults: config.featureDefaults,
  });
  const auth = createAuthService({
    users,
    inTransaction: (work) => db.transaction((tx) => work(createUsersRepository(tx))),
    sessions,
    hasher: deps.hasher,
    rateLimits: deps.rateLimits,
    mailer: deps.mailer,
    clock,
    config: { appUrl: config.appUrl, passwordResetTtlMinutes: config.passwordResetTtlMinutes },
  });
  const customer = createCustomerService({ users, avatarStorage: deps.avatarStorage });
  const catalogRepo = createCatalogRepository(db);
  const catalog = createCatalogService({ repo: catalogRepo, clock });
  const search = createSearchService({
    repo: createSearchRepository(db, catalogRepo),
    catalog,
    clock,
  });
  const content = createContentService({ repo: createContentRepository(db), clock });
  return { sessions, settings, auth, customer, catalog, search, content };
}

export type Services = ReturnType<typeof createServices>;
