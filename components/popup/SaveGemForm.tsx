import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Collection, CreateGemInput, Gem, Tag } from '@/lib/api/contract';
import { type ActivePage, pageMediaTypes } from '@/lib/messaging/protocol';
import { pageDetails } from '@/lib/page/page-gem';
import { placeFieldErrors } from '../app/background-context';
import { Alert } from '../ui/Alert';
import { Field } from '../ui/Field';
import { Spinner } from '../ui/Spinner';
import { CollectionPicker } from './CollectionPicker';
import { initialValues, type SaveGemFormValues, saveGemFormSchema } from './save-gem-form-schema';
import { TagsInput } from './TagsInput';

interface Props {
  page: ActivePage;
  existing: Gem | undefined;
  collections: Collection[];
  tags: Tag[];
  defaultCollectionId: number | undefined;
  onCreateCollection: (name: string) => Promise<Collection>;
  /** Saves (creating, or updating `existing`) and resolves to the stored gem. */
  onSave: (gem: CreateGemInput) => Promise<void>;
}

/** The popup's form: what the gem will be, prefilled from the page or from the gem already saved there. */
export function SaveGemForm({ page, existing, collections, tags, defaultCollectionId, onCreateCollection, onSave }: Props) {
  const [saveError, setSaveError] = useState<string | null>(null);
  // An image that fails to load shows the placeholder instead of a broken-image icon.
  const [brokenImage, setBrokenImage] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SaveGemFormValues>({
    resolver: zodResolver(saveGemFormSchema),
    defaultValues: initialValues(page, existing, defaultCollectionId),
    mode: 'onChange',
  });
  const image = watch('image');

  const submit = handleSubmit(async (values) => {
    setSaveError(null);
    try {
      await onSave({
        // An edit changes what the user sees in the form; the page's text and details stay as first saved.
        ...(existing
          ? { media_type: values.mediaType, favicon: page.extract?.favicon ?? page.favIconUrl }
          : pageDetails(page, values.mediaType)),
        title: values.title,
        description: values.description,
        url: values.url,
        image: values.image || null,
        collectionId: values.collectionId,
        tags: values.tags,
      });
    } catch (error) {
      setSaveError(placeFieldErrors(error, Object.keys(saveGemFormSchema.shape), setError));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={existing ? 'Edit saved gem' : 'Save this page'}>
      {existing && (
        <Alert tone="info">
          Already saved in <strong>{collections.find((c) => c.id === existing.collectionId)?.name ?? 'a collection'}</strong>{' '}
          on {new Date(existing.createdAt).toLocaleDateString()}. Changes update that gem.
        </Alert>
      )}
      <div className="preview">
        {image && image !== brokenImage ? (
          <img src={image} alt="" className="preview-image" onError={() => setBrokenImage(image)} />
        ) : (
          <div className="preview-image placeholder" />
        )}
        <p className="preview-url" title={page.url}>
          {page.url}
        </p>
      </div>
      <Field id="gem-title" label="Title" error={errors.title?.message}>
        <input id="gem-title" {...register('title')} />
      </Field>
      <Field id="gem-description" label="Description" error={errors.description?.message}>
        <textarea id="gem-description" rows={3} {...register('description')} />
      </Field>
      <Field id="gem-url" label="URL" error={errors.url?.message}>
        <input id="gem-url" type="url" {...register('url')} />
      </Field>
      <Field id="gem-image" label="Image URL" error={errors.image?.message}>
        <input id="gem-image" type="url" {...register('image')} />
      </Field>
      <Field id="gem-type" label="Type">
        <select id="gem-type" {...register('mediaType')}>
          {pageMediaTypes.map((t) => (
            <option key={t} value={t}>
              {t === page.detected?.mediaType ? `${t} (detected)` : t}
            </option>
          ))}
        </select>
      </Field>
      <Field id="gem-collection" label="Collection" error={errors.collectionId?.message}>
        <Controller
          control={control}
          name="collectionId"
          render={({ field }) => (
            <CollectionPicker collections={collections} value={field.value} onChange={field.onChange} onCreate={onCreateCollection} />
          )}
        />
      </Field>
      <Field id="gem-tags" label="Tags" error={errors.tags?.message}>
        <Controller
          control={control}
          name="tags"
          render={({ field }) => (
            <TagsInput value={field.value} onChange={field.onChange} suggestions={tags.map((t) => t.tag)} />
          )}
        />
      </Field>
      {saveError && <Alert tone="error">{saveError}</Alert>}
      <button type="submit" className="primary" disabled={isSubmitting}>
        {isSubmitting ? <Spinner label="Saving" /> : null}
        {isSubmitting ? 'Saving…' : existing ? 'Update gem' : 'Save gem'}
      </button>
    </form>
  );
}
