import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ActivePage } from '@/lib/messaging/protocol';
import { PAGE_FIELDS, pageValues, type SaveGemFormValues } from './save-gem-values';

/**
 * Fills in what the page says about itself (title, description, image, type) when its extract arrives
 * after the form is shown, field by field, leaving alone any field the user has already changed; and
 * the default collection when it is only known once the collections arrive.
 */
export function usePageFill(
  form: UseFormReturn<SaveGemFormValues>,
  page: ActivePage | undefined,
  enabled: boolean,
  defaultCollectionId: number | undefined,
) {
  // The page the form started from (if it was there at once) needs no filling in.
  const filledFrom = useRef(page);
  const { dirtyFields } = form.formState;
  const { setValue } = form;
  useEffect(() => {
    if (!enabled || !page || filledFrom.current === page) return;
    filledFrom.current = page;
    const values = pageValues(page);
    for (const name of PAGE_FIELDS) {
      // setValue, not resetField: fields behind the closed "Details" are not registered, yet must be filled in too.
      if (!dirtyFields[name]) setValue(name, values[name]);
    }
    if (!dirtyFields.title) showTitleStart();
  }, [enabled, page, dirtyFields, setValue]);
  useEffect(() => {
    if (enabled && defaultCollectionId !== undefined && form.getValues('collectionId') === undefined)
      setValue('collectionId', defaultCollectionId);
  }, [enabled, defaultCollectionId, form, setValue]);
}

/**
 * A long title shows its start while the caret waits in its field: a value set into a focused field puts the caret,
 * and the field's view, at its end ("…after late-night vote" instead of "Council approves…").
 */
export function showTitleStart() {
  const title = document.getElementById('gem-title');
  if (!(title instanceof HTMLInputElement) || document.activeElement !== title) return;
  title.setSelectionRange(0, 0);
  // Chromium keeps the field's view where it was when only the caret moves.
  title.scrollLeft = 0;
}
