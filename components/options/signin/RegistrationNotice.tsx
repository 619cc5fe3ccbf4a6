import type { UseFormRegisterReturn } from 'react-hook-form';
import type { RegistrationMode } from '@/lib/api/operator-contract';
import { Alert } from '../../ui/Alert';
import { Field } from '../../ui/Field';

/** What the sign-up form says under the server's registration mode: closed, or the invitation code field. */
export function RegistrationNotice({
  mode,
  invitation,
  error,
}: {
  mode: RegistrationMode | undefined;
  invitation: UseFormRegisterReturn;
  error?: string;
}) {
  if (mode === 'closed')
    return <Alert tone="info">Registration is closed on this server: ask its administrator for an account.</Alert>;
  if (mode !== 'invite') return null;
  return (
    <Field id="signup-invitation" label="Invitation code (from your invitation link)" error={error}>
      <input id="signup-invitation" autoComplete="off" {...invitation} />
    </Field>
  );
}
