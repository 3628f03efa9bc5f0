import { z } from 'zod';
import { envelope } from '../../envelope';
import { zId } from '../../zod-helpers';

const limited = (max: number) => z.string().trim().min(1).max(max);

/** Spec 4.9: every field optional; the text limits are the spec's (422 beyond them). */
export const ZGenerateDescriptionInput = z.object({
  id: zId(),
  product_title: limited(200).optional(),
  category: limited(255).optional(),
  attributes: z
    .array(
      z.union([
        limited(200),
        z.object({
          name: limited(100),
          value: z.union([limited(200), z.array(limited(100)).max(20)]),
        }),
      ]),
    )
    .max(50)
    .optional()
    .meta({ description: 'Context: strings like "Material: cotton" or {name, value} pairs' }),
  images: z
    .array(z.url({ protocol: /^https?$/ }).max(2048))
    .max(10)
    .optional()
    .meta({
      description: 'Image URLs passed to vision-capable models; the server never fetches them',
    }),
  brand: limited(120).optional(),
  key_features: z.array(limited(200)).max(20).optional(),
  target_audience: limited(120).optional(),
  tone_preference: limited(50).optional().meta({ example: 'professional' }),
  language: limited(10)
    .optional()
    .meta({ example: 'en', description: 'Language code of the output' }),
  agent: limited(120).optional().meta({ description: 'Name of an AI agent profile' }),
});
export type GenerateDescriptionInput = z.infer<typeof ZGenerateDescriptionInput>;

/** What the model must return (structured output). */
export const ZGeneratedDescription = z
  .object({
    short_description: z.string().min(1).max(1000),
    description: z.string().min(1).max(10000),
  })
  .meta({ id: 'GeneratedDescription' });
export type GeneratedDescription = z.infer<typeof ZGeneratedDescription>;

export const ZGenerateDescriptionOutput = envelope(ZGeneratedDescription);
