export * from './allocation';
export * from './amount-in-words';
export * from './credits';
export * from './document-number';
export * from './gst';
export * from './pricing';
export * from './tax';
export * from './tax-rules';
