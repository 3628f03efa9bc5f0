import { AppError, validationError } from '../../errors';

/* The catalogue's domain errors, shared by its services and the repositories that translate
 * database constraints into them. */

export const productNotFound = () => new AppError('NOT_FOUND', 'Product not found.');
export const categoryNotFound = () => new AppError('NOT_FOUND', 'Category not found.');

/** SKUs name one sellable thing across products and variants. */
export const skuTaken = (field: string) =>
  validationError({ [field]: ['A product or variant with this SKU already exists.'] });
export const productSlugTaken = () =>
  validationError({ slug: ['A product with this slug already exists.'] });
export const categorySlugTaken = () =>
  validationError({ slug: ['A category with this slug already exists.'] });
