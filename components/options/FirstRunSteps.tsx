import { useQuery } from '@tanstack/react-query';
import { useBackground } from '../app/background-context';
import { serverCheckQuery } from '../app/queries';

/** Shown until the user has an account: the three things that make Trove work, the first checked live. */
export function FirstRunSteps({ serverUrl }: { serverUrl: string }) {
  const background = useBackground();
  const server = useQuery(serverCheckQuery(background, serverUrl));
  const steps = [
    {
      key: 'server',
      done: server.isSuccess,
      text: server.isSuccess
        ? `Server: a Trove server answers at ${serverUrl}.`
        : 'Server: enter the address your Trove server printed when it started (npm start), and save it.',
    },
    { key: 'account', done: false, text: 'Account: create one on that server, or sign in.' },
    {
      key: 'toolbar',
      done: false,
      text:
        import.meta.env.BROWSER === 'firefox'
          ? 'Toolbar: click the puzzle-piece icon beside the address bar, then the gear beside Trove, then Pin to Toolbar.'
          : 'Toolbar: click the puzzle-piece icon beside the address bar, then the pin beside Trove.',
    },
  ];
  return (
    <section className="first-run" aria-labelledby="first-run-heading">
      <h2 id="first-run-heading">Get started in three steps</h2>
      <ol>
        {steps.map((step) => (
          <li key={step.key} data-done={step.done}>
            {step.text}
            {step.done && <span className="visually-hidden"> (done)</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
