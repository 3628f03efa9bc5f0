// The settings slice's public surface (other slices import only this file).
export type { FeatureFlags } from './settings.schemas';
export { ZFeatures } from './settings.schemas';
