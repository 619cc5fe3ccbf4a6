import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Collection, CreateGemInput, GemSummary, Tag } from '@/lib/api/contract';
import type { SharedItem } from '@/lib/api/sharing-contract';
import type { ActivePage, ActiveTab } from '@/lib/messaging/protocol';
import { pageDetails } from '@/lib/page/page-gem';
import { placeFieldErrors } from '../app/background-context';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Field } from '../ui/Field';
import { DeleteGemButton } from './DeleteGemButton';
import { GemDetails } from './GemDetails';
import { GemPlaceFields, sharedTarget } from './GemPlaceFields';
import { useCombosReady } from './PopupCombobox';
import { PreviewCard } from './PreviewCard';
import { SavedHereNotice } from './SavedHereNotice';
import {
  initialValues,
  type PAGE_FIELDS,
  pageValues,
  preloadSaveGemRules,
  type SaveGemFormValues,
  saveGemResolver,
} from './save-gem-values';
import { SuggestionsRow } from './suggestions/SuggestionsRow';
import { usePageSuggestions } from './suggestions/use-page-suggestions';
import { showTitleStart, usePageFill } from './use-page-fill';
import { useFilledInMark, useVisibleMark } from './use-timing-marks';

interface Props {
  tab: ActiveTab;
  /** The page as read from the tab; undefined until its extract arrives (the form is filled in then). */
  page: ActivePage | undefined;
  existing: GemSummary | undefined;
  /** The "already saved?" look-up could not reach the server (the form works; the save is queued). */
  lookupOffline: boolean;
  collections: Collection[];
  /** Collections others shared with the user that they may add to. */
  sharedCollections: SharedItem[];
  tags: Tag[];
  defaultCollectionId: number | undefined;
  /** Everything has arrived: the page's extract, the collections and tags, the "already saved?" answer. */
  filledIn: boolean;
  /** The collections have arrived (until then the picker waits, disabled, in its place). */
  collectionsLoaded: boolean;
  onCreateCollection: (name: string) => Promise<Collection>;
  /** Saves (creating, or updating `existing`) the gem built from the page once it has been read. */
  onSave: (build: (page: ActivePage) => CreateGemInput) => Promise<void>;
  onDelete: (id: number) => Promise<void>;
}

/**
 * The popup's form: what the gem will be, prefilled from the tab, then the page, or from the gem already saved there.
 */
export function SaveGemForm({
  tab,
  page,
  existing,
  lookupOffline,
  collections,
  sharedCollections,
  tags,
  defaultCollectionId,
  filledIn,
  collectionsLoaded,
  onCreateCollection,
  onSave,
  onDelete,
}: Props) {
  const [saveError, setSaveError] = useState<string | null>(null);
  const form = useForm<SaveGemFormValues>({
    resolver: saveGemResolver,
    defaultValues: initialValues(page ?? tab, existing, defaultCollectionId),
    mode: 'onChange',
  });
  const { register, handleSubmit, watch, setError, formState } = form;
  const { errors, isSubmitting } = formState;
  usePageFill(form, page, !existing, defaultCollectionId);
  // Filled in: everything has arrived (the suggestions' setting too, so their row has its place) and every field can be
  // used. The suggestions themselves are asked once the rest is filled in, so the form never waits for them.
  const combosReady = useCombosReady();
  const suggestions = usePageSuggestions(form, page, { newSave: !existing, filledIn: filledIn && combosReady });
  const ready = filledIn && combosReady && suggestions.settled;
  useVisibleMark();
  useFilledInMark(ready);
  useEffect(() => {
    if (ready) preloadSaveGemRules();
  }, [ready]);
  // The popup opens with focus on nothing: the first field takes it, unless the user has already moved it.
  useEffect(() => {
    if (document.activeElement !== document.body) return;
    document.getElementById('gem-title')?.focus();
    showTitleStart();
  }, []);

  // A gem the user added to another's collection: its collection and tags are that user's, never sent.
  const sharedGem = existing?.sharedAccess !== undefined;
  const ownersTags = sharedGem || sharedTarget(sharedCollections, watch('collectionId')) !== undefined;

  const submit = handleSubmit(async (values) => {
    setSaveError(null);
    void suggestions.cancel();
    const aiTags = suggestions.aiTagsOf(values.tags);
    try {
      await onSave((full) => {
        // Saved before the page's extract arrived: what the user has not edited comes from the page.
        const fromPage = pageValues(full);
        const value = <K extends (typeof PAGE_FIELDS)[number]>(name: K) =>
          existing || form.getFieldState(name).isDirty ? values[name] : fromPage[name];
        const mediaType = value('mediaType');
        return {
          // An edit changes what the user sees in the form; the page's text and details stay as first saved.
          ...(existing
            ? { media_type: mediaType, favicon: full.extract?.favicon ?? full.favIconUrl }
            : pageDetails(full, mediaType)),
          title: value('title'),
          description: value('description'),
          url: values.url,
          image: value('image') || null,
          collectionId: sharedGem ? undefined : values.collectionId,
          ...(ownersTags ? {} : { tags: values.tags, ...(aiTags.length ? { aiTags } : {}) }),
        };
      });
    } catch (error) {
      setSaveError(placeFieldErrors(error, Object.keys(form.getValues()), setError));
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={existing ? 'Edit saved gem' : 'Save this page'}
      aria-busy={!ready}
      className="save-form"
    >
      <PreviewCard
        title={watch('title')}
        url={watch('url')}
        image={watch('image')}
        siteName={page?.extract?.siteName}
        mediaType={watch('mediaType')}
      />
      <Field id="gem-title" label="Title" error={errors.title?.message}>
        <input id="gem-title" {...register('title')} />
      </Field>
      <Field id="gem-description" label="Description" error={errors.description?.message}>
        <textarea id="gem-description" rows={3} {...register('description')} />
      </Field>
      <GemDetails form={form} detectedType={page?.detected?.mediaType ?? tab.detected?.mediaType} />
      {!sharedGem && (
        <GemPlaceFields
          form={form}
          collections={collections}
          shared={sharedCollections}
          tags={tags}
          collectionsLoaded={collectionsLoaded}
          onCreateCollection={onCreateCollection}
        />
      )}
      <SuggestionsRow suggestions={suggestions} onCreateCollection={onCreateCollection} tagsOff={ownersTags} />
      <SavedHereNotice
        existing={existing}
        collections={collections}
        sharedCollections={sharedCollections}
        lookupOffline={lookupOffline}
      />
      {saveError && <Alert tone="error">{saveError}</Alert>}
      <div className="form-actions">
        <Button type="submit" variant="primary" className="save-button" loading={isSubmitting}>
          {isSubmitting ? 'Saving…' : existing ? 'Update gem' : 'Save gem'}
        </Button>
        {existing && <DeleteGemButton onDelete={() => onDelete(existing.id)} />}
      </div>
    </form>
  );
}
