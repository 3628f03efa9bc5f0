import { Group, Pagination, Text } from '@mantine/core';

interface PageMeta {
  current_page: number;
  last_page: number;
  total: number;
}

/** Page links under a list, with the total; nothing when everything fits on one page. */
export function Pager({ meta, onPage }: { meta: PageMeta; onPage: (page: number) => void }) {
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {meta.total} in all
      </Text>
      {meta.last_page > 1 && (
        <Pagination
          total={meta.last_page}
          value={meta.current_page}
          onChange={onPage}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
        />
      )}
    </Group>
  );
}
