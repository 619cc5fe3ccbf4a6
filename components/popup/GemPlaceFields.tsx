import { Controller, type UseFormReturn } from 'react-hook-form';
import type { Collection, Tag } from '@/lib/api/contract';
import type { SharedItem } from '@/lib/api/sharing-contract';
import { CollectionField } from './CollectionField';
import type { SaveGemFormValues } from './save-gem-values';
import { TagsField } from './TagsField';

interface Props {
  form: UseFormReturn<SaveGemFormValues>;
  collections: Collection[];
  /** Collections others shared with the user that they may add to. */
  shared: SharedItem[];
  tags: Tag[];
  collectionsLoaded: boolean;
  onCreateCollection: (name: string) => Promise<Collection>;
}

/** The shared collection the form's chosen collection is, if it is one (a gem added there takes no tags). */
export const sharedTarget = (shared: SharedItem[], collectionId: number | undefined) =>
  shared.find((s) => s.id === collectionId);

/**
 * Where the gem goes and its tags. In a collection another user shared, the tags are that user's own (the server
 * refuses others'): the tags field gives way to a line saying so, in its place.
 */
export function GemPlaceFields({ form, collections, shared, tags, collectionsLoaded, onCreateCollection }: Props) {
  const { control, watch, formState } = form;
  const { errors } = formState;
  const into = sharedTarget(shared, watch('collectionId'));
  return (
    <>
      <Controller
        control={control}
        name="collectionId"
        render={({ field }) => (
          <CollectionField
            collections={collections}
            shared={shared}
            value={field.value}
            onChange={field.onChange}
            onCreate={onCreateCollection}
            loading={!collectionsLoaded}
            error={errors.collectionId?.message}
          />
        )}
      />
      {into ? (
        <p className="hint">
          Tags in “{into.name}” are {into.owner.username}'s own: the gem is added without tags.
        </p>
      ) : (
        <Controller
          control={control}
          name="tags"
          render={({ field }) => (
            <TagsField value={field.value} onChange={field.onChange} suggestions={tags} error={errors.tags?.message} />
          )}
        />
      )}
    </>
  );
}
