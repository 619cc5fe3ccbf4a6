import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Tag } from '@/lib/api/contract';
import { FEEDBACK_CATEGORIES } from '@/lib/feedback/categories';
import { unwrap, useBackground } from '../app/background-context';
import { appKeys, diagnosticsQuery, tagsQuery } from '../app/queries';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Field } from '../ui/Field';
import { Spinner } from '../ui/Spinner';
import { useToast } from '../ui/Toast';
import { AttachmentField } from './AttachmentField';
import { DiagnosticsBlock } from './DiagnosticsBlock';
import { FeedbackTagsField } from './FeedbackTagsField';
import { emptyReport, type ReportFormValues, reportFormSchema } from './report-form-schema';
import { useAttachmentUploads } from './use-attachment-uploads';

export const REPORT_SUBMITTED = 'Report has been submitted';
export const REPORT_FAILED = 'Error Occured!.Try again later';

interface Props {
  /** The page the report is about, pre-filled in URL. */
  initialUrl: string;
  onClose: () => void;
  /** The model(s) of the chat the report comes from (the side panel), in place of the default model. */
  activeModel?: string;
}

/**
 * The Report Bug dialog, shared by the popup, the options page and the right-click menu. It is open while
 * mounted, on the Dialog part: focus moves in and is trapped, Escape cancels (as Cancel does: uploaded images
 * are deleted), focus goes back to the control that opened it. Its body scrolls inside the window (a popup is
 * at most 600 px high) while Cancel and Submit stay in view below it.
 */
export function ReportBugDialog({ initialUrl, onClose, activeModel }: Props) {
  const background = useBackground();
  const queryClient = useQueryClient();
  const toast = useToast();
  const attachments = useAttachmentUploads();
  const [tags, setTagsState] = useState<Tag[]>([]);
  /** Why the last submit failed (the toast is the spec's fixed text; the reason stays in the dialog). */
  const [submitError, setSubmitError] = useState<string | null>(null);
  // Submit reads the latest tags after the creations in flight (a tag typed, then Submit clicked, is
  // added on blur and created while the form validates), so it reads them from a ref.
  const latestTags = useRef<Tag[]>([]);
  const tagCreations = useRef(new Set<Promise<Tag>>());
  const setTags = (next: Tag[]) => {
    latestTags.current = next;
    setTagsState(next);
  };
  const existingTags = useQuery(tagsQuery(background));
  const diagnostics = useQuery(diagnosticsQuery(background));
  const diagnosticsToSend =
    diagnostics.data && activeModel
      ? { ...diagnostics.data, activeModel: activeModel.slice(0, 200) }
      : diagnostics.data;

  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ReportFormValues>({
    resolver: zodResolver(reportFormSchema),
    defaultValues: emptyReport(initialUrl),
    mode: 'onChange',
  });

  function cancel() {
    attachments.discard();
    onClose();
  }

  const submit = handleSubmit(async (values) => {
    while (tagCreations.current.size) await Promise.allSettled([...tagCreations.current]);
    const result = await background.submitFeedback({
      title: values.title,
      description: values.description,
      url: values.url,
      category: values.category,
      tags: latestTags.current.map((t) => t.id),
      isExtension: true,
      imageLinks: attachments.links,
      diagnostics: values.includeDiagnostics ? (diagnosticsToSend ?? null) : null,
    });
    if (!result.ok) {
      toast('error', REPORT_FAILED);
      setSubmitError(result.error.message);
      return;
    }
    setSubmitError(null);
    toast('success', REPORT_SUBMITTED);
    reset(emptyReport(initialUrl));
    setTags([]);
    attachments.reset();
    onClose();
  });

  const createTag = (name: string) => {
    const creation = (async () => {
      const tag = unwrap(await background.createTag({ tag: name }));
      void queryClient.invalidateQueries({ queryKey: appKeys.tags });
      return tag;
    })();
    tagCreations.current.add(creation);
    creation.then(
      () => tagCreations.current.delete(creation),
      () => tagCreations.current.delete(creation),
    );
    return creation;
  };

  return (
    // A press outside does not close it: a report being written is not thrown away by a stray click.
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) cancel();
      }}
      title="Report a bug"
      closeOnBackdrop={false}
      className="report-dialog"
    >
      <form onSubmit={submit} noValidate aria-label="Report a bug" className="report-form">
        <div className="report-form-body">
          <Field id="report-title" label="Title" error={errors.title?.message}>
            <input id="report-title" {...register('title')} />
          </Field>
          <Field id="report-url" label="URL" error={errors.url?.message}>
            <input id="report-url" type="url" {...register('url')} />
          </Field>
          <Field id="report-description" label="Description" error={errors.description?.message}>
            <textarea id="report-description" rows={4} {...register('description')} />
          </Field>
          <Field id="report-category" label="Category">
            <select id="report-category" {...register('category')}>
              {FEEDBACK_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </Field>
          <FeedbackTagsField value={tags} onChange={setTags} existing={existingTags.data ?? []} onCreate={createTag} />
          <div className="field">
            <span className="label">Attachment</span>
            <AttachmentField
              items={attachments.items}
              rejected={attachments.rejected}
              onAdd={(files) => void attachments.add(files)}
              onRemove={(key) => void attachments.remove(key)}
              onRetry={(key) => void attachments.retry(key)}
            />
          </div>
          <div className="field">
            <label className="checkbox">
              <input type="checkbox" {...register('includeDiagnostics')} />
              Include diagnostics (no tokens, keys, page content; e-mail addresses masked)
            </label>
            {watch('includeDiagnostics') && (
              <DiagnosticsBlock diagnostics={diagnosticsToSend} unavailable={diagnostics.isError} />
            )}
          </div>
          {attachments.failed && <p className="hint">An image did not upload: retry or remove it to submit.</p>}
          {submitError && <Alert tone="error">{`The report was not sent: ${submitError}`}</Alert>}
        </div>
        <div className="dialog-actions">
          <Button onClick={cancel}>Cancel</Button>
          <Button
            type="submit"
            variant="primary"
            disabled={isSubmitting || attachments.uploading || attachments.failed}
          >
            {isSubmitting && <Spinner label="Submitting" />}
            {attachments.uploading ? 'Uploading images…' : 'Submit'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
