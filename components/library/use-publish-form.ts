import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toUiError } from '@/lib/api/call-error';
import type { PublicSettings, PublicSettingsInput } from '@/lib/api/public-collection-contract';
import { useLibraryApi } from './library-api-context';
import { libraryKeys } from './queries';

/** What the Publish… dialog edits: text fields as typed (empty means none), three choices and the switch. */
export interface PublishForm {
  isPublic: boolean;
  slug: string;
  seoTitle: string;
  seoDescription: string;
  seoImage: string;
  noindex: boolean;
  includeSubcollections: boolean;
  acceptOffers: boolean;
}

const formOf = (s: PublicSettings): PublishForm => ({
  isPublic: s.isPublic,
  slug: s.slug ?? '',
  seoTitle: s.seoTitle ?? '',
  seoDescription: s.seoDescription ?? '',
  seoImage: s.seoImage ?? '',
  noindex: s.noindex,
  includeSubcollections: s.includeSubcollections,
  acceptOffers: s.acceptOffers,
});

/** The body sent: an empty slug is left out (the server makes one from the name). */
function inputOf(form: PublishForm): PublicSettingsInput {
  const { slug, ...rest } = form;
  return { ...rest, ...(slug.trim() ? { slug: slug.trim() } : {}) };
}

/**
 * The dialog's state and its one save (PUT /api/collections/{id}/public); a refusal is kept by field (`slug`,
 * `seoImage`…) or, when it names none, as one message.
 */
export function usePublishForm(collectionId: number, settings: PublicSettings) {
  const api = useLibraryApi();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(() => formOf(settings));
  const [errors, setErrors] = useState<Partial<Record<keyof PublishForm | 'form', string>>>({});
  const set = <K extends keyof PublishForm>(key: K, value: PublishForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const save = useMutation({
    mutationFn: () => api.savePublicSettings(collectionId, inputOf(form)),
    onSuccess: (saved) => {
      queryClient.setQueryData(libraryKeys.publicSettings(collectionId), saved);
      setForm(formOf(saved));
      setErrors({});
    },
    onError: (error) => {
      const ui = toUiError(error);
      const named = Object.fromEntries(
        (ui.fields ?? []).map((f) => [f.path.replace(/^data\./, ''), f.message] as const),
      );
      setErrors(Object.keys(named).length ? named : { form: ui.message });
    },
  });
  return { form, set, errors, save: () => save.mutate(), saving: save.isPending };
}
