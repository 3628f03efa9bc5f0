// The auth slice's public surface: other slices import only from here.
export type { PasswordHasher } from './passwords';
