import type { CountCache } from '../../count-cache';
import { validationError } from '../../errors';
import type { InTransaction } from '../../transactions';
import type { CategoryInput } from './catalog.admin.schemas';
import { categoryNotFound } from './catalog.errors';
import type { CategoryDto } from './catalog.schemas';
import type { CatalogAdminRepository, CategoryChanges } from './catalog-admin.repository';
import { slugify } from './catalog-admin.service';

export interface CategoriesAdminServiceDeps {
  /** The storefront's view of a category (with its product count), after a write. */
  readCategory: (id: number) => Promise<CategoryDto>;
  inTransaction: InTransaction<CatalogAdminRepository>;
  /** The catalogue's list totals: forgotten after every write so lists show it at once. */
  counts: CountCache;
}

/** The parent must exist and, for an existing category, not be itself or one of its descendants. */
async function assertParent(tx: CatalogAdminRepository, parentId: number, id?: number) {
  let current: number | null = parentId;
  for (let depth = 0; current !== null && depth < 100; depth++) {
    if (current === id) {
      throw validationError({ parent_id: ['A category cannot be placed under itself.'] });
    }
    const row = await tx.categoryParent(current);
    if (!row) throw validationError({ parent_id: ['The selected category does not exist.'] });
    current = row.parentId;
  }
}

/**
 * Back-office category tree: create, rename, move, delete. A rename reaches its products' search
 * documents; every write clears the count cache.
 */
export function createCategoriesAdminService({
  readCategory,
  inTransaction,
  counts,
}: CategoriesAdminServiceDeps) {
  return {
    async createCategory(input: CategoryInput) {
      const slug = input.slug ?? slugify(input.name);
      if (slug === '') throw validationError({ slug: ['Give a slug: the name has no letters.'] });
      const id = await inTransaction(async (tx) => {
        if (input.parent_id != null) await assertParent(tx, input.parent_id);
        const created = await tx.insertCategory({
          name: input.name,
          slug,
          parentId: input.parent_id ?? null,
          description: input.description ?? '',
          image: input.image ?? null,
          position: input.position ?? 0,
        });
        await tx.refreshLexicon([]);
        return created;
      });
      counts.clear();
      return readCategory(id);
    },

    /** Changes only the fields given; a rename reaches its products' search documents. */
    async updateCategory(id: number, input: Partial<CategoryInput>) {
      const changes: CategoryChanges = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.slug !== undefined) changes.slug = input.slug;
      if (input.description !== undefined) changes.description = input.description;
      if (input.image !== undefined) changes.image = input.image;
      if (input.position !== undefined) changes.position = input.position;
      if (input.parent_id !== undefined) changes.parentId = input.parent_id;
      await inTransaction(async (tx) => {
        if (input.parent_id != null) await assertParent(tx, input.parent_id, id);
        if (!(await tx.updateCategory(id, changes))) throw categoryNotFound();
        if (changes.name !== undefined) {
          await tx.resyncCategoryProducts(id);
          await tx.refreshLexicon([]);
        }
      });
      counts.clear();
      return readCategory(id);
    },

    /**
     * Deletes a category without subcategories (422 otherwise: move or delete them first, so no
     * branch of the tree disappears by accident). Its products keep existing; their links to it
     * go, and their search documents no longer carry its name.
     */
    async deleteCategory(id: number) {
      const unlinked = await inTransaction(async (tx) => {
        if (await tx.hasChildCategories(id)) {
          throw validationError(
            { id: ['This category has subcategories: move or delete them first.'] },
            'A category with subcategories cannot be deleted.',
          );
        }
        const productIds = await tx.deleteCategory(id);
        if (!productIds) throw categoryNotFound();
        await tx.resyncProducts(productIds);
        return productIds;
      });
      counts.clear();
      return { id, unlinked_product_ids: unlinked };
    },
  };
}

export type CategoriesAdminService = ReturnType<typeof createCategoriesAdminService>;
