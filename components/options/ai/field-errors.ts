import { CallError } from '@/lib/api/call-error';
import { errorMessage } from '../../app/background-context';

export type FieldErrors<F extends string> = Partial<Record<F | 'form', string>>;

/**
 * Puts a refused call's field errors on the form's own fields (without the "field: " prefix the server
 * gives its message); errors of other fields, or a refusal without field errors, go above the fields as `form`.
 */
export function splitFieldErrors<F extends string>(error: unknown, fields: readonly F[]): FieldErrors<F> {
  const list = error instanceof CallError ? (error.ui.fields ?? []) : [];
  const found: FieldErrors<F> = {};
  for (const f of list) {
    const name = f.path.replace(/^data\./, '');
    if ((fields as readonly string[]).includes(name)) found[name as F] = f.message.replace(`${name}: `, '');
    else found.form = f.message;
  }
  if (!list.length) found.form = errorMessage(error);
  return found;
}
