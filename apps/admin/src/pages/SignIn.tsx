import {
  Alert,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { errorMessage, fieldErrors, httpStatusOf } from '../lib/errors';
import { session } from '../lib/session';
import { useSessionToken } from '../lib/use-session';
import { createTrpcClient, useTRPCClient } from '../trpc';

export const NOT_AN_ADMIN =
  'This account is not an admin account. Sign in with the e-mail and password of an admin.';

/**
 * Signs in with the storefront's own login, then asks for the admin's profile: a customer's
 * token answers 403 there, so it is signed out at once and told why.
 */
export function SignInPage() {
  const token = useSessionToken();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [message, setMessage] = useState<string | null>(null);
  // A notice handed over by the page that sent the person here (the invitation's password set).
  const notice = (location.state as { notice?: string } | null)?.notice;
  if (token) return <Navigate to="/" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    setMessage(null);
    try {
      const login = await client.auth.login.mutate({ email, password, device_name: 'Admin panel' });
      const adminToken = login.data.token;
      // The check uses the new token itself: nothing is stored until it proves an admin's.
      const asNewSession = createTrpcClient(() => adminToken);
      const me = await asNewSession.admin.admins.me.query().catch((caught: unknown) => {
        if (httpStatusOf(caught) === 403) return null;
        throw caught;
      });
      if (!me) {
        await asNewSession.auth.logout.mutate({}).catch(() => {});
        setMessage(NOT_AN_ADMIN);
        return;
      }
      queryClient.clear();
      session.signIn(adminToken);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== '/sign-in' ? from : '/', { replace: true });
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };

  const errors = fieldErrors(error);
  return (
    <Center mih="100vh" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" w={380}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={1} size="h3">
              Storefront admin
            </Title>
            {notice ? (
              <Alert color="green" role="status">
                {notice}
              </Alert>
            ) : null}
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              required
              value={email}
              error={errors.email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <PasswordInput
              label="Password"
              visibilityToggleButtonProps={{ 'aria-label': 'Show the typed characters' }}
              autoComplete="current-password"
              required
              value={password}
              error={errors.password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            {message ? (
              <Alert color="red" role="alert">
                {message}
              </Alert>
            ) : null}
            {error && Object.keys(errors).length === 0 ? (
              <Alert color="red" role="alert">
                {errorMessage(error)}
              </Alert>
            ) : null}
            <Button type="submit" loading={pending}>
              Sign in
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
