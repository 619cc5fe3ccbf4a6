import { useId } from 'react';
import type { ShareLink, ShareLinkAudience } from '@/lib/api/share-link-contract';
import type { LinkTarget } from '@/lib/library/share-links-api';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Field } from '../ui/Field';
import { RadioGroup } from '../ui/RadioGroup';
import { ShareLinkAddress } from './ShareLinkAddress';
import { useShareLinkForm } from './use-share-link-form';

interface Props {
  target: LinkTarget;
  link: ShareLink;
  onClose: () => void;
}

const AUDIENCES = [
  { value: 'anyone', label: 'Anyone with the link' },
  { value: 'signed-in', label: 'Signed-in users', hint: 'They open it in Trove' },
  { value: 'emails', label: 'Only these people', hint: 'The accounts with the addresses listed' },
] as const satisfies readonly { value: ShareLinkAudience; label: string; hint?: string }[];

/** A link's settings: who may open it, password, expiry and notes (saved together), beside its address. */
export function ShareLinkForm({ target, link, onClose }: Props) {
  const id = useId();
  const { form, set, errors, busy, save, clearPassword, setDisabled, regenerate, remove } = useShareLinkForm(
    target,
    link,
  );
  return (
    <div className="share-link">
      <ShareLinkAddress
        link={link}
        busy={busy}
        onDisabled={(d) => void setDisabled(d)}
        onRegenerate={regenerate}
        onDelete={remove}
      />
      <form
        className="share-link-settings"
        aria-label="Link settings"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="share-link-audience">
          <span className="share-link-legend" aria-hidden="true">
            Who may open it
          </span>
          <RadioGroup
            label="Who may open it"
            options={AUDIENCES}
            value={form.accessType}
            onChange={(value) => set('accessType', value)}
          />
        </div>
        {form.accessType === 'emails' && (
          <Field id={`${id}-emails`} label="Their email addresses (one a line)" error={errors.emails}>
            <textarea
              id={`${id}-emails`}
              rows={3}
              value={form.emails}
              onChange={(e) => set('emails', e.target.value)}
            />
          </Field>
        )}
        <Field
          id={`${id}-password`}
          label={link.hasPassword ? 'New password (it has one)' : 'Password (none)'}
          error={errors.password}
        >
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => set('password', e.target.value)}
          />
        </Field>
        {link.hasPassword && (
          <Button size="sm" onClick={() => void clearPassword()} disabled={busy}>
            Remove password
          </Button>
        )}
        <Field id={`${id}-expires`} label="Expires (empty: never)" error={errors.expires}>
          <input
            id={`${id}-expires`}
            type="datetime-local"
            value={form.expires}
            onChange={(e) => set('expires', e.target.value)}
          />
        </Field>
        <label className="library-checkbox">
          <input type="checkbox" checked={form.showNotes} onChange={(e) => set('showNotes', e.target.checked)} />
          Show my notes on the gems
        </label>
        {errors.form && <ErrorMessage title="Not saved">{errors.form}</ErrorMessage>}
        <div className="dialog-actions">
          <Button onClick={onClose}>Close</Button>
          <Button type="submit" variant="primary" loading={busy}>
            Save
          </Button>
        </div>
      </form>
    </div>
  );
}
