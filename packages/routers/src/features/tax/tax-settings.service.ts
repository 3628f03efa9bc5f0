import { isKnownTimeZone, validateDocumentPrefix, validateGstin } from '@storefront/pricing';
import { validationError } from '../../errors';
import type { InTransaction } from '../../transactions';
import type { TaxSettingsUpdateInput } from './tax.admin.schemas';
import type { TaxRepositories } from './tax.repositories';
import type { TaxSettingsRecord } from './tax-reads.repository';

export function toTaxSettingsDto(settings: TaxSettingsRecord) {
  return {
    legal_name: settings.legalName,
    address: settings.address,
    tax_id: settings.taxId,
    prices_include_tax: settings.pricesIncludeTax,
    shipping_taxable: settings.shippingTaxable,
    invoice_prefix: settings.invoicePrefix,
    credit_note_prefix: settings.creditNotePrefix,
    financial_year_start_month: settings.financialYearStartMonth,
    invoice_at: settings.invoiceAt,
    time_zone: settings.timeZone,
  };
}

/**
 * The shop's tax id as stored: null when cleared; 15 characters are an Indian shop's GSTIN,
 * checked and stored in its canonical form; anything else (a VAT number) as typed.
 */
function taxIdOf(input: string | null): string | null {
  if (input === null || input === '') return null;
  if (input.length === 15) {
    const verdict = validateGstin(input);
    if (!verdict.ok) throw validationError({ tax_id: [verdict.reason] });
    return verdict.gstin;
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/.test(input)) {
    throw validationError({ tax_id: ['Letters, digits, spaces, ".", "/" and "-" only.'] });
  }
  return input;
}

function assertPrefix(field: 'invoice_prefix' | 'credit_note_prefix', prefix: string) {
  const verdict = validateDocumentPrefix(prefix);
  if (!verdict.ok) throw validationError({ [field]: [verdict.reason] });
}

/** The fields given, over the stored settings, checked together. */
function merged(current: TaxSettingsRecord, input: TaxSettingsUpdateInput): TaxSettingsRecord {
  const next = { ...current };
  if (input.legal_name !== undefined) next.legalName = input.legal_name;
  if (input.address !== undefined) next.address = input.address;
  if (input.tax_id !== undefined) next.taxId = taxIdOf(input.tax_id);
  if (input.prices_include_tax !== undefined) next.pricesIncludeTax = input.prices_include_tax;
  if (input.shipping_taxable !== undefined) next.shippingTaxable = input.shipping_taxable;
  if (input.invoice_prefix !== undefined) {
    assertPrefix('invoice_prefix', input.invoice_prefix);
    next.invoicePrefix = input.invoice_prefix;
  }
  if (input.credit_note_prefix !== undefined) {
    assertPrefix('credit_note_prefix', input.credit_note_prefix);
    next.creditNotePrefix = input.credit_note_prefix;
  }
  if (input.financial_year_start_month !== undefined) {
    next.financialYearStartMonth = input.financial_year_start_month;
  }
  if (input.invoice_at !== undefined) next.invoiceAt = input.invoice_at;
  if (input.time_zone !== undefined) {
    if (!isKnownTimeZone(input.time_zone)) {
      throw validationError({
        time_zone: [`${input.time_zone} is not an IANA time zone, such as Asia/Kolkata or UTC.`],
      });
    }
    next.timeZone = input.time_zone;
  }
  // One prefix for both series would print an invoice and a credit note with the same number.
  if (next.invoicePrefix.toUpperCase() === next.creditNotePrefix.toUpperCase()) {
    const field = input.credit_note_prefix !== undefined ? 'credit_note_prefix' : 'invoice_prefix';
    throw validationError({ [field]: ['Invoices and credit notes need different prefixes.'] });
  }
  return next;
}

/**
 * admin.settings.getTax / updateTax: the shop's tax identity and invoicing choices. A save
 * locks the row, so two admins saving different fields keep both. `changed` clears the cached
 * tax reads.
 */
export function createTaxSettingsService(deps: {
  repos: TaxRepositories;
  inTransaction: InTransaction<TaxRepositories>;
  changed: () => void;
}) {
  return {
    async get() {
      return toTaxSettingsDto(await deps.repos.settings.read());
    },

    async update(input: TaxSettingsUpdateInput) {
      const saved = await deps.inTransaction(async (tx) => {
        const next = merged(await tx.settings.readForUpdate(), input);
        await tx.settings.save(next);
        return next;
      });
      deps.changed();
      return toTaxSettingsDto(saved);
    },
  };
}

export type TaxSettingsService = ReturnType<typeof createTaxSettingsService>;
