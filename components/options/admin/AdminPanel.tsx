import { useMemo } from 'react';
import { REGISTRATION_MODES, type RegistrationMode } from '@/lib/api/operator-contract';
import { type AdminApi, createAdminApi } from '@/lib/operator/admin-api';
import { errorMessage } from '../../app/background-context';
import { useLentAccess } from '../../app/use-lent-access';
import { Alert } from '../../ui/Alert';
import { RadioGroup } from '../../ui/RadioGroup';
import { AdminInvitations } from './AdminInvitations';
import { AdminUsers } from './AdminUsers';
import { useAdminChange, useRegistrationMode } from './queries';

const MODE_LABELS: Record<RegistrationMode, string> = { open: 'Open', invite: 'By invitation', closed: 'Closed' };

/**
 * The options page's Administration section, shown to the server's admins (README, "Running Trove for a group"):
 * registration mode, users and invitations. `api` supplies a client made elsewhere (component tests).
 */
export function AdminPanel({ selfId, api: given }: { selfId: number; api?: AdminApi }) {
  const access = useLentAccess();
  const api = useMemo(() => given ?? createAdminApi(access), [access, given]);
  return (
    <section id="administration" aria-labelledby="administration-heading">
      <h2 id="administration-heading">Administration</h2>
      <RegistrationSetting api={api} />
      <AdminUsers api={api} selfId={selfId} />
      <AdminInvitations api={api} />
    </section>
  );
}

function RegistrationSetting({ api }: { api: AdminApi }) {
  const mode = useRegistrationMode(api);
  const change = useAdminChange((next: RegistrationMode) => api.setRegistration(next));
  if (mode.isError) return <Alert tone="error">{errorMessage(mode.error)}</Alert>;
  return (
    <div className="admin-registration">
      <h3>Who may create an account</h3>
      {mode.data && (
        <RadioGroup
          label="Registration"
          options={REGISTRATION_MODES.map((value) => ({ value, label: MODE_LABELS[value] }))}
          value={change.variables ?? mode.data}
          onChange={(next) => change.mutate(next)}
        />
      )}
      {change.isError && <Alert tone="error">{errorMessage(change.error)}</Alert>}
    </div>
  );
}
