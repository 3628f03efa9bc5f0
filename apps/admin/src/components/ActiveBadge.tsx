import { Badge } from '@mantine/core';

/** Whether a record is live in the app (products, coupons, banners, methods, agents). */
export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light">
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}
