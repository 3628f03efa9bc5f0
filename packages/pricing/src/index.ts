export * from './allocation';
export * from './pricing';
