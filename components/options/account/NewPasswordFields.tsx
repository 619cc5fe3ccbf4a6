import type { UseFormRegisterReturn } from 'react-hook-form';
import { passwordRules, passwordStrength } from '@/lib/api/validators';
import { Field } from '../../ui/Field';

interface Props {
  /** What is typed in the new password field, to tick off the rules as they are met. */
  password: string;
  newInput: UseFormRegisterReturn;
  confirmInput: UseFormRegisterReturn;
  newError?: string;
  confirmError?: string;
}

/** The new password, each strength rule said as it is met, and the password again (Change and Set a password). */
export function NewPasswordFields({ password, newInput, confirmInput, newError, confirmError }: Props) {
  return (
    <>
      <Field id="password-new" label="New password" error={newError}>
        <input id="password-new" type="password" autoComplete="new-password" {...newInput} />
      </Field>
      <PasswordRules password={password} />
      <Field id="password-confirm" label="New password again" error={confirmError}>
        <input id="password-confirm" type="password" autoComplete="new-password" {...confirmInput} />
      </Field>
    </>
  );
}

function PasswordRules({ password }: { password: string }) {
  const strength = passwordStrength(password);
  return (
    <ul className="password-rules" aria-label="The new password needs">
      {passwordRules.map(({ rule, message }) => (
        <li key={rule} className={strength[rule] ? 'met' : 'unmet'}>
          {strength[rule] ? '✓' : '○'} {message}
          <span className="visually-hidden">{strength[rule] ? ' (met)' : ' (not yet)'}</span>
        </li>
      ))}
    </ul>
  );
}
