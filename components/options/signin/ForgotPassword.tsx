import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { useSignInOptions } from './queries';

/**
 * "Forgot password?" under the sign-in form: with mail, a form that asks the server to mail a reset link (its answer
 * is the same whether or not the account exists); without, who can help (the operator's reset command).
 */
export function ForgotPassword() {
  const [open, setOpen] = useState(false);
  const { api, options } = useSignInOptions();
  const [identifier, setIdentifier] = useState('');
  const ask = useMutation({ mutationFn: api.forgotPassword });
  if (!open)
    return (
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        Forgot password?
      </Button>
    );
  if (options?.passwordReset !== 'mail')
    return (
      <Alert tone="info">
        This server sends no mail. Ask its operator for a reset link: they run{' '}
        <code>npm run trove -- reset-password &lt;your username&gt;</code>.
      </Alert>
    );
  return (
    <form
      aria-label="Reset password"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (identifier.trim()) ask.mutate(identifier.trim());
      }}
    >
      <Field id="forgot-identifier" label="Email or username of the account">
        <input id="forgot-identifier" value={identifier} onChange={(e) => setIdentifier(e.target.value)} />
      </Field>
      {ask.isSuccess && <Alert tone="success">{ask.data}</Alert>}
      {ask.isError && <Alert tone="error">{errorMessage(ask.error)}</Alert>}
      <Button type="submit" loading={ask.isPending}>
        Send me a reset link
      </Button>
    </form>
  );
}
