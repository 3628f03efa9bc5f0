// The catalog slice's public surface (other slices import only this file).

export type { CategoryDto, ProductDetailDto } from './catalog.schemas';
export { ZCategory, ZProductDetail } from './catalog.schemas';
export type { CatalogService } from './catalog.service';
