import type { Inputs } from '../../lib/api-types';
import { fieldsOf } from '../../lib/form-spec';

/** A product's own fields; SKU, slug and starting stock are set once, on create. */
export const PRODUCT_FIELDS = fieldsOf<Inputs['admin']['products']['create']>()([
  { name: 'sku', label: 'SKU', kind: 'text', required: true, createOnly: true },
  { name: 'name', label: 'Name', kind: 'text', required: true },
  {
    name: 'slug',
    label: 'Slug',
    kind: 'text',
    createOnly: true,
    description: 'Made from the name when left empty',
  },
  { name: 'short_description', label: 'Short description', kind: 'textarea' },
  { name: 'description', label: 'Description', kind: 'textarea' },
  { name: 'price', label: 'Price', kind: 'number', required: true, step: '0.01' },
  { name: 'special_price', label: 'Special price', kind: 'number', nullable: true, step: '0.01' },
  { name: 'special_from', label: 'Special price from', kind: 'datetime', nullable: true },
  { name: 'special_to', label: 'Special price until', kind: 'datetime', nullable: true },
  {
    name: 'stock',
    label: 'Stock',
    kind: 'number',
    createOnly: true,
    defaultValue: '0',
    description: 'A configurable product’s stock is its variants’',
  },
  { name: 'featured', label: 'Featured', kind: 'checkbox' },
  { name: 'active', label: 'Active (shown in the app)', kind: 'checkbox', defaultValue: true },
]);

/** Fields only an existing product's form shows (`admin.products.update`; docs/delivery.md). */
export const PRODUCT_UPDATE_FIELDS = fieldsOf<
  Pick<Inputs['admin']['products']['update'], 'ships_in_days' | 'returnable'>
>()([
  {
    name: 'ships_in_days',
    label: 'Ships in (working days)',
    kind: 'number',
    nullable: true,
    description: 'Made to order: working days added before dispatch; empty: none',
  },
  {
    name: 'returnable',
    label: 'Returnable',
    kind: 'checkbox',
    description: 'Off: the product cannot be returned (docs/returns.md)',
  },
]);

/** The edit form's fields: the product's own, then the update-only ones (checked above). */
export const PRODUCT_EDIT_FIELDS = [
  ...PRODUCT_FIELDS,
  ...(PRODUCT_UPDATE_FIELDS as unknown as typeof PRODUCT_FIELDS),
];
