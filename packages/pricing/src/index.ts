export * from './allocation';
export * from './pricing';
export * from './tax';
export * from './tax-rules';
