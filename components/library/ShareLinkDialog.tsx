import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LinkTarget } from '@/lib/library/share-links-api';
import { errorMessage } from '../app/background-context';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Spinner } from '../ui/Spinner';
import { useLibraryApi } from './library-api-context';
import { libraryKeys, shareLinkQuery } from './queries';
import { ShareLinkForm } from './ShareLinkForm';

interface Props {
  /** The dialog's heading: "Share link to Recipes". */
  title: string;
  target: LinkTarget;
  onClose: () => void;
}

const WHAT: Record<LinkTarget['kind'], string> = {
  collection: 'this collection and its sub-collections',
  tag: 'the gems with this tag or its sub-tags',
  gem: 'this gem',
};

/**
 * Share link…: one unguessable address for a collection, a tag or a gem (server/features/share-links/), made here on
 * demand, then its settings: who may open it, password, expiry, notes, disabled, a new address, its open count.
 */
export function ShareLinkDialog({ title, target, onClose }: Props) {
  const api = useLibraryApi();
  const queryClient = useQueryClient();
  const link = useQuery(shareLinkQuery(api, target));
  const create = useMutation({
    mutationFn: () => api.shareLinks.save(target),
    onSuccess: (made) => queryClient.setQueryData(libraryKeys.shareLink(target), made),
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={`A link that opens ${WHAT[target.kind]} read-only, as a plain page.`}
      className="share-link-dialog"
    >
      {link.isPending && <Spinner label="Loading the link" />}
      {link.isError && (
        <ErrorMessage onRetry={() => void link.refetch()} retrying={link.isFetching}>
          {errorMessage(link.error)}
        </ErrorMessage>
      )}
      {link.data === null && (
        <div className="share-link-none">
          <p>
            No link yet. Once made, anyone with it can open it until you change who may, disable it or make a new one.
          </p>
          {create.isError && <ErrorMessage title="No link made">{errorMessage(create.error)}</ErrorMessage>}
          <div className="dialog-actions">
            <Button onClick={onClose}>Close</Button>
            <Button variant="primary" loading={create.isPending} onClick={() => create.mutate()}>
              Create link
            </Button>
          </div>
        </div>
      )}
      {link.data && <ShareLinkForm target={target} link={link.data} onClose={onClose} />}
    </Dialog>
  );
}
