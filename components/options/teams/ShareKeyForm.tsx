import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { teamsApi } from '@/lib/api/routes/teams';
import type { Team } from '@/lib/api/teams-contract';
import { Button } from '../../ui/Button';
import type { AccountClient } from '../account/queries';
import { myEndpointsQuery, useTeamChange } from './queries';

/** The providers whose keys a member can share (those a key makes usable). */
const SHAREABLE = ['OpenAI', 'Anthropic', 'Google', 'Mistral', 'Groq'] as const;

/** What the select's value names: a provider's key, or one of the user's endpoints (`endpoint:<id>`). */
const shareTarget = (value: string) =>
  value.startsWith('endpoint:') ? { endpointId: Number(value.slice('endpoint:'.length)) } : { provider: value };

/**
 * Shares the user's own key of a provider, or one of their custom endpoints, with the team. Neither a key nor an
 * endpoint's address is sent to members (server/features/teams/team-keys.ts).
 */
export function ShareKeyForm({
  client,
  team,
  share,
}: {
  client: AccountClient;
  team: Team;
  share: ReturnType<typeof useShareKey>;
}) {
  const endpoints = useQuery(myEndpointsQuery(client));
  const [value, setValue] = useState<string>('OpenAI');
  const selectId = `team-${team.id}-provider`;
  return (
    <form
      aria-label={`Share a key with ${team.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        share.mutate(value);
      }}
    >
      <label htmlFor={selectId}>Share my key of</label>
      <select id={selectId} value={value} onChange={(e) => setValue(e.target.value)}>
        <optgroup label="Providers">
          {SHAREABLE.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </optgroup>
        {!!endpoints.data?.length && (
          <optgroup label="My custom endpoints">
            {endpoints.data.map((endpoint) => (
              <option key={endpoint.id} value={`endpoint:${endpoint.id}`}>
                {endpoint.name}
              </option>
            ))}
          </optgroup>
        )}
      </select>
      <Button type="submit" size="sm" loading={share.isPending}>
        Share key
      </Button>
    </form>
  );
}

/** Shares what ShareKeyForm's select names with the team. */
export const useShareKey = (client: AccountClient, teamId: number) =>
  useTeamChange((value: string) =>
    client.call(teamsApi.shareKey, { body: { data: { teamId, ...shareTarget(value) } } }),
  );
