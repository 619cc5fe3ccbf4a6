import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toUiError } from '@/lib/api/call-error';
import type { ShareLink, ShareLinkAudience, ShareLinkSettings } from '@/lib/api/share-link-contract';
import type { LinkTarget } from '@/lib/library/share-links-api';
import { useLibraryApi } from './library-api-context';
import { libraryKeys } from './queries';

/** What the Share link dialog edits: the audience, its addresses (one a line), expiry, notes and a new password. */
export interface LinkForm {
  accessType: ShareLinkAudience;
  emails: string;
  /** A `datetime-local` value (the browser's time zone), or empty for no expiry. */
  expires: string;
  showNotes: boolean;
  password: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO time as a `datetime-local` input shows it, in the browser's time zone. */
export function localInputValue(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const formOf = (link: ShareLink): LinkForm => ({
  accessType: link.accessType,
  emails: link.allowEmail.join('\n'),
  expires: localInputValue(link.expiresAt),
  showNotes: link.showNotes,
  password: '',
});

function settingsOf(form: LinkForm): ShareLinkSettings {
  const emails = form.emails
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);
  return {
    accessType: form.accessType,
    allowEmail: emails,
    expiresAt: form.expires ? new Date(form.expires).toISOString() : null,
    showNotes: form.showNotes,
    ...(form.password ? { password: form.password } : {}),
  };
}

type Errors = Partial<Record<keyof LinkForm | 'form', string>>;

/** A refusal by the field it names (`allowEmail.0` is the addresses' field), or one message. */
function errorsOf(error: unknown): Errors {
  const ui = toUiError(error);
  const fields: Errors = {};
  for (const f of ui.fields ?? []) {
    const name = f.path.replace(/^data\./, '').split('.')[0];
    const key = name === 'allowEmail' ? 'emails' : name === 'expiresAt' ? 'expires' : name;
    if (key && !(key in fields)) fields[key as keyof LinkForm] = f.message;
  }
  return Object.keys(fields).length ? fields : { form: ui.message };
}

/** The dialog's state and its changes to the link; each answer replaces the cached link. */
export function useShareLinkForm(target: LinkTarget, link: ShareLink) {
  const api = useLibraryApi();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(() => formOf(link));
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof LinkForm>(key: K, value: LinkForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const change = useMutation({
    mutationFn: (work: () => Promise<ShareLink>) => work(),
    onSuccess: (saved) => {
      queryClient.setQueryData(libraryKeys.shareLink(target), saved);
      setForm(formOf(saved));
      setErrors({});
    },
    onError: (error) => setErrors(errorsOf(error)),
  });
  // deleted, the dialog shows "No link yet" again (ShareLinkDialog reads the cached link)
  const remove = useMutation({
    mutationFn: () => api.shareLinks.remove(link.id),
    onSuccess: () => queryClient.setQueryData(libraryKeys.shareLink(target), null),
    onError: (error) => setErrors(errorsOf(error)),
  });
  const run = (work: () => Promise<ShareLink>) => change.mutateAsync(work).catch(() => undefined);
  return {
    form,
    set,
    errors,
    busy: change.isPending || remove.isPending,
    save: () => run(() => api.shareLinks.update(link.id, settingsOf(form))),
    clearPassword: () => run(() => api.shareLinks.update(link.id, { password: null })),
    setDisabled: (disabled: boolean) => run(() => api.shareLinks.update(link.id, { disabled })),
    regenerate: () => run(() => api.shareLinks.regenerate(link.id)),
    remove: () => remove.mutateAsync().catch(() => undefined),
  };
}
