// The jobs slice's public surface: other slices import only from here.
export { type RetryOverrides, retryPolicy } from './retry-policy';
