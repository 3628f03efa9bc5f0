import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage, fieldErrors } from '../lib/errors';
import { useTRPC } from '../trpc';

/** Shown on the sign-in page after the password is set (router state, not the address). */
export const PASSWORD_SET = 'Your password is set: sign in with your e-mail and the new password.';

/**
 * The invitation e-mail's link, `/admin/accept-invite?token=…` (docs/admin-panel.md "Roles"):
 * public, no session. staff.acceptInvite sets the password; a used, expired or unknown token
 * answers 400 INVALID_TOKEN, shown as the server words it; success leads to sign-in.
 */
export function AcceptInvitePage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const accept = useMutation({
    ...trpc.staff.acceptInvite.mutationOptions(),
    onSuccess: () => navigate('/sign-in', { replace: true, state: { notice: PASSWORD_SET } }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMismatch(password !== repeated);
    if (password !== repeated) return;
    accept.mutate({ token, password });
  };
  const errors = fieldErrors(accept.error);
  return (
    <Center mih="100vh" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" w={400}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={1} size="h3">
              Set your password
            </Title>
            {token ? (
              <Text size="sm" c="dimmed">
                You were invited to the Storefront admin. Choose a password (8–128 characters), then
                sign in with your e-mail and it.
              </Text>
            ) : (
              <Alert color="red" role="alert">
                This link has no invitation token. Open the link from the invitation e-mail again.
              </Alert>
            )}
            <PasswordInput
              label="New password"
              visibilityToggleButtonProps={{ 'aria-label': 'Show the typed characters' }}
              autoComplete="new-password"
              required
              value={password}
              error={errors.password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <PasswordInput
              label="Repeat the password"
              visibilityToggleButtonProps={{ 'aria-label': 'Show the repeated characters' }}
              autoComplete="new-password"
              required
              value={repeated}
              error={mismatch ? 'The two passwords differ.' : undefined}
              onChange={(event) => setRepeated(event.currentTarget.value)}
            />
            {accept.error && !errors.password ? (
              <Alert color="red" role="alert" title="The password was not set">
                {errorMessage(accept.error)}
              </Alert>
            ) : null}
            <Button type="submit" loading={accept.isPending} disabled={!token}>
              Set password
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
