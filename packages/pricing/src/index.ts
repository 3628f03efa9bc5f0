export * from './allocation';
export * from './pricing';
export * from './tax-rules';
