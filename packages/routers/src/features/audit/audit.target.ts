import { idValue, isRecord } from './audit.changes';

/**
 * What an admin procedure's meta may say about its audit row (docs/admin-panel.md "Audit log").
 * Without it the target is derived from the path and input: `admin.products.images.add
 * {product_id}` → product, its `product_id`; `admin.orders.cancel {id}` → order, its `id`.
 */
export interface AuditMeta {
  /** The target's type when the path's router does not name it (`admin.loyalty.adjust` → customer). */
  target?: string;
  /** The input field holding the target's id when it is neither `id` nor `<type>_id`. */
  id?: string;
}

/** `products` → `product`, `taxCategories` → `taxCategory`, `staff` → `staff`. */
const singular = (word: string) =>
  word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.replace(/([^s])s$/, '$1');
const snakeCase = (word: string) => word.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The row's target and which input field named it (not a change, so left out of `changes`). */
export function auditTarget(path: string, meta: AuditMeta | undefined, input: unknown) {
  const type = meta?.target ?? singular(path.split('.')[1] ?? path);
  const fields = isRecord(input) ? input : {};
  const idField = [meta?.id, 'id', `${snakeCase(type)}_id`].find(
    (field) => field !== undefined && fields[field] !== undefined,
  );
  return { type, idField, id: idField === undefined ? null : idValue(fields[idField]) };
}
