import { useQuery } from '@tanstack/react-query';
import { errorMessage, isOffline } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Switch } from '../../ui/Switch';
import { useAccountClient } from '../account/queries';
import { suggestionModelsQuery, suggestionSettingsQuery, useSuggestionSettingsChange } from './queries';

/**
 * The options page's "Suggestions when saving" section: whether the popup suggests tags and a collection for the page,
 * and with which model. Off, and not switchable, until the user has a model they can use.
 */
export function SuggestionSettings() {
  const client = useAccountClient();
  const settings = useQuery(suggestionSettingsQuery(client));
  const models = useQuery(suggestionModelsQuery(client));
  const change = useSuggestionSettingsChange(client);
  const data = settings.data;
  return (
    <section aria-labelledby="suggestions-heading">
      <h2 id="suggestions-heading">Suggestions when saving</h2>
      <p className="hint">
        Once the popup's form is up, your model suggests tags and a collection for the page, from your own first. The
        page's title, address, description and the start of its text go to that model.
      </p>
      {settings.isError && !isOffline(settings.error) && <Alert tone="error">{errorMessage(settings.error)}</Alert>}
      {change.isError && <Alert tone="error">{errorMessage(change.error)}</Alert>}
      {data && (
        <>
          <Switch
            label="Suggest tags and a collection"
            hint={data.model ? undefined : (data.reason ?? undefined)}
            checked={data.active}
            disabled={!data.model || change.isPending}
            onCheckedChange={(enabled) => change.mutate({ enabled })}
          />
          <label className="field" htmlFor="suggestion-model">
            <span>Model for suggestions</span>
            <select
              id="suggestion-model"
              value={data.modelId ?? ''}
              disabled={change.isPending}
              onChange={(e) => change.mutate({ modelId: e.target.value ? Number(e.target.value) : null })}
            >
              <option value="">Your default text model</option>
              {models.data?.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.displayName} ({m.label})
                </option>
              ))}
            </select>
          </label>
        </>
      )}
    </section>
  );
}
