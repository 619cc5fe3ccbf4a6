import { useId, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { pageMediaTypes } from '@/lib/messaging/protocol';
import { Field } from '../ui/Field';
import type { SaveGemFormValues } from './save-gem-values';

interface Props {
  form: UseFormReturn<SaveGemFormValues>;
  /** The type detected on the page, marked "(detected)" in the list. */
  detectedType: string | undefined;
}

/** The address, image and type, behind a disclosure; it opens by itself when one of them needs fixing. */
export function GemDetails({ form, detectedType }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { errors } = form.formState;
  const shown = open || !!errors.url || !!errors.image;
  return (
    <div className="gem-details">
      <button
        type="button"
        className="disclosure"
        aria-expanded={shown}
        aria-controls={panelId}
        onClick={() => setOpen(!shown)}
      >
        <span className="disclosure-arrow" aria-hidden="true">
          ▸
        </span>
        Details
        <span className="disclosure-hint">address, image, type</span>
      </button>
      <div id={panelId} className="gem-details-panel" hidden={!shown}>
        {shown && (
          <>
            <Field id="gem-url" label="URL" error={errors.url?.message}>
              <input id="gem-url" type="url" {...form.register('url')} />
            </Field>
            <div className="gem-details-row">
              <Field id="gem-image" label="Image URL" error={errors.image?.message}>
                <input id="gem-image" type="url" {...form.register('image')} />
              </Field>
              <Field id="gem-type" label="Type">
                <select id="gem-type" {...form.register('mediaType')}>
                  {pageMediaTypes.map((t) => (
                    <option key={t} value={t}>
                      {t === detectedType ? `${t} (detected)` : t}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
