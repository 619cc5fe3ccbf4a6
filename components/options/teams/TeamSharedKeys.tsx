import { useQuery } from '@tanstack/react-query';
import { teamsApi } from '@/lib/api/routes/teams';
import type { Team, TeamKey } from '@/lib/api/teams-contract';
import { errorMessage } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import type { AccountClient } from '../account/queries';
import { catalogueQuery, teamKeysQuery, useTeamChange } from './queries';
import { ShareKeyForm, useShareKey } from './ShareKeyForm';

/** How a shared key is named in the list: a provider's by its mask, an endpoint by its name only. */
const keyName = (key: TeamKey) =>
  key.kind === 'endpoint' ? `${key.provider} (custom endpoint)` : `${key.provider} ${key.keyMask ?? ''}`.trim();

/**
 * Keys and custom endpoints shared with the team (never the key: its mask; an endpoint only by name): any member shares
 * their own; owner and admins choose the models members may use through each; each member makes a provider's key their
 * default or stops using it.
 */
export function TeamSharedKeys({ client, team, selfId }: { client: AccountClient; team: Team; selfId: number }) {
  const keys = useQuery(teamKeysQuery(client, team.id));
  const manages = team.role !== 'member';
  const models = useQuery({ ...catalogueQuery(client), enabled: manages });
  const share = useShareKey(client, team.id);
  const allow = useTeamChange(({ key, modelId, on }: { key: TeamKey; modelId: number; on: boolean }) =>
    client.call(on ? teamsApi.addModel : teamsApi.removeModel, { body: { data: { settingId: key.id, modelId } } }),
  );
  const choose = useTeamChange(({ key, choice }: { key: TeamKey; choice: 'default' | 'removed' }) =>
    client.call(choice === 'default' ? teamsApi.setDefault : teamsApi.removeShared, {
      body: { data: { type: key.provider, settingId: key.id } },
    }),
  );
  const stop = useTeamChange((key: TeamKey) =>
    client.call(teamsApi.deleteSharedSettings, { body: { data: { teamId: team.id, settingId: key.id } } }),
  );
  const failed = [share, allow, choose, stop].find((m) => m.isError)?.error;
  return (
    <div className="team-keys">
      <h4>Shared keys</h4>
      {keys.isError && <Alert tone="error">{errorMessage(keys.error)}</Alert>}
      {keys.data?.length === 0 && <p className="hint">No key is shared with this team.</p>}
      <ul aria-label={`Keys shared with ${team.name}`}>
        {keys.data?.map((key) => (
          <li key={key.id}>
            <span>
              {keyName(key)} · shared by {key.sharedBy.username}
            </span>
            {key.unusableReason && <span className="team-status"> · {key.unusableReason}</span>}
            {key.choice && (
              <span className="hint"> · {key.choice === 'default' ? 'your default' : 'not used by you'}</span>
            )}
            {manages ? (
              <fieldset>
                <legend>
                  Models members may use with the {key.provider} {key.kind === 'endpoint' ? 'endpoint' : 'key'}
                </legend>
                {models.data
                  ?.filter((m) => m.provider === key.provider && !m.isCurateitAI)
                  .map((m) => (
                    <label key={m.id} className="team-model">
                      <input
                        type="checkbox"
                        checked={key.models.some((allowed) => allowed.id === m.id)}
                        onChange={(e) => allow.mutate({ key, modelId: m.id, on: e.target.checked })}
                      />
                      {m.displayName}
                    </label>
                  ))}
              </fieldset>
            ) : (
              <p className="hint">Models: {key.models.map((m) => m.displayName).join(', ') || 'none yet'}</p>
            )}
            <div className="team-row">
              {key.kind === 'provider' && (
                <>
                  <Button size="sm" onClick={() => choose.mutate({ key, choice: 'default' })}>
                    Use as my default
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => choose.mutate({ key, choice: 'removed' })}>
                    Stop using it
                  </Button>
                </>
              )}
              {(manages || key.sharedBy.id === selfId) && (
                <Button size="sm" variant="danger" onClick={() => stop.mutate(key)}>
                  Stop sharing
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <ShareKeyForm client={client} team={team} share={share} />
      {failed && <Alert tone="error">{errorMessage(failed)}</Alert>}
    </div>
  );
}
