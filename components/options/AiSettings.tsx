import { useAiData } from '../ai-settings/use-ai-settings';
import { errorMessage, isOffline } from '../app/background-context';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Spinner } from '../ui/Spinner';
import { DefaultsForm } from './ai/DefaultsForm';
import { CustomEndpoints } from './ai/endpoints/CustomEndpoints';
import { ModelList } from './ai/ModelList';
import { ProviderKeyRow } from './ai/ProviderKeyRow';

/**
 * AI settings (in the options page until the side panel exists): provider keys, shown only masked;
 * the models with their labels and capabilities; the default text and image model and language.
 */
export function AiSettings() {
  const { settings, models } = useAiData();
  const failed = settings.error ?? models.error;
  return (
    <section id="ai-settings" aria-labelledby="ai-settings-heading" aria-busy={settings.isPending || models.isPending}>
      <h2 id="ai-settings-heading">AI settings</h2>
      {(settings.isPending || models.isPending) && !failed && <Spinner label="Loading AI settings" />}
      {failed && !isOffline(failed) && (
        <ErrorMessage
          retryLabel="Try again"
          retrying={settings.isFetching || models.isFetching}
          onRetry={() => {
            void settings.refetch();
            void models.refetch();
          }}
        >
          {errorMessage(failed)}
        </ErrorMessage>
      )}
      {settings.data && models.data && (
        <>
          <DefaultsForm models={models.data} settings={settings.data} />
          <h3>Provider keys</h3>
          <p className="hint">
            Keys are sent to your Trove server, stored there encrypted and never kept in the browser.
          </p>
          <ul className="ai-providers">
            {settings.data.providers.map((p) => (
              <ProviderKeyRow key={p.slug} provider={p} credits={settings.data.credits} />
            ))}
          </ul>
          <CustomEndpoints />
          <h3>Models</h3>
          <ModelList models={models.data} settings={settings.data} />
        </>
      )}
    </section>
  );
}
