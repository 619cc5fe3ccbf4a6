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
 * user goes (gems, files, chats, keys, sign-ins). `onDeleted` signs this browser out and says it is done.
 */
export function DeleteAccount({
  client,
  onDeleted,
}: {
  client: AccountClient;
  onDeleted: (deleted: DeletedAccount) => void;
}) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const remove = useMutation({
    mutationFn: async () => (await client.call(accountApi.deleteAccount, { body: { data: { password } } })).data,
    onSuccess: (deleted) => onDeleted(deleted),
  });
  const fieldError =
    remove.error instanceof CallError
      ? remove.error.ui.fields?.find((f) => f.path === 'data.password')?.message
      : undefined;
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
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete my account…
        </Button>
      ) : (
        <form onSubmit={submit} aria-label="Delete your account" noValidate>
          <Alert tone="error">
            This deletes your account and everything in it for good: gems, collections, tags, chats, files, keys and
            settings. It cannot be undone.
          </Alert>
          <Field id="delete-password" label="Your password" error={fieldError}>
            <input
              id="delete-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          {remove.isError && !fieldError && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
          <div className="form-actions">
            <Button type="submit" variant="danger" loading={remove.isPending} disabled={!password}>
              Delete everything
            </Button>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
          </div>
        </form>
      )}
    </section>
  );
}
