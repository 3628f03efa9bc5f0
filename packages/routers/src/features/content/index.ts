/** The content slice's public surface: what other slices and the app may use (docs/architecture.md). */

export { bannersAdminRouter } from './content.admin.router';
export { bannersRouter } from './content.router';
export type { BannerDto } from './content.schemas';
export { ZBanner } from './content.schemas';
export type { ContentService } from './content.service';
export { createContentSlice } from './content.slice';
export type { ContentAdminService } from './content-admin.service';
