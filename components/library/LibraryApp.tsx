import { useQuery } from '@tanstack/react-query';
import type { LibraryChat } from '@/lib/chat/chat-requests';
import type { AccessSource } from '@/lib/chat/panel-transport';
import type { LibraryApi } from '@/lib/library/library-api';
import { errorMessage, useBackground } from '../app/background-context';
import { sessionQuery } from '../app/queries';
import { EmptyState } from '../ui/EmptyState';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Spinner } from '../ui/Spinner';
import { Library } from './Library';
import { LibraryApiProvider } from './library-api-context';
import { MovesProvider } from './use-moves';

interface Props {
  /** A server client made elsewhere (component tests); by default one with tokens lent by the background. */
  api?: LibraryApi;
  /** The tokens lent by the background, when the page asked for them before rendering. */
  access?: AccessSource;
  perPage?: number;
  onChat?: (about: LibraryChat) => Promise<void>;
}

/** The library page: everything saved, to find, read and organise; signed out, the way to sign in. */
export function LibraryApp({ api, access, perPage, onChat }: Props) {
  const background = useBackground();
  const session = useQuery(sessionQuery(background));
  const user = session.data?.user;
  if (user)
    return (
      <LibraryApiProvider api={api} access={access} key={user.id}>
        <MovesProvider>
          <Library perPage={perPage} onChat={onChat} />
        </MovesProvider>
      </LibraryApiProvider>
    );
  return (
    <div className="library-page">
      <header className="library-top">
        <h1>Trove library</h1>
      </header>
      {session.isPending && <Spinner label="Loading" />}
      {session.isError && <ErrorMessage>{errorMessage(session.error)}</ErrorMessage>}
      {session.data && !user && (
        <EmptyState
          title="Sign in to see your library"
          headingLevel={2}
          action={
            <a className="ui-button ui-button-primary ui-button-md" href="/options.html#account">
              Sign in
            </a>
          }
        >
          Your gems are kept on your Trove server.
        </EmptyState>
      )}
    </div>
  );
}
