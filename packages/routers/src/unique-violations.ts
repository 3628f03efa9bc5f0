import { isUniqueViolation } from '@storefront/db/errors';
import { validationError } from './errors';

/*
 * The database's unique violations in the error vocabulary (errors.ts): repositories name their
 * constraints here, so services never see one.
 */

/**
 * For repositories: runs a write and turns violations of the named unique constraints into the
 * given domain errors, so services never see constraint names.
 */
export async function translateUniqueViolations<T>(
  work: () => Promise<T>,
  errors: Record<string, () => Error>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    for (const [constraint, toError] of Object.entries(errors)) {
      if (isUniqueViolation(error, constraint)) throw toError();
    }
    throw error;
  }
}

/**
 * Runs a write of a table with one unique key besides its id, the request field `field`: a
 * duplicate becomes a 422 on that field, as the contract treats a taken e-mail. Tables with
 * several unique keys name them in their repository (translateUniqueViolations).
 */
export async function uniqueField<T>(
  work: () => Promise<T>,
  field: string,
  message: string,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw validationError({ [field]: [message] });
    throw error;
  }
}
