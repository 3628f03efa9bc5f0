// The content slice's public surface (other slices import only this file).
export type { BannerDto } from './content.schemas';
export { ZBanner } from './content.schemas';
