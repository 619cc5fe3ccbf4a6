import { errorMessage } from '../../../app/background-context';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { Spinner } from '../../../ui/Spinner';
import { AddEndpointForm } from './AddEndpointForm';
import { EndpointCard } from './EndpointCard';
import { useCustomEndpoints } from './queries';

/**
 * Custom endpoints (issue 11): the user's own OpenAI-compatible servers and Ollamas, their discovered
 * models (which join the model list with the API label), and the form to add one.
 */
export function CustomEndpoints() {
  const endpoints = useCustomEndpoints();
  return (
    <section className="ai-endpoints" aria-labelledby="ai-endpoints-heading">
      <h3 id="ai-endpoints-heading">Custom endpoints</h3>
      <p className="hint">
        Any OpenAI-compatible server (LM Studio, vLLM, llama.cpp, LiteLLM, OpenRouter) or an Ollama. Your Trove server
        calls it, so give an address the server can reach. Only you see these endpoints and their models.
      </p>
      {endpoints.isPending && <Spinner label="Loading custom endpoints" />}
      {endpoints.isError && (
        <ErrorMessage retryLabel="Try again" retrying={endpoints.isFetching} onRetry={() => void endpoints.refetch()}>
          {errorMessage(endpoints.error)}
        </ErrorMessage>
      )}
      {endpoints.data && (
        <ul className="ai-providers">
          {endpoints.data.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} />
          ))}
        </ul>
      )}
      <AddEndpointForm />
    </section>
  );
}
