// The one barrel of the project (docs/architecture.md): drizzle needs every table in one object.
export * from './account';
export * from './addresses';
export * from './ai';
export * from './cart';
export * from './catalog';
export * from './content';
export * from './gift-cards';
export * from './loyalty';
export * from './notifications';
export * from './orders';
export * from './refunds';
export * from './settings';
export * from './sync';
export * from './system';
export * from './tax';
export * from './users';
export * from './wishlist';
