import './share.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { ChatShare } from '@/lib/api/chat-contract';
import { errorMessage } from '../../app/background-context';
import { Button } from '../../ui/Button';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/Toast';
import { useChatApi } from '../chat-api-context';
import { useConversations } from '../chat-session';
import { shareKeys, shareLinkQuery } from './queries';

/** The drawer's Invite Other, for the stored chat (none yet: nothing to share). */
export function InviteDrawer() {
  const { chatId } = useConversations().stored;
  return chatId === null ? null : <InvitePanel chatId={chatId} />;
}

/**
 * Invite Other: a read-only link to the chat that anyone can open without signing in, served by the
 * server as a plain page; it can be turned off (the link then answers "not shared"), and made anew.
 */
export function InvitePanel({ chatId }: { chatId: number }) {
  const api = useChatApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const linkId = useId();
  const link = useQuery(shareLinkQuery(api, chatId));
  const setLink = (share: ChatShare | null) => queryClient.setQueryData(shareKeys.link(chatId), share);
  const create = useMutation({ mutationFn: () => api.createShareLink(chatId), onSuccess: setLink });
  const turnOff = useMutation({
    mutationFn: () => api.deleteShareLink(chatId),
    onSuccess: () => {
      setLink(null);
      toast('success', 'Link turned off: it no longer opens this chat');
    },
  });
  const copy = (url: string) =>
    navigator.clipboard.writeText(url).then(
      () => toast('success', 'Link copied'),
      (error: unknown) => toast('error', errorMessage(error)),
    );

  if (link.isPending) return <Spinner label="Loading the share link" />;
  if (link.isError)
    return (
      <ErrorMessage onRetry={() => void link.refetch()} retrying={link.isFetching}>
        {errorMessage(link.error)}
      </ErrorMessage>
    );
  const failure = create.error ?? turnOff.error;
  return (
    <div className="invite-panel">
      <p>
        Anyone with the link can read this chat, its questions and answers, without signing in. They cannot change it.
        You can turn the link off at any time.
      </p>
      {link.data ? (
        <>
          <label htmlFor={linkId}>Share link</label>
          <input id={linkId} className="ui-input" readOnly value={link.data.url} onFocus={(e) => e.target.select()} />
          <div className="invite-actions">
            <Button variant="primary" onClick={() => link.data && void copy(link.data.url)}>
              Copy link
            </Button>
            <Button variant="danger" loading={turnOff.isPending} onClick={() => turnOff.mutate()}>
              Turn off link
            </Button>
          </div>
        </>
      ) : (
        <Button
          variant="primary"
          loading={create.isPending}
          onClick={() => create.mutate(undefined, { onSuccess: (share) => void copy(share.url) })}
        >
          Create link and copy it
        </Button>
      )}
      {failure ? <ErrorMessage>{errorMessage(failure)}</ErrorMessage> : null}
    </div>
  );
}
