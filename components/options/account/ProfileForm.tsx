import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { DISPLAY_NAME_MAX } from '@/lib/api/account-contract';
import type { User } from '@/lib/api/contract';
import { accountApi } from '@/lib/api/routes/account';
import { emailSchema, messages, usernameSchema } from '@/lib/api/validators';
import { placeFieldErrors, unwrap, useBackground } from '../../app/background-context';
import { appKeys } from '../../app/queries';
import { useDebouncedValue } from '../../app/use-debounced-value';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { type AccountClient, usernameQuery } from './queries';

const formSchema = z.object({
  username: usernameSchema,
  displayName: z.string().trim().max(DISPLAY_NAME_MAX, messages.tooLong),
  email: emailSchema,
  currentPassword: z.string(),
});
type Values = z.input<typeof formSchema>;

/** What the username check says, in words, while the name is typed (300 ms after the last key). */
function UsernameStatus({ client, username, own }: { client: AccountClient; username: string; own: string }) {
  const settled = useDebouncedValue(username, 300);
  const check = useQuery({ ...usernameQuery(client, settled), enabled: !!settled && settled !== own });
  if (!username || username === own) return null;
  const text = settled !== username || check.isPending ? 'Checking…' : check.data?.message;
  if (!text) return null;
  const tone = check.data?.status === 'available' ? 'available' : check.data?.status === 'taken' ? 'taken' : 'neutral';
  return (
    <p className={`username-status ${tone}`} role="status">
      {text}
    </p>
  );
}

/** The profile: username (checked as it is typed), display name and email (a new one needs the current password). */
export function ProfileForm({ client, user }: { client: AccountClient; user: User }) {
  const background = useBackground();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const defaults = {
    username: user.username,
    displayName: user.display_name ?? '',
    email: user.email,
    currentPassword: '',
  };
  const { register, handleSubmit, formState, setError, control, reset } = useForm<Values>({
    resolver: zodResolver(formSchema),
    mode: 'onChange',
    defaultValues: defaults,
  });
  const [username, email] = useWatch({ control, name: ['username', 'email'] });
  const emailChanged = (email ?? '').trim().toLowerCase() !== user.email;
  const save = useMutation({
    mutationFn: async (values: Values) => {
      const body = {
        username: values.username === user.username ? undefined : values.username,
        displayName: values.displayName,
        ...(emailChanged ? { email: values.email, currentPassword: values.currentPassword } : {}),
      };
      return client.call(accountApi.updateProfile, { params: { id: user.id }, body });
    },
    onSuccess: async (updated) => {
      queryClient.setQueryData(appKeys.session, unwrap(await background.reloadUser()));
      reset({
        username: updated.username,
        displayName: updated.display_name ?? '',
        email: updated.email,
        currentPassword: '',
      });
      setPendingEmail(updated.pending_email ?? null);
      setSaved(true);
    },
  });
  const submit = handleSubmit(async (values) => {
    setFormError(null);
    setSaved(false);
    setPendingEmail(null);
    await save
      .mutateAsync(values)
      .catch((error) => setFormError(placeFieldErrors(error, Object.keys(formSchema.shape), setError)));
  });
  return (
    <form onSubmit={submit} aria-label="Profile" noValidate>
      <h3>Profile</h3>
      <Field id="profile-username" label="Username" error={formState.errors.username?.message}>
        <input id="profile-username" autoComplete="username" {...register('username')} />
      </Field>
      {!formState.errors.username && <UsernameStatus client={client} username={username ?? ''} own={user.username} />}
      <Field id="profile-display-name" label="Display name" error={formState.errors.displayName?.message}>
        <input id="profile-display-name" autoComplete="name" {...register('displayName')} />
      </Field>
      <Field id="profile-email" label="Email" error={formState.errors.email?.message}>
        <input id="profile-email" type="email" autoComplete="email" {...register('email')} />
      </Field>
      {emailChanged && (
        <Field
          id="profile-current-password"
          label="Current password (to change your email)"
          error={formState.errors.currentPassword?.message}
        >
          <input
            id="profile-current-password"
            type="password"
            autoComplete="current-password"
            {...register('currentPassword')}
          />
        </Field>
      )}
      {formError && <Alert tone="error">{formError}</Alert>}
      {saved && !formState.isDirty && <Alert tone="success">Profile saved.</Alert>}
      {pendingEmail && (
        <Alert tone="info">
          {`To use ${pendingEmail}, open the link we mailed there and confirm (within 24 hours). Until then your email stays ${user.email}.`}
        </Alert>
      )}
      <Button type="submit" variant="primary" className="form-submit" loading={save.isPending}>
        Save profile
      </Button>
    </form>
  );
}
