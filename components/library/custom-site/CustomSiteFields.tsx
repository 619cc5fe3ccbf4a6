import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useState } from 'react';
import { toUiError } from '@/lib/api/call-error';
import type { CustomSite } from '@/lib/api/custom-site-contract';
import { errorMessage } from '../../app/background-context';
import { Button } from '../../ui/Button';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Field } from '../../ui/Field';
import { Spinner } from '../../ui/Spinner';
import { useLibraryApi } from '../library-api-context';
import { customSiteQuery, useCustomSiteChange } from './queries';

/** Enter in a field runs its own action, not the Publish form's Save around it. */
const onEnter = (run: () => void) => (event: KeyboardEvent) => {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  run();
};

/** A refusal's message for `field` (without the server's "data.field: " prefix), or its whole message. */
const refusal = (error: unknown, field: string) => {
  const ui = toUiError(error);
  return ui.fields?.find((f) => f.path.endsWith(field))?.message ?? ui.message;
};

/**
 * The Publish… dialog's Custom site: the collection served under `/sites/{name}` on this server, and on a domain of
 * its own once a token placed on that domain proves it is the owner's (server/features/custom-sites/).
 */
export function CustomSiteFields({ collectionId }: { collectionId: number }) {
  const api = useLibraryApi();
  const site = useQuery(customSiteQuery(api, collectionId));
  return (
    <fieldset className="library-custom-site">
      <legend>Custom site</legend>
      {site.isPending && <Spinner label="Loading the custom site" />}
      {site.isError && (
        <ErrorMessage onRetry={() => void site.refetch()} retrying={site.isFetching}>
          {errorMessage(site.error)}
        </ErrorMessage>
      )}
      {site.data && (
        <>
          <SubdirectoryField collectionId={collectionId} site={site.data} />
          <DomainField collectionId={collectionId} site={site.data} />
        </>
      )}
    </fieldset>
  );
}

function SubdirectoryField({ collectionId, site }: { collectionId: number; site: CustomSite }) {
  const id = useId();
  const api = useLibraryApi();
  const [name, setName] = useState(site.subdirectory ?? '');
  const change = useCustomSiteChange(api, collectionId, (sites, value: string | null) =>
    sites.setSubdirectory(collectionId, value),
  );
  const save = () => change.mutate(name.trim() || null);
  return (
    <fieldset className="library-custom-site-part">
      <legend>On this server</legend>
      <Field
        id={`${id}-name`}
        label="Site name (/sites/…)"
        error={change.isError ? refusal(change.error, 'subdirectory') : undefined}
      >
        <input
          id={`${id}-name`}
          value={name}
          placeholder="my-links"
          onChange={(e) => setName(e.target.value)}
          onKeyDown={onEnter(save)}
        />
      </Field>
      <Button onClick={save} loading={change.isPending}>
        {name.trim() || !site.subdirectory ? 'Save name' : 'Remove name'}
      </Button>
      {site.subdirectoryUrl && (
        <p>
          Served at{' '}
          <a href={site.subdirectoryUrl} target="_blank" rel="noreferrer">
            {site.subdirectoryUrl}
          </a>
        </p>
      )}
      {site.subdirectory && !site.isPublic && <p className="hint">Publish the collection to serve it there.</p>}
    </fieldset>
  );
}

function DomainField({ collectionId, site }: { collectionId: number; site: CustomSite }) {
  const id = useId();
  const api = useLibraryApi();
  const [domain, setDomain] = useState(site.domain ?? '');
  const bind = useCustomSiteChange(api, collectionId, (sites, value: string) => sites.bindDomain(collectionId, value));
  const verify = useCustomSiteChange(api, collectionId, (sites) => sites.verifyDomain(collectionId));
  const remove = useCustomSiteChange(api, collectionId, (sites) => sites.removeDomain(collectionId));
  const failed = [bind, verify, remove].find((m) => m.isError);
  return (
    <fieldset className="library-custom-site-part">
      <legend>On your own domain</legend>
      <Field id={`${id}-domain`} label="Domain" error={bind.isError ? refusal(bind.error, 'domain') : undefined}>
        <input
          id={`${id}-domain`}
          value={domain}
          placeholder="links.example.com"
          onChange={(e) => setDomain(e.target.value)}
          onKeyDown={onEnter(() => bind.mutate(domain))}
        />
      </Field>
      <Button onClick={() => bind.mutate(domain)} loading={bind.isPending}>
        Bind domain
      </Button>
      {site.domain && site.verificationToken && !site.verified && (
        <div className="library-custom-site-verify">
          <p>
            To prove {site.domain} is yours, place a file at <code>{site.verificationUrl}</code> holding only:
          </p>
          <input aria-label="Verification token" className="ui-input" readOnly value={site.verificationToken} />
          <Button onClick={() => verify.mutate(undefined)} loading={verify.isPending}>
            Verify
          </Button>
        </div>
      )}
      {site.verified && (
        <p role="status">
          {site.domain} is verified
          {site.customDomain ? ': point its DNS at this server to serve the collection there.' : '.'}
        </p>
      )}
      {site.domain && (
        <Button onClick={() => remove.mutate(undefined)} loading={remove.isPending}>
          Remove domain
        </Button>
      )}
      {failed && failed !== bind && <ErrorMessage title="Not done">{errorMessage(failed.error)}</ErrorMessage>}
    </fieldset>
  );
}
