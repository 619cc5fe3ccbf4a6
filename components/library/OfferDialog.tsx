import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../app/background-context';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Field } from '../ui/Field';
import { useLibraryApi } from './library-api-context';
import { libraryKeys } from './queries';

interface Props {
  gem: { id: number; title: string };
  onClose: () => void;
}

/**
 * Offer to a public collection…: the gem offered by the collection's public address. Nothing is written in the
 * owner's collection until they approve it; the outcome shows in the sidebar's Your offers.
 */
export function OfferDialog({ gem, onClose }: Props) {
  const api = useLibraryApi();
  const client = useQueryClient();
  const id = useId();
  const [address, setAddress] = useState('');
  const offer = useMutation({
    mutationFn: (value: string) => api.moderation.offer(gem.id, value),
    onSuccess: () => client.invalidateQueries({ queryKey: libraryKeys.offersAll }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (address.trim()) offer.mutate(address.trim());
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Offer ${gem.title}`}
      description="Offer it to someone's public collection that accepts offers. They see its title, address, description and image, and decide; your gem stays yours."
    >
      <form className="offer-form" onSubmit={submit} noValidate>
        <Field
          id={`${id}-address`}
          label="The public collection's address"
          error={offer.error ? errorMessage(offer.error) : undefined}
        >
          <input
            id={`${id}-address`}
            value={address}
            placeholder="username/collection or https://…/username/collection"
            onChange={(e) => {
              setAddress(e.target.value);
              offer.reset();
            }}
          />
        </Field>
        {offer.isSuccess && (
          <p className="hint" role="status">
            Offered to {offer.data.collection.name} by {offer.data.owner.username}: it waits for their approval (see
            Your offers).
          </p>
        )}
        <div className="dialog-actions">
          <Button onClick={onClose}>Close</Button>
          <Button type="submit" variant="primary" loading={offer.isPending} disabled={!address.trim()}>
            Offer
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
