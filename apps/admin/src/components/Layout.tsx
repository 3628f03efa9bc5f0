import {
  AppShell,
  Badge,
  Burger,
  Button,
  Group,
  NavLink,
  ScrollArea,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { allowedEntries, type Permission } from '../lib/permissions';
import { session } from '../lib/session';
import { usePermissions } from '../lib/use-permissions';
import { useSessionToken } from '../lib/use-session';
import { useTRPC } from '../trpc';

/**
 * The pages in the order shown; a `section` groups its pages under its name (the tax pages).
 * `permission` is the one its page's list procedure declares: the entry is shown only to a role
 * holding it (docs/admin-panel.md "Roles").
 */
const NAVIGATION: readonly {
  to: string;
  label: string;
  permission: Permission;
  section?: string;
}[] = [
  { to: '/', label: 'Dashboard', permission: 'orders:read' },
  { to: '/orders', label: 'Orders', permission: 'orders:read' },
  { to: '/returns', label: 'Returns', permission: 'orders:read' },
  { to: '/products', label: 'Products', permission: 'products:read' },
  { to: '/categories', label: 'Categories', permission: 'products:read' },
  { to: '/coupons', label: 'Coupons', permission: 'marketing:write' },
  { to: '/gift-cards', label: 'Gift cards', permission: 'marketing:write' },
  { to: '/banners', label: 'Banners', permission: 'marketing:write' },
  { to: '/customers', label: 'Customers', permission: 'customers:read' },
  { to: '/reviews', label: 'Reviews', permission: 'products:read' },
  { to: '/notifications', label: 'Notifications', permission: 'marketing:write' },
  { to: '/currencies', label: 'Currencies', permission: 'settings:write' },
  { to: '/shipping-methods', label: 'Shipping methods', permission: 'settings:write' },
  { to: '/delivery-rules', label: 'Delivery rules', permission: 'settings:write' },
  { to: '/tax-categories', label: 'Tax categories', section: 'Tax', permission: 'settings:write' },
  { to: '/tax-rules', label: 'Tax rules', section: 'Tax', permission: 'settings:write' },
  { to: '/tax-rates', label: 'Tax rates', section: 'Tax', permission: 'settings:write' },
  { to: '/settings', label: 'Settings', permission: 'settings:write' },
  { to: '/staff', label: 'Staff', permission: 'staff:manage' },
  { to: '/roles', label: 'Roles', permission: 'staff:manage' },
  { to: '/admins', label: 'Admins', permission: 'staff:manage' },
  { to: '/failed-jobs', label: 'Failed jobs', permission: 'jobs:manage' },
  { to: '/activity', label: 'Activity', permission: 'audit:read' },
];

/** How often the Returns badge asks for new requests (a count: one cheap query). */
const BADGE_REFRESH_MS = 15_000;

/** The badge's id: the Returns link names it as its description, so its name stays "Returns". */
const RETURNS_BADGE_ID = 'requested-returns';

/** The Returns entry's badge: returns waiting for a decision (status `requested`). */
function RequestedReturnsBadge() {
  const trpc = useTRPC();
  const requested = useQuery({
    ...trpc.admin.returns.list.queryOptions({ status: 'requested', per_page: 1 }),
    refetchInterval: BADGE_REFRESH_MS,
    select: (result) => result.meta.total,
  });
  if (!requested.data) return null;
  return (
    <Badge id={RETURNS_BADGE_ID} size="sm" color="red" title="Returns waiting for a decision">
      {requested.data}
    </Badge>
  );
}

function isCurrent(pathname: string, to: string) {
  return to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
}

/** The signed-in frame: navigation, the admin's name and "Sign out"; signed out → sign-in. */
export function Layout() {
  const token = useSessionToken();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { me } = usePermissions();
  const logout = useMutation(trpc.auth.logout.mutationOptions());
  const menu = allowedEntries(NAVIGATION, me.data?.permissions ?? []);
  if (!token) return <Navigate to="/sign-in" replace state={{ from: pathname }} />;
  const signOut = () => {
    // The session ends on the server; the panel forgets the token whatever the answer.
    logout.mutateAsync({}).finally(() => {
      session.signOut();
      queryClient.clear();
    });
  };
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Title order={1} size="h4">
              Storefront admin
            </Title>
          </Group>
          <Group>
            {me.data ? (
              <Text size="sm" c="dimmed">
                {me.data.name} ({me.data.email}){me.data.role ? ` · ${me.data.role.name}` : ''}
              </Text>
            ) : null}
            <Button variant="default" size="xs" onClick={signOut} loading={logout.isPending}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Main">
        <ScrollArea>
          {menu.map((item, index) => (
            <Fragment key={item.to}>
              {item.section && menu[index - 1]?.section !== item.section ? (
                <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" pt="sm" pb={4}>
                  {item.section}
                </Text>
              ) : null}
              <NavLink
                component={Link}
                to={item.to}
                label={item.label}
                {...(item.to === '/returns'
                  ? {
                      rightSection: <RequestedReturnsBadge />,
                      'aria-label': item.label,
                      'aria-describedby': RETURNS_BADGE_ID,
                    }
                  : {})}
                pl={item.section ? 'lg' : undefined}
                active={isCurrent(pathname, item.to)}
                aria-current={isCurrent(pathname, item.to) ? 'page' : undefined}
                onClick={close}
              />
            </Fragment>
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
