import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { BrowserShortcuts } from '../app/BrowserShortcuts';
import { errorMessage, useBackground } from '../app/background-context';
import { sessionQuery } from '../app/queries';
import { QueueStatus } from '../queue/QueueStatus';
import { Alert } from '../ui/Alert';
import { Spinner } from '../ui/Spinner';
import { AccountPanel } from './AccountPanel';
import { AiSettings } from './AiSettings';
import { AppearanceSettings } from './AppearanceSettings';
import { AdminPanel } from './admin/AdminPanel';
import { ConnectionBanner } from './ConnectionBanner';
import { EmbeddingSettings } from './embeddings/EmbeddingSettings';
import { FirstRunSteps } from './FirstRunSteps';
import { OptionsContents } from './OptionsContents';
import { AnonymousUseSettings } from './public-prompts/AnonymousUseSettings';
import { QuickSaveSettings } from './QuickSaveSettings';
import { RecentGems } from './RecentGems';
import { ReportBugButton } from './ReportBugButton';
import { ServerSettings } from './ServerSettings';
import { SuggestionSettings } from './suggestions/SuggestionSettings';
import { TeamsSection } from './teams/TeamsSection';
import { useAiSettingsRoute } from './use-ai-settings-route';

export function OptionsApp() {
  const background = useBackground();
  const session = useQuery(sessionQuery(background));
  useAiSettingsRoute(!!session.data?.user);
  const page = useRef<HTMLElement>(null);
  return (
    <main className="options" ref={page}>
      <h1>Trove</h1>
      <OptionsContents page={page} />
      {session.isPending && <Spinner label="Loading" />}
      {session.isError && <Alert tone="error">{errorMessage(session.error)}</Alert>}
      {session.data && (
        <>
          {session.data.user ? (
            <ConnectionBanner serverUrl={session.data.serverUrl} />
          ) : (
            <FirstRunSteps serverUrl={session.data.serverUrl} />
          )}
          <ServerSettings serverUrl={session.data.serverUrl} />
          <AccountPanel user={session.data.user} />
          {session.data.user && <ReportBugButton />}
          {session.data.user && <QuickSaveSettings />}
          {session.data.user && <AiSettings key={`ai-${session.data.user.id}`} />}
          {session.data.user && <SuggestionSettings key={`suggestions-${session.data.user.id}`} />}
          {session.data.user && <EmbeddingSettings key={`embeddings-${session.data.user.id}`} />}
          {session.data.user && <AnonymousUseSettings key={`anonymous-${session.data.user.id}`} />}
          {session.data.user && <TeamsSection key={`teams-${session.data.user.id}`} selfId={session.data.user.id} />}
          {session.data.user && (
            <section aria-labelledby="queue-heading">
              <h2 id="queue-heading">Saves waiting</h2>
              <QueueStatus detailed />
            </section>
          )}
          <section aria-labelledby="shortcuts-heading">
            <h2 id="shortcuts-heading">Keyboard shortcuts</h2>
            <BrowserShortcuts />
          </section>
          <AppearanceSettings />
          {session.data.user && <RecentGems key={session.data.user.id} />}
          {session.data.user?.is_admin && (
            <AdminPanel key={`admin-${session.data.user.id}`} selfId={session.data.user.id} />
          )}
        </>
      )}
    </main>
  );
}
