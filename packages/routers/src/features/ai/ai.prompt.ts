import type { ProductDetailDto } from '../catalog';
import type { GenerateDescriptionInput } from './ai.schemas';

/** What the shop knows about the product; request fields override it. */
export interface ProductContext {
  name: string;
  shortDescription: string | null;
  description: string | null;
  categories: string[];
  attributes: { name: string; values: string[] }[];
}

export function productContextFrom(product: ProductDetailDto): ProductContext {
  return {
    name: product.name,
    shortDescription: product.short_description || null,
    description: product.description || null,
    categories: product.categories.map((category) => category.name),
    attributes: product.attributes.map(({ name, values }) => ({ name, values })),
  };
}

export const DEFAULT_SYSTEM_PROMPT = [
  'You are an experienced e-commerce copywriter.',
  'Write accurate, persuasive product copy from the facts you are given; never invent specifications, certifications or prices.',
  'Return a short_description of one or two sentences (under 300 characters) for product lists,',
  'and a description of two to four short paragraphs in plain text (no Markdown, no HTML) for the product page.',
].join(' ');

const line = (label: string, value: string | undefined | null) =>
  value ? `${label}: ${value}` : undefined;

function attributeLines(input: GenerateDescriptionInput, product: ProductContext): string[] {
  if (input.attributes?.length) {
    return input.attributes.map((attribute) =>
      typeof attribute === 'string'
        ? attribute
        : `${attribute.name}: ${Array.isArray(attribute.value) ? attribute.value.join(', ') : attribute.value}`,
    );
  }
  return product.attributes.map((attribute) => `${attribute.name}: ${attribute.values.join(', ')}`);
}

/** The user message: the product's own data, with every request field taking precedence. */
export function buildDescriptionPrompt(
  input: GenerateDescriptionInput,
  product: ProductContext,
): string {
  const attributes = attributeLines(input, product);
  const parts = [
    line('Product', input.product_title ?? product.name),
    line('Category', input.category ?? (product.categories.join(', ') || undefined)),
    line('Brand', input.brand),
    line('Target audience', input.target_audience),
    input.key_features?.length
      ? `Key features:\n${input.key_features.map((f) => `- ${f}`).join('\n')}`
      : undefined,
    attributes.length ? `Attributes:\n${attributes.map((a) => `- ${a}`).join('\n')}` : undefined,
    line('Current short description', product.shortDescription),
    line('Current description', product.description),
    input.images?.length ? `${input.images.length} product image(s) are attached.` : undefined,
    `Tone: ${input.tone_preference ?? 'professional'}.`,
    `Write in the language with code "${input.language ?? 'en'}".`,
  ];
  return parts.filter((part): part is string => Boolean(part)).join('\n');
}
