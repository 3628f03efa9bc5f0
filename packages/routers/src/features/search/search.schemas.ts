import { z } from 'zod';
import { envelope } from '../../envelope';
import { zId } from '../../zod-helpers';
import { ZProductPageOutput, zPage, zPerPage, zSort } from '../catalog';

const zQuery = () => z.string().trim().min(1).max(100);

export const ZSearchInput = z.object({
  q: zQuery().meta({ description: 'Words to find in names, SKU, descriptions and categories' }),
  category_id: zId().optional(),
  page: zPage(),
  per_page: zPerPage(),
  sort: zSort().optional().meta({ description: 'Omit for relevance order' }),
});
export type SearchInput = z.infer<typeof ZSearchInput>;

export const ZSuggestionsInput = z.object({
  q: zQuery().meta({ description: 'The beginning of a word' }),
});

export const ZSearchOutput = ZProductPageOutput;
export const ZSuggestionsOutput = envelope(
  z.array(z.string()).max(10).meta({ description: 'Up to 10 product and category names' }),
);
