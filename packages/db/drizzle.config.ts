import { defineConfig } from 'drizzle-kit';

// Used only to generate SQL migrations from the schema; they are applied from code at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './drizzle',
});
