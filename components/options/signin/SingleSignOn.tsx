import { errorMessage, unwrap, useBackground } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useSignInOptions } from './queries';
import { useSessionMutation } from './use-session-mutation';

/**
 * "Sign in with <provider>" above the password form, when the server has single sign-on: the browser's sign-in window
 * opens on the provider, and the background keeps the tokens it ends with (lib/background/oidc.ts).
 */
export function SingleSignOn() {
  const background = useBackground();
  const { options } = useSignInOptions();
  const signIn = useSessionMutation(async () => unwrap(await background.signInWithOidc()));
  if (!options?.oidc) return null;
  return (
    <div className="single-sign-on">
      <Button variant="primary" onClick={() => signIn.mutate(undefined)} loading={signIn.isPending}>
        {`Sign in with ${options.oidc.name}`}
      </Button>
      {signIn.isError && <Alert tone="error">{errorMessage(signIn.error)}</Alert>}
      <p className="single-sign-on-or">or with your Trove password:</p>
    </div>
  );
}
