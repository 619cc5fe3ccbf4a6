import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, unwrap, useBackground } from '../app/background-context';
import { appKeys, serverCheckQuery } from '../app/queries';
import { useDebouncedValue } from '../app/use-debounced-value';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Field } from '../ui/Field';
import { Spinner } from '../ui/Spinner';
import { useToast } from '../ui/Toast';

const CHECK_DELAY_MS = 400;

/**
 * Says, as the address is typed, whether a Trove server answers there. Its line is always on the page, empty until
 * there is something to say: the Save button below does not move when the answer comes (a click on its way would land
 * beside it), and a screen reader hears the live region's first message.
 */
function ServerCheck({ url }: { url: string }) {
  const background = useBackground();
  const check = useQuery({ ...serverCheckQuery(background, url), enabled: url !== '' });
  if (!url) return <p className="server-check" aria-live="polite" data-state="idle" />;
  return (
    <p className="server-check" aria-live="polite" data-state={check.isFetching ? 'checking' : check.status}>
      {check.isFetching ? (
        <Spinner label="Checking the address" />
      ) : check.isSuccess ? (
        <span className="server-check-ok">A Trove server answers at this address.</span>
      ) : check.isError ? (
        <span className="server-check-error">{errorMessage(check.error)}</span>
      ) : null}
    </p>
  );
}

/**
 * The server address. Once the user changes it, typing checks it; the saved address is not judged here before
 * they act (the first-run steps or, signed in, the page's connection banner speak for it). An address without
 * a scheme (`127.0.0.1:8787`) is taken as http://.
 */
export function ServerSettings({ serverUrl }: { serverUrl: string }) {
  const background = useBackground();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [value, setValue] = useState(serverUrl);
  const typed = useDebouncedValue(value.trim(), CHECK_DELAY_MS);
  const save = useMutation({
    mutationFn: async (url: string) => unwrap(await background.setServerUrl(url)),
    onSuccess: (session) => {
      queryClient.setQueryData(appKeys.session, session);
      setValue(session.serverUrl);
      toast('success', 'Server saved.');
    },
  });
  return (
    <section aria-labelledby="server-heading">
      <h2 id="server-heading">Server</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(value);
        }}
      >
        <Field id="server-url" label="Trove server URL">
          <input
            id="server-url"
            type="text"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            required
          />
        </Field>
        <ServerCheck url={typed === serverUrl ? '' : typed} />
        <Button type="submit" loading={save.isPending} disabled={value === serverUrl}>
          Save server
        </Button>
        {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
      </form>
    </section>
  );
}
