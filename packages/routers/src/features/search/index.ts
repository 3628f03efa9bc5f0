/** The search slice's public surface: what other slices and the app may use (docs/architecture.md). */
export { searchRouter } from './search.router';
export type { SearchService } from './search.service';
export { createSearchSlice } from './search.slice';
