export * from './allocation';
export * from './gst';
export * from './pricing';
export * from './tax';
export * from './tax-rules';
