import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { loginBody, registerBody, type User } from '@/lib/api/contract';
import { errorMessage, placeFieldErrors, unwrap, useBackground } from '../app/background-context';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Field } from '../ui/Field';
import { Tabs } from '../ui/Tabs';
import { AccountSettings } from './account/AccountSettings';
import type { DeletedAccount } from './account/DeleteAccount';
import { rememberSignedInHere, signedInHereBefore } from './account-history';
import { ForgotPassword } from './signin/ForgotPassword';
import { useSignInOptions } from './signin/queries';
import { RegistrationNotice } from './signin/RegistrationNotice';
import { SingleSignOn } from './signin/SingleSignOn';
import { useSessionMutation } from './signin/use-session-mutation';

function SignInForm() {
  const background = useBackground();
  const signIn = useSessionMutation(async (input: z.infer<typeof loginBody>) => unwrap(await background.signIn(input)));
  const { register, handleSubmit, formState } = useForm<z.infer<typeof loginBody>>({
    resolver: zodResolver(loginBody),
  });
  return (
    <form onSubmit={handleSubmit((v) => signIn.mutateAsync(v).catch(() => {}))} aria-label="Sign in" noValidate>
      <Field id="signin-identifier" label="Email or username" error={formState.errors.identifier?.message}>
        <input id="signin-identifier" autoComplete="username" {...register('identifier')} />
      </Field>
      <Field id="signin-password" label="Password" error={formState.errors.password?.message}>
        <input id="signin-password" type="password" autoComplete="current-password" {...register('password')} />
      </Field>
      {signIn.isError && <Alert tone="error">{errorMessage(signIn.error)}</Alert>}
      <Button type="submit" variant="primary" className="form-submit" loading={signIn.isPending}>
        Sign in
      </Button>
    </form>
  );
}

function SignUpForm() {
  const background = useBackground();
  const signUp = useSessionMutation(async (input: z.input<typeof registerBody>) =>
    unwrap(await background.signUp(input)),
  );
  const { register, handleSubmit, formState, setError } = useForm<z.input<typeof registerBody>>({
    resolver: zodResolver(registerBody),
    mode: 'onChange',
  });
  const [formError, setFormError] = useState<string | null>(null);
  const registration = useSignInOptions().options?.registration;
  const submit = handleSubmit((v) => {
    setFormError(null);
    return signUp
      .mutateAsync(v)
      .catch((e) => setFormError(placeFieldErrors(e, Object.keys(registerBody.shape), setError)));
  });
  return (
    <form onSubmit={submit} aria-label="Create account" noValidate>
      <Field id="signup-username" label="Username" error={formState.errors.username?.message}>
        <input id="signup-username" autoComplete="username" {...register('username')} />
      </Field>
      <Field id="signup-email" label="Email" error={formState.errors.email?.message}>
        <input id="signup-email" type="email" autoComplete="email" {...register('email')} />
      </Field>
      <Field id="signup-password" label="Password (8 characters or more)" error={formState.errors.password?.message}>
        <input id="signup-password" type="password" autoComplete="new-password" {...register('password')} />
      </Field>
      <RegistrationNotice
        mode={registration}
        invitation={register('invitation')}
        error={formState.errors.invitation?.message}
      />
      {formError && <Alert tone="error">{formError}</Alert>}
      <Button
        type="submit"
        variant="primary"
        className="form-submit"
        loading={signUp.isPending}
        disabled={registration === 'closed'}
      >
        Create account
      </Button>
    </form>
  );
}

function SignedIn({ user, onDeleted }: { user: User; onDeleted: (deleted: DeletedAccount) => void }) {
  const background = useBackground();
  const signOut = useSessionMutation(async () => unwrap(await background.signOut()));
  return (
    <div>
      <p className="signed-in-as">
        Signed in as <strong>{user.username}</strong> ({user.email})
      </p>
      <Button onClick={() => signOut.mutate()} loading={signOut.isPending}>
        Sign out
      </Button>
      <AccountSettings
        user={user}
        onDeleted={(deleted) => {
          onDeleted(deleted);
          // the server has ended every sign-in already; this forgets the tokens here
          signOut.mutate();
        }}
      />
    </div>
  );
}

const ACCOUNT_TABS = [
  {
    id: 'signin',
    label: 'Sign in',
    content: (
      <>
        <SingleSignOn />
        <SignInForm />
        <ForgotPassword />
      </>
    ),
  },
  { id: 'signup', label: 'Create account', content: <SignUpForm /> },
] as const;

/**
 * Signed out: Sign in and Create account as tabs (←/→, Home/End), Create account first until someone has signed
 * in here; signed in: who, and Sign out.
 */
export function AccountPanel({ user }: { user: User | null }) {
  const [deleted, setDeleted] = useState<DeletedAccount | null>(null);
  useEffect(() => {
    if (user) rememberSignedInHere();
  }, [user]);
  return (
    <section id="account" aria-labelledby="account-heading">
      <h2 id="account-heading">Account</h2>
      {deleted && !user && (
        <Alert tone="success">
          Your account has been deleted, with its {deleted.gems === 1 ? '1 gem' : `${deleted.gems} gems`} and{' '}
          {deleted.files === 1 ? '1 file' : `${deleted.files} files`}. You are signed out.
        </Alert>
      )}
      {user ? <SignedIn user={user} onDeleted={setDeleted} /> : <SignedOutTabs />}
    </section>
  );
}

function SignedOutTabs() {
  const [tab, setTab] = useState(() => (signedInHereBefore() ? 'signin' : 'signup'));
  return <Tabs label="Account" tabs={ACCOUNT_TABS} selected={tab} onSelect={setTab} />;
}
