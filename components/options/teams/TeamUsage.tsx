import { useQuery } from '@tanstack/react-query';
import type { Team } from '@/lib/api/teams-contract';
import { errorMessage } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import type { AccountClient } from '../account/queries';
import { formatUsd } from './money';
import { usageQuery } from './queries';

/** This month's spending through the team's keys, per member and per member and model (owner and admins). */
export function TeamUsage({ client, team }: { client: AccountClient; team: Team }) {
  const usage = useQuery(usageQuery(client, team.id));
  if (usage.isError) return <Alert tone="error">{errorMessage(usage.error)}</Alert>;
  if (!usage.data) return null;
  return (
    <div className="team-usage">
      <h4>Usage in {usage.data.month}</h4>
      <table aria-label={`Usage per member in ${team.name}`}>
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">Allowance</th>
            <th scope="col">Spent</th>
            <th scope="col">Held by answers running</th>
          </tr>
        </thead>
        <tbody>
          {usage.data.members.map((row) => (
            <tr key={row.user.id}>
              <th scope="row">{row.user.username}</th>
              <td>{formatUsd(row.allowanceUsd)}</td>
              <td>{formatUsd(row.spentUsd)}</td>
              <td>{formatUsd(row.heldUsd)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {usage.data.models.length > 0 && (
        <table aria-label={`Usage per model in ${team.name}`}>
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col">Model</th>
              <th scope="col">Answers</th>
              <th scope="col">Tokens in / out</th>
              <th scope="col">Cost</th>
            </tr>
          </thead>
          <tbody>
            {usage.data.models.map((row) => (
              <tr key={`${row.user.id}-${row.model.id}`}>
                <th scope="row">{row.user.username}</th>
                <td>{row.model.displayName}</td>
                <td>{row.answers}</td>
                <td>
                  {row.inputTokens} / {row.outputTokens}
                </td>
                <td>{formatUsd(row.costUsd)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
