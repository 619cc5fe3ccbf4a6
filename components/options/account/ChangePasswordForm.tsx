import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { changePasswordBody } from '@/lib/api/account-contract';
import { accountApi } from '@/lib/api/routes/account';
import { placeFieldErrors } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { NewPasswordFields } from './NewPasswordFields';
import type { AccountClient } from './queries';

type Values = z.input<typeof changePasswordBody>;

/** The strength rules, each said met or not as the new password is typed. */

/** Change password: the current one, a new one meeting every rule, the same again. Every other sign-in is signed out. */
export function ChangePasswordForm({ client }: { client: AccountClient }) {
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, control, reset } = useForm<Values>({
    resolver: zodResolver(changePasswordBody),
    mode: 'onChange',
    defaultValues: { currentPassword: '', password: '', passwordConfirmation: '' },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';
  const change = useMutation({
    mutationFn: async (body: Values) => (await client.call(accountApi.changePassword, { body })).data,
  });
  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await change.mutateAsync(values);
      reset();
    } catch (error) {
      setFormError(placeFieldErrors(error, ['currentPassword', 'password', 'passwordConfirmation'], setError));
    }
  });
  const done = change.data;
  return (
    <form onSubmit={submit} aria-label="Change password" noValidate>
      <h3>Change password</h3>
      <Field id="password-current" label="Current password" error={formState.errors.currentPassword?.message}>
        <input id="password-current" type="password" autoComplete="current-password" {...register('currentPassword')} />
      </Field>
      <NewPasswordFields
        password={password}
        newInput={register('password')}
        confirmInput={register('passwordConfirmation')}
        newError={formState.errors.password?.message}
        confirmError={formState.errors.passwordConfirmation?.message}
      />
      {formError && <Alert tone="error">{formError}</Alert>}
      {done && !formState.isDirty && (
        <Alert tone="success">
          Password changed.{' '}
          {done.signedOut === 1
            ? '1 other sign-in was signed out.'
            : `${done.signedOut} other sign-ins were signed out.`}
        </Alert>
      )}
      <Button type="submit" variant="primary" className="form-submit" loading={change.isPending}>
        Change password
      </Button>
    </form>
  );
}
