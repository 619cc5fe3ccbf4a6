import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { PublicSettings } from '@/lib/api/public-collection-contract';
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX, SLUG_MAX, slugify } from '@/lib/api/public-collection-contract';
import { errorMessage } from '../app/background-context';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Field } from '../ui/Field';
import { Spinner } from '../ui/Spinner';
import { Switch } from '../ui/Switch';
import { useToast } from '../ui/Toast';
import { CustomSiteFields } from './custom-site/CustomSiteFields';
import { customSiteQuery } from './custom-site/queries';
import { useLibraryApi } from './library-api-context';
import { publicSettingsQuery } from './queries';
import { usePublishForm } from './use-publish-form';

interface Props {
  collection: { id: number; name: string };
  /** The dialog's heading names it by its path. */
  title: string;
  onClose: () => void;
}

/** Publish… : a collection's public page (server/features/public-pages/), its address, SEO and indexing choices. */
export function PublishDialog({ collection, title, onClose }: Props) {
  const api = useLibraryApi();
  const settings = useQuery(publicSettingsQuery(api, collection.id));
  // The form shows once its custom site is known too (CustomSiteFields reads the same query): drawn in two steps, the
  // centred dialog grew and moved its buttons under the pointer.
  const site = useQuery(customSiteQuery(api, collection.id));
  const loading = settings.isPending || site.isPending;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description="A page anyone can read without signing in, with its feeds: its gems' titles, addresses, descriptions, notes and tags. Unpublish it at any time."
    >
      {loading && <Spinner label="Loading the public settings" />}
      {settings.isError && (
        <ErrorMessage onRetry={() => void settings.refetch()} retrying={settings.isFetching}>
          {errorMessage(settings.error)}
        </ErrorMessage>
      )}
      {settings.data && !loading && <PublishForm collection={collection} settings={settings.data} onClose={onClose} />}
    </Dialog>
  );
}

function PublishForm({
  collection,
  settings,
  onClose,
}: {
  collection: Props['collection'];
  settings: PublicSettings;
  onClose: () => void;
}) {
  const id = useId();
  const toast = useToast();
  const { form, set, errors, save, saving } = usePublishForm(collection.id, settings);
  const copy = (url: string) =>
    navigator.clipboard.writeText(url).then(
      () => toast('success', 'Address copied'),
      (error: unknown) => toast('error', errorMessage(error)),
    );
  return (
    <form
      className="library-publish"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Switch
        label="Published"
        checked={form.isPublic}
        onCheckedChange={(on) => set('isPublic', on)}
        hint={form.isPublic ? 'Anyone with the address can read it' : 'Only you can see it'}
      />
      {settings.url && (
        <div className="field">
          <label htmlFor={`${id}-url`}>Address</label>
          <div className="library-publish-url">
            <input
              id={`${id}-url`}
              className="ui-input"
              readOnly
              value={settings.url}
              onFocus={(e) => e.target.select()}
            />
            <Button onClick={() => void copy(settings.url ?? '')}>Copy</Button>
            <a href={settings.url} target="_blank" rel="noreferrer">
              Open
            </a>
          </div>
        </div>
      )}
      <Field id={`${id}-slug`} label="Address name (slug)" error={errors.slug}>
        <input
          id={`${id}-slug`}
          value={form.slug}
          placeholder={slugify(collection.name)}
          maxLength={SLUG_MAX}
          onChange={(e) => set('slug', e.target.value)}
        />
      </Field>
      <Field id={`${id}-title`} label="Title for search engines and link previews" error={errors.seoTitle}>
        <input
          id={`${id}-title`}
          value={form.seoTitle}
          placeholder={collection.name}
          maxLength={SEO_TITLE_MAX}
          onChange={(e) => set('seoTitle', e.target.value)}
        />
      </Field>
      <Field id={`${id}-description`} label="Description" error={errors.seoDescription}>
        <textarea
          id={`${id}-description`}
          rows={2}
          value={form.seoDescription}
          maxLength={SEO_DESCRIPTION_MAX}
          onChange={(e) => set('seoDescription', e.target.value)}
        />
      </Field>
      <Field id={`${id}-image`} label="Preview image address (https://…)" error={errors.seoImage}>
        <input id={`${id}-image`} type="url" value={form.seoImage} onChange={(e) => set('seoImage', e.target.value)} />
      </Field>
      <label className="library-checkbox">
        <input
          type="checkbox"
          checked={form.includeSubcollections}
          onChange={(e) => set('includeSubcollections', e.target.checked)}
        />
        Include its sub-collections
      </label>
      <label className="library-checkbox">
        <input type="checkbox" checked={form.noindex} onChange={(e) => set('noindex', e.target.checked)} />
        Hide from search engines (noindex, left out of the sitemap)
      </label>
      <label className="library-checkbox">
        <input type="checkbox" checked={form.acceptOffers} onChange={(e) => set('acceptOffers', e.target.checked)} />
        Accept offered gems (signed-in people offer gems; each waits for your approval under Offers)
      </label>
      <CustomSiteFields collectionId={collection.id} />
      {errors.form && <ErrorMessage title="Not saved">{errors.form}</ErrorMessage>}
      <div className="dialog-actions">
        <Button onClick={onClose}>Close</Button>
        <Button type="submit" variant="primary" loading={saving}>
          Save
        </Button>
      </div>
    </form>
  );
}
