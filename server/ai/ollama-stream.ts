/**
 * Ollama's `/api/chat` stream made whole for ollama-ai-provider-v2. Ollama's API documentation, and the servers
 * that follow it, end a stream with `{"done": true, …counts}`: no `message`, no `done_reason`. The provider drops an
 * object without `message` (its schema requires one: the usage is lost) and takes a missing `done_reason` as finish
 * reason 'other', which answer generation rightly counts as a failure. This fetch gives a last object an empty
 * message and `done_reason: "stop"` where they are missing; every other line passes unchanged.
 */
export function completeOllamaStream(inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (!response.ok || !response.body || !response.headers.get('content-type')?.includes('ndjson')) return response;
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    const body = response.body
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(completedLines())
      .pipeThrough(new TextEncoderStream());
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  };
}

function completedLines(): TransformStream<string, string> {
  let rest = '';
  return new TransformStream({
    transform(text, controller) {
      const lines = (rest + text).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) controller.enqueue(`${completed(line)}\n`);
    },
    flush(controller) {
      if (rest) controller.enqueue(completed(rest));
    },
  });
}

/** One NDJSON line: the last object with its missing parts filled in, any other line as it came. */
function completed(line: string): string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return line;
  }
  if (!value || typeof value !== 'object' || (value as { done?: unknown }).done !== true) return line;
  const last = value as { message?: unknown; done_reason?: unknown };
  if (last.message !== undefined && last.done_reason !== undefined) return line;
  return JSON.stringify({ message: { role: 'assistant', content: '' }, done_reason: 'stop', ...last });
}
