import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { blockedHostSchema } from '@/lib/api/validators';
import { errorMessage, isOffline } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { type AccountClient, blockedSitesQuery, useBlockedSiteChange } from './queries';

/** Blocked sites: hosts or `*.domain` patterns where the extension neither reads pages nor offers to save them. */
export function BlockedSites({ client }: { client: AccountClient }) {
  const sites = useQuery(blockedSitesQuery(client));
  const change = useBlockedSiteChange(client);
  const [draft, setDraft] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = blockedHostSchema.safeParse(draft);
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message);
    setFieldError(undefined);
    await change.mutateAsync({ host: parsed.data, block: true }).then(
      () => setDraft(''),
      () => {},
    );
  };
  return (
    <section aria-labelledby="blocked-heading" className="blocked-sites">
      <h3 id="blocked-heading">Blocked sites</h3>
      <p className="hint">
        On these sites Trove does not read pages or offer to save them, and its right-click items do nothing.{' '}
        <code>*.example.com</code> covers example.com and all its sub-domains.
      </p>
      {sites.isError && !isOffline(sites.error) && <Alert tone="error">{errorMessage(sites.error)}</Alert>}
      {sites.data && sites.data.length === 0 && <p>No blocked sites.</p>}
      {sites.data && sites.data.length > 0 && (
        <ul className="blocked-list" aria-label="Blocked sites">
          {sites.data.map((host) => (
            <li key={host}>
              <span>{host}</span>
              <Button
                size="sm"
                onClick={() => change.mutate({ host, block: false })}
                aria-label={`Unblock ${host}`}
                loading={change.isPending && change.variables?.host === host && !change.variables.block}
              >
                Unblock
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} aria-label="Block a site" noValidate className="blocked-add">
        <Field id="blocked-host" label="Site to block" error={fieldError}>
          <input
            id="blocked-host"
            placeholder="example.com or *.example.com"
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              setFieldError(undefined);
            }}
          />
        </Field>
        <Button type="submit" loading={change.isPending && change.variables?.block}>
          Block
        </Button>
      </form>
      {change.isError && <Alert tone="error">{errorMessage(change.error)}</Alert>}
    </section>
  );
}
