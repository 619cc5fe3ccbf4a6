import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { setPasswordBody } from '@/lib/api/account-contract';
import { accountApi } from '@/lib/api/routes/account';
import { placeFieldErrors } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { NewPasswordFields } from './NewPasswordFields';
import { type AccountClient, accountKeys } from './queries';

type Values = z.input<typeof setPasswordBody>;

/**
 * An account made by signing in with the server's single sign-on has no password: it says so and sets a first one
 * without a current password (`POST /api/auth/set-password`); then the section shows Change password.
 */
export function SetPasswordForm({ client }: { client: AccountClient }) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, control } = useForm<Values>({
    resolver: zodResolver(setPasswordBody),
    mode: 'onChange',
    defaultValues: { password: '', passwordConfirmation: '' },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';
  const set = useMutation({
    mutationFn: async (body: Values) => (await client.call(accountApi.setPassword, { body })).data,
    onSuccess: (data) => queryClient.setQueryData(accountKeys.password, data),
  });
  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await set.mutateAsync(values);
    } catch (error) {
      setFormError(placeFieldErrors(error, ['password', 'passwordConfirmation'], setError));
    }
  });
  return (
    <form onSubmit={submit} aria-label="Set a password" noValidate>
      <h3>Set a password</h3>
      <p className="hint">
        Your account was made when you signed in with single sign-on, so it has no password. Set one to sign in with
        your email or username too; no current password is needed.
      </p>
      <NewPasswordFields
        password={password}
        newInput={register('password')}
        confirmInput={register('passwordConfirmation')}
        newError={formState.errors.password?.message}
        confirmError={formState.errors.passwordConfirmation?.message}
      />
      {formError && <Alert tone="error">{formError}</Alert>}
      <Button type="submit" variant="primary" className="form-submit" loading={set.isPending}>
        Set password
      </Button>
    </form>
  );
}
