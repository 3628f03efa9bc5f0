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
import { session } from '../lib/session';
import { useSessionToken } from '../lib/use-session';
import { useTRPC } from '../trpc';

/** The pages in the order shown; a `section` groups its pages under its name (the tax pages). */
const NAVIGATION: readonly { to: string; label: string; section?: string }[] = [
  { to: '/', label: 'Dashboard' },
  { to: '/orders', label: 'Orders' },
  { to: '/returns', label: 'Returns' },
  { to: '/products', label: 'Products' },
  { to: '/categories', label: 'Categories' },
  { to: '/coupons', label: 'Coupons' },
  { to: '/gift-cards', label: 'Gift cards' },
  { to: '/banners', label: 'Banners' },
  { to: '/customers', label: 'Customers' },
  { to: '/reviews', label: 'Reviews' },
  { to: '/notifications', label: 'Notifications' },
  { to: '/currencies', label: 'Currencies' },
  { to: '/shipping-methods', label: 'Shipping methods' },
  { to: '/delivery-rules', label: 'Delivery rules' },
  { to: '/tax-categories', label: 'Tax categories', section: 'Tax' },
  { to: '/tax-rules', label: 'Tax rules', section: 'Tax' },
  { to: '/tax-rates', label: 'Tax rates', section: 'Tax' },
  { to: '/settings', label: 'Settings' },
  { to: '/admins', label: 'Admins' },
  { to: '/failed-jobs', label: 'Failed jobs' },
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
  const me = useQuery({ ...trpc.admin.admins.me.queryOptions(undefined), enabled: token !== null });
  const logout = useMutation(trpc.auth.logout.mutationOptions());
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
                {me.data.data.name} ({me.data.data.email})
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
          {NAVIGATION.map((item, index) => (
            <Fragment key={item.to}>
              {item.section && NAVIGATION[index - 1]?.section !== item.section ? (
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
