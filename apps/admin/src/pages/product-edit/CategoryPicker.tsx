import { Checkbox, SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { flattenTree } from '../../lib/categories';
import { useTRPC } from '../../trpc';

/** The product's categories as checkboxes, each named by its path ("Clothing › Shirts"). */
export function CategoryPicker(props: { value: string[]; onChange: (ids: string[]) => void }) {
  const trpc = useTRPC();
  const tree = useQuery(trpc.categories.tree.queryOptions(undefined));
  const categories = flattenTree(tree.data?.data ?? []);
  if (categories.length === 0) return null;
  return (
    <Checkbox.Group label="Categories" value={props.value} onChange={props.onChange}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
        {categories.map((category) => (
          <Checkbox key={category.id} value={String(category.id)} label={category.path} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
