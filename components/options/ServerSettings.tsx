import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, unwrap, useBackground } from '../app/background-context';
import { Alert } from '../ui/Alert';
import { Field } from '../ui/Field';

export function ServerSettings({ serverUrl }: { serverUrl: string }) {
  const background = useBackground();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(serverUrl);
  const save = useMutation({
    mutationFn: async (url: string) => unwrap(await background.setServerUrl(url)),
    onSuccess: (session) => {
      queryClient.setQueryData(['session'], session);
      setValue(session.serverUrl);
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
          <input id="server-url" type="url" value={value} onChange={(e) => setValue(e.target.value)} required />
        </Field>
        <button type="submit" disabled={save.isPending || value === serverUrl}>
          Save server
        </button>
        {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
        {save.isSuccess && <Alert tone="success">Server saved.</Alert>}
      </form>
    </section>
  );
}
