import { errorMessage } from '../../app/background-context';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Skeleton } from '../../ui/Skeleton';
import { Spinner } from '../../ui/Spinner';
import { CONVERSATION_LOG } from './conversation-log';
import type { Conversation } from './use-conversation';

export type ChatLoad = Pick<Conversation, 'loading' | 'loadError' | 'reloadMessages' | 'reloading'>;

/** A chat whose messages are on their way or could not be fetched: never shown as an empty new chat. */
export function ChatLoadState({ loading, loadError, reloadMessages, reloading }: ChatLoad) {
  return (
    <div {...CONVERSATION_LOG} aria-busy={loading}>
      {loading ? (
        <div className="turn">
          <Spinner label="Loading the chat" />
          <Skeleton width="60%" />
          <Skeleton shape="block" height={96} />
        </div>
      ) : (
        <ErrorMessage title="The chat could not be loaded." onRetry={reloadMessages} retrying={reloading}>
          {errorMessage(loadError)}
        </ErrorMessage>
      )}
    </div>
  );
}
