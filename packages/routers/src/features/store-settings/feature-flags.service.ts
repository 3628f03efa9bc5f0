import type { SettingsRepository } from './feature-flags.repository';
import { FEATURE_FLAGS, type FeatureFlag, type FeatureFlags } from './feature-flags.schemas';

export interface SettingsServiceDeps {
  repo: SettingsRepository;
  /** Defaults from configuration (docs/contract.md §4; `ai_descriptions` from AI_ENABLED). */
  featureDefaults: FeatureFlags;
}

export function createSettingsService({ repo, featureDefaults }: SettingsServiceDeps) {
  async function featureFlags(): Promise<FeatureFlags> {
    const overrides = await repo.featureOverrides();
    const flags = { ...featureDefaults };
    for (const flag of FEATURE_FLAGS) {
      const stored = overrides.get(flag);
      if (stored !== undefined) flags[flag] = stored;
    }
    return flags;
  }

  return {
    featureFlags,

    async isFeatureEnabled(flag: FeatureFlag): Promise<boolean> {
      return (await featureFlags())[flag];
    },

    async setFeature(flag: FeatureFlag, enabled: boolean): Promise<FeatureFlags> {
      await repo.setFeature(flag, enabled);
      return featureFlags();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
