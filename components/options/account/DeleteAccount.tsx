import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { CallError } from '@/lib/api/call-error';
import { accountApi } from '@/lib/api/routes/account';
import { errorMessage } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { ExportAllData } from '../ExportAllData';
import type { AccountClient } from './queries';

export interface DeletedAccount {
  gems: number;
  files: number;
}

/**
 * Delete the account: "Export all my data" is offered first; then, with the password typed again, everything of the
 * user goes (gems, files, chats, keys, sign-ins). An account without a password (made through single sign-on)
 * confirms by typing its username instead (server/features/account/delete-account.ts). `onDeleted` signs this browser
 * out and says it is done.
 */
export function DeleteAccount({
  client,
  username,
  hasPassword,
  onDeleted,
}: {
  client: AccountClient;
  username: string;
  /** Whether the account has a password to confirm with (else its username is typed); undefined while asked. */
  hasPassword: boolean | undefined;
  onDeleted: (deleted: DeletedAccount) => void;
}) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const field = hasPassword ? 'password' : 'username';
  const remove = useMutation({
    mutationFn: async () => (await client.call(accountApi.deleteAccount, { body: { data: { [field]: typed } } })).data,
    onSuccess: (deleted) => onDeleted(deleted),
  });
  const fieldError =
    remove.error instanceof CallError
      ? remove.error.ui.fields?.find((f) => f.path === `data.${field}`)?.message
      : undefined;
  const ready = hasPassword ? typed !== '' : typed === username;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate();
  };
  return (
    <section aria-labelledby="delete-account-heading" className="delete-account">
      <h3 id="delete-account-heading">Delete your account</h3>
      <p className="hint">Before you go, keep a copy of everything:</p>
      <ExportAllData />
      {!open ? (
        <Button variant="danger" loading={hasPassword === undefined} onClick={() => setOpen(true)}>
          Delete my account…
        </Button>
      ) : (
        <form onSubmit={submit} aria-label="Delete your account" noValidate>
          <Alert tone="error">
            This deletes your account and everything in it for good: gems, collections, tags, chats, files, keys and
            settings. It cannot be undone.
          </Alert>
          {hasPassword ? (
            <Field id="delete-password" label="Your password" error={fieldError}>
              <input
                id="delete-password"
                type="password"
                autoComplete="current-password"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
              />
            </Field>
          ) : (
            <>
              <p className="hint">Your account has no password (you sign in with single sign-on).</p>
              <Field id="delete-username" label={`Type your username, ${username}, to confirm`} error={fieldError}>
                <input
                  id="delete-username"
                  autoComplete="off"
                  spellCheck={false}
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                />
              </Field>
            </>
          )}
          {remove.isError && !fieldError && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
          <div className="form-actions">
            <Button type="submit" variant="danger" loading={remove.isPending} disabled={!ready}>
              Delete everything
            </Button>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
          </div>
        </form>
      )}
    </section>
  );
}
