import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Collection, Gem } from '@/lib/api/contract';
import { placeFieldErrors } from '../app/background-context';
import { flattenCollections } from '../popup/collection-tree';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Field } from '../ui/Field';
import { useToast } from '../ui/Toast';
import { changesOf, EDITABLE_TYPES, formValuesOf, type GemFormValues } from './gem-form-values';
import { useLibraryApi } from './library-api-context';
import { libraryKeys } from './queries';
import { useLibraryChanged } from './use-library-changes';

const FIELDS = ['title', 'description', 'url', 'image', 'media_type', 'collectionId', 'tags', 'notes', 'isFavourite'];

interface Props {
  gem: Gem;
  collections: Collection[];
  /** Focus the title at once (the `e` key). */
  editing: boolean;
}

/**
 * Every field of a gem, editable; Save sends only what changed and shows the server's refusals on their fields. A gem
 * shared with the user shows what their role allows (`sharedAccess`): to read only, the fields that hold something,
 * disabled; to change, all but its collection, tags and favourite mark, which are its owner's.
 */
export function GemForm({ gem, collections, editing }: Props) {
  const readOnly = gem.sharedAccess === 'read';
  const shared = gem.sharedAccess !== undefined;
  const shown = (value: string | null | undefined) => !readOnly || Boolean(value);
  const api = useLibraryApi();
  const queryClient = useQueryClient();
  const changed = useLibraryChanged();
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<GemFormValues>({
    values: formValuesOf(gem),
  });
  const field = (name: keyof GemFormValues) => ({
    id: `gem-${name}`,
    error: formState.errors[name]?.message,
  });

  const save = handleSubmit(async (values) => {
    setProblem(null);
    const changes = changesOf(gem, values);
    if (!Object.keys(changes).length) return;
    try {
      const saved = await api.updateGem(gem.id, changes);
      queryClient.setQueryData(libraryKeys.gem(gem.id), saved);
      reset(formValuesOf(saved));
      changed();
      toast('success', 'Gem saved.');
    } catch (error) {
      setProblem(placeFieldErrors(error, FIELDS, setError));
    }
  });

  return (
    <form className="library-gem-form" onSubmit={save} aria-label={readOnly ? 'Gem details' : 'Edit gem'} noValidate>
      <fieldset className="library-gem-fields" disabled={readOnly}>
        <Field {...field('title')} label="Title">
          {/* biome-ignore lint/a11y/noAutofocus: the `e` key asks to edit: the title is where editing starts. */}
          <input id="gem-title" autoFocus={editing} {...register('title')} />
        </Field>
        {shown(gem.description) && (
          <Field {...field('description')} label="Description">
            <textarea id="gem-description" rows={3} {...register('description')} />
          </Field>
        )}
        <Field {...field('url')} label="Address">
          <input id="gem-url" type="url" {...register('url')} />
        </Field>
        {shown(gem.image) && (
          <Field {...field('image')} label="Image address">
            <input id="gem-image" type="url" {...register('image')} />
          </Field>
        )}
        <div className="library-form-row">
          <Field {...field('media_type')} label="Type">
            <select id="gem-media_type" {...register('media_type')}>
              {EDITABLE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </Field>
          {!shared && (
            <Field {...field('collectionId')} label="Collection">
              <select id="gem-collectionId" {...register('collectionId')}>
                {flattenCollections(collections).map(({ collection, path }) => (
                  <option key={collection.id} value={collection.id}>
                    {path}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </div>
        {!shared && (
          <Field {...field('tags')} label="Tags (separated by commas)">
            <input id="gem-tags" {...register('tags')} />
          </Field>
        )}
        {shown(gem.notes) && (
          <Field {...field('notes')} label="Notes">
            <textarea id="gem-notes" rows={4} {...register('notes')} />
          </Field>
        )}
        {!shared && (
          <label className="library-checkbox">
            <input type="checkbox" {...register('isFavourite')} /> Favourite
          </label>
        )}
      </fieldset>
      {problem && <ErrorMessage title="The gem was not saved">{problem}</ErrorMessage>}
      {!readOnly && (
        <div className="library-form-actions">
          <Button type="submit" variant="primary" loading={formState.isSubmitting} disabled={!formState.isDirty}>
            Save changes
          </Button>
        </div>
      )}
    </form>
  );
}
