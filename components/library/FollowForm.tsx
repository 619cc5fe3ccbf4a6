import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../app/background-context';
import { Button } from '../ui/Button';
import { Field } from '../ui/Field';
import { useLibraryApi } from './library-api-context';
import { libraryKeys } from './queries';

/** Follow a public collection by its address (`username/slug` or its page's address). */
export function FollowForm({ initial, onDone }: { initial?: string | null; onDone?: () => void }) {
  const api = useLibraryApi();
  const client = useQueryClient();
  const [address, setAddress] = useState(initial ?? '');
  const follow = useMutation({
    mutationFn: (value: string) => api.follow(value),
    onSuccess: async () => {
      setAddress('');
      onDone?.();
      await client.invalidateQueries({ queryKey: libraryKeys.following });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (address.trim()) follow.mutate(address.trim());
  };
  return (
    <form className="library-follow-form" onSubmit={submit}>
      <Field
        id="library-follow-address"
        label="Follow a public collection (its address)"
        error={follow.error ? errorMessage(follow.error) : undefined}
      >
        <input
          id="library-follow-address"
          type="text"
          value={address}
          placeholder="username/collection or https://…/username/collection"
          onChange={(event) => {
            setAddress(event.target.value);
            follow.reset();
          }}
        />
      </Field>
      <Button type="submit" size="sm" loading={follow.isPending} disabled={!address.trim()}>
        Follow
      </Button>
      {follow.isSuccess && (
        <p className="hint" role="status">
          Following {follow.data.name} by {follow.data.owner.username}
        </p>
      )}
    </form>
  );
}
