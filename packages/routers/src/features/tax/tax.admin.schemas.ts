import { INVOICE_AT } from '@storefront/db/schema';
import { z } from 'zod';
import { envelope } from '../../envelope';
import { zId } from '../../zod-helpers';

/*
 * Back-office DTOs of tax (docs/tax.md, "Administering tax"): categories, rules and the shop's
 * tax settings. Rates are percentages here (9, 2.5); the rules store basis points. Rules the
 * service checks against stored data (known country, state, category) answer 422 there.
 */

// Categories

const zCategoryCode = () =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{1,32}$/, '1 to 32 letters, digits, "_" or "-".');
const zHsnCode = () =>
  z
    .string()
    .trim()
    .regex(/^(\d{4}|\d{6}|\d{8})$/, 'An HSN or SAC code has 4, 6 or 8 digits.')
    .nullable();

export const ZAdminTaxCategory = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    hsn_code: z.string().nullable().meta({ description: 'HSN (goods) or SAC (services) code' }),
    products_count: z.number().int(),
  })
  .meta({ id: 'AdminTaxCategory' });
export const ZAdminTaxCategoryOutput = envelope(ZAdminTaxCategory);
export const ZAdminTaxCategoryListOutput = envelope(z.array(ZAdminTaxCategory));

const categoryFields = {
  code: zCategoryCode(),
  name: z.string().trim().min(1).max(100),
  hsn_code: zHsnCode(),
};
export const ZTaxCategoryInput = z.object({
  code: categoryFields.code,
  name: categoryFields.name,
  hsn_code: categoryFields.hsn_code.optional(),
});
export type TaxCategoryInput = z.infer<typeof ZTaxCategoryInput>;
export const ZTaxCategoryUpdateInput = z.object(categoryFields).partial().extend({ id: zId() });
export type TaxCategoryUpdateInput = Omit<z.infer<typeof ZTaxCategoryUpdateInput>, 'id'>;
export const ZTaxIdInput = z.object({ id: zId() });

// Rules

export const ZAdminTaxComponent = z
  .object({
    name: z.string(),
    rate: z.number().meta({ description: 'Percent, e.g. 9 or 2.5' }),
  })
  .meta({ id: 'AdminTaxComponent' });
export const ZAdminTaxRule = z
  .object({
    id: z.number().int(),
    country: z.string().meta({ description: 'ISO 3166-1 alpha-2, or "*"' }),
    region: z.string().meta({ description: 'ISO 3166-2 subdivision without the country, or "*"' }),
    tax_category: z.string().meta({ description: 'A category code, or "*"' }),
    components: z.array(ZAdminTaxComponent).meta({ description: '[]: exempt' }),
  })
  .meta({ id: 'AdminTaxRule' });
export const ZAdminTaxRuleOutput = envelope(ZAdminTaxRule);
export const ZAdminTaxRuleListOutput = envelope(z.array(ZAdminTaxRule));

const zComponent = () =>
  z.object({
    name: z.string().trim().min(1).max(20),
    rate: z
      .number()
      .min(0)
      .max(100)
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
        message: 'At most 2 decimals.',
      }),
  });
const zComponents = () =>
  z
    .array(zComponent())
    .min(1)
    .max(4)
    .superRefine((components, ctx) => {
      const seen = new Set<string>();
      components.forEach((component, index) => {
        const key = component.name.toUpperCase();
        if (seen.has(key)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'name'],
            message: 'Each component of a rule needs its own name.',
          });
        }
        seen.add(key);
      });
    });
const ruleFields = {
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^(\*|[A-Z]{2})$/, 'An ISO 3166-1 alpha-2 code, or "*".'),
  region: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .meta({ description: '"*", a subdivision code (KA or IN-KA) or, in India, a state’s name' }),
  tax_category: z.string().trim().toUpperCase().min(1).max(32),
  components: zComponents(),
};
export const ZTaxRuleInput = z.object({
  country: ruleFields.country,
  region: ruleFields.region.default('*'),
  tax_category: ruleFields.tax_category.default('*'),
  components: ruleFields.components,
});
export type TaxRuleInput = z.infer<typeof ZTaxRuleInput>;
export const ZTaxRuleUpdateInput = z.object(ruleFields).partial().extend({ id: zId() });
export type TaxRuleUpdateInput = Omit<z.infer<typeof ZTaxRuleUpdateInput>, 'id'>;

export const ZIndiaGstPresetInput = z.object({
  state: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .optional()
    .meta({ description: 'The shop’s state (KA, IN-KA or Karnataka); default: its GSTIN’s' }),
});
export const ZIndiaGstPresetOutput = envelope(
  z.object({
    categories_created: z.number().int(),
    rules_created: z.number().int(),
  }),
);

// Settings

export const ZTaxSettings = z
  .object({
    legal_name: z.string(),
    address: z.string(),
    tax_id: z.string().nullable().meta({ description: 'GSTIN in India, VAT number elsewhere' }),
    prices_include_tax: z.boolean(),
    shipping_taxable: z.boolean(),
    invoice_prefix: z.string(),
    credit_note_prefix: z.string(),
    financial_year_start_month: z.number().int(),
    invoice_at: z.enum(INVOICE_AT),
    time_zone: z.string().meta({
      description: "The shop's IANA time zone: invoices are dated in its calendar (default UTC)",
    }),
  })
  .meta({ id: 'TaxSettings' });
export const ZTaxSettingsOutput = envelope(ZTaxSettings);
export const ZTaxSettingsUpdateInput = z.object({
  legal_name: z.string().trim().max(200).optional(),
  address: z.string().trim().max(1000).optional(),
  tax_id: z
    .string()
    .trim()
    .max(32)
    .nullable()
    .optional()
    .meta({ description: 'null or "" clears it; 15 characters are checked as a GSTIN' }),
  prices_include_tax: z.boolean().optional(),
  shipping_taxable: z.boolean().optional(),
  invoice_prefix: z.string().trim().max(16).optional(),
  credit_note_prefix: z.string().trim().max(16).optional(),
  financial_year_start_month: z.number().int().min(1).max(12).optional(),
  invoice_at: z.enum(INVOICE_AT).optional(),
  time_zone: z.string().trim().min(1).max(64).optional(),
});
export type TaxSettingsUpdateInput = z.infer<typeof ZTaxSettingsUpdateInput>;
