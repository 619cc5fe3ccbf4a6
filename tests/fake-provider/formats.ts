/**
 * Wire formats of the providers the fake speaks, one small builder per message kind.
 * Field names follow the providers' own API references:
 * - OpenAI Responses streaming (`response.created`, `response.output_item.added`/`.done` for `web_search_call`,
 *   `reasoning` and `message` items, `response.reasoning_summary_part.added`, `response.reasoning_summary_text.delta`,
 *   `response.output_text.delta`, `response.output_text.annotation.added` with `url_citation`, `response.completed`
 *   with `usage.input_tokens`/`output_tokens`) and images (`/v1/images/generations`: `data[].b64_json`),
 * - OpenAI chat completions (`chat.completion`, `chat.completion.chunk`, `stream_options.include_usage`,
 *   the `{"error":{message,type,param,code}}` body, `data: [DONE]`),
 * - Anthropic messages streaming (message_start, content_block_start, ping, content_block_delta
 *   with `text_delta`, content_block_stop, message_delta, message_stop, and the `error` event),
 * - Ollama `/api/chat` NDJSON (`message`, `done`, `done_reason`, `prompt_eval_count`, `eval_count`),
 *   its `{"error": "..."}` body, `/api/tags` and `/api/show` (`capabilities`, `model_info`),
 * - Google Gemini `generateContent` / `streamGenerateContent?alt=sse` (`GenerateContentResponse`:
 *   `candidates[].content.parts[].text`, `finishReason`, `usageMetadata.promptTokenCount` /
 *   `candidatesTokenCount` / `totalTokenCount`, no `[DONE]`) and the `{"error":{code,message,status}}`
 *   body, which is also what a failed stream sends as its last `data:` event.
 */

export interface Usage {
  input: number;
  output: number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

// ---------- OpenAI Responses and images ----------

/** A web page a scripted answer cites (OpenAI `url_citation`, Gemini `groundingChunks[].web`). */
export interface Source {
  title: string;
  url: string;
}

/** A valid 1×1 PNG: what the fake's image model draws. */
export const FAKE_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export const openaiResponses = {
  created(id: string, model: string) {
    return { type: 'response.created', response: { id, created_at: nowSeconds(), model, service_tier: null } };
  },
  itemAdded(outputIndex: number, item: Record<string, unknown>) {
    return { type: 'response.output_item.added', output_index: outputIndex, item };
  },
  itemDone(outputIndex: number, item: Record<string, unknown>) {
    return { type: 'response.output_item.done', output_index: outputIndex, item };
  },
  webSearchCall(id: string, status: 'in_progress' | 'completed', query: string) {
    return status === 'in_progress'
      ? { type: 'web_search_call', id, status }
      : { type: 'web_search_call', id, status, action: { type: 'search', query } };
  },
  summaryPartAdded(itemId: string, outputIndex: number) {
    return {
      type: 'response.reasoning_summary_part.added',
      item_id: itemId,
      output_index: outputIndex,
      summary_index: 0,
    };
  },
  summaryDelta(itemId: string, outputIndex: number, delta: string) {
    return {
      type: 'response.reasoning_summary_text.delta',
      item_id: itemId,
      output_index: outputIndex,
      summary_index: 0,
      delta,
    };
  },
  summaryPartDone(itemId: string, outputIndex: number) {
    return {
      type: 'response.reasoning_summary_part.done',
      item_id: itemId,
      output_index: outputIndex,
      summary_index: 0,
    };
  },
  textDelta(itemId: string, outputIndex: number, delta: string) {
    return { type: 'response.output_text.delta', item_id: itemId, output_index: outputIndex, delta, logprobs: [] };
  },
  citation(source: Source, start: number, end: number) {
    return {
      type: 'response.output_text.annotation.added',
      annotation: { type: 'url_citation', start_index: start, end_index: end, url: source.url, title: source.title },
    };
  },
  completed(id: string, model: string, usage: Usage) {
    return {
      type: 'response.completed',
      response: {
        id,
        model,
        incomplete_details: null,
        usage: { input_tokens: usage.input, output_tokens: usage.output },
        service_tier: null,
      },
    };
  },
  /** `POST /v1/images/generations` (gpt-image-1 answers base64, never URLs). */
  images(count: number) {
    return {
      created: nowSeconds(),
      data: Array.from({ length: count }, () => ({ b64_json: FAKE_PNG_BASE64 })),
      usage: { input_tokens: 10, output_tokens: 100, total_tokens: 110 },
    };
  },
};

// ---------- OpenAI chat completions ----------

export const openai = {
  chunk(
    id: string,
    model: string,
    delta: Record<string, unknown>,
    finishReason: string | null,
    withUsageField: boolean,
  ) {
    return {
      id,
      object: 'chat.completion.chunk',
      created: nowSeconds(),
      model,
      system_fingerprint: 'fp_fake',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...(withUsageField ? { usage: null } : {}),
    };
  },
  /** The extra chunk sent before `[DONE]` when `stream_options.include_usage` is set: empty choices. */
  usageChunk(id: string, model: string, usage: Usage) {
    return {
      id,
      object: 'chat.completion.chunk',
      created: nowSeconds(),
      model,
      system_fingerprint: 'fp_fake',
      choices: [],
      usage: openai.usage(usage),
    };
  },
  completion(id: string, model: string, text: string, usage: Usage) {
    return {
      id,
      object: 'chat.completion',
      created: nowSeconds(),
      model,
      system_fingerprint: 'fp_fake',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: text, refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: openai.usage(usage),
    };
  },
  usage(usage: Usage) {
    return { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output };
  },
  error(status: number, message: string) {
    const [type, code] =
      status === 401
        ? ['invalid_request_error', 'invalid_api_key']
        : status === 429
          ? ['requests', 'rate_limit_exceeded']
          : status >= 500
            ? ['server_error', null]
            : ['invalid_request_error', null];
    return { error: { message, type, param: null, code } };
  },
  /** `GET /v1/models`; `extra` adds fields some servers put on an entry (`context_length`, `max_model_len`…). */
  models(ids: string[], extra: Record<string, Record<string, unknown>> = {}) {
    return {
      object: 'list',
      data: ids.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'fake', ...extra[id] })),
    };
  },
};

// ---------- Anthropic messages ----------

const anthropicErrorType = (status: number) =>
  ({
    400: 'invalid_request_error',
    401: 'authentication_error',
    403: 'permission_error',
    404: 'not_found_error',
    413: 'request_too_large',
    429: 'rate_limit_error',
    529: 'overloaded_error',
  })[status] ?? 'api_error';

export const anthropic = {
  messageStart(id: string, model: string, usage: Usage) {
    return {
      type: 'message_start',
      message: {
        id,
        type: 'message',
        role: 'assistant',
        content: [],
        model,
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: usage.input, output_tokens: 1 },
      },
    };
  },
  contentBlockStart: (index = 0, block: Record<string, unknown> = { type: 'text', text: '' }) => ({
    type: 'content_block_start',
    index,
    content_block: block,
  }),
  ping: () => ({ type: 'ping' }),
  textDelta: (text: string, index = 0) => ({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } }),
  contentBlockStop: (index = 0) => ({ type: 'content_block_stop', index }),
  /** Extended thinking: a `thinking` block's delta, then its `signature_delta`. */
  thinkingDelta: (thinking: string, index = 0) => ({
    type: 'content_block_delta',
    index,
    delta: { type: 'thinking_delta', thinking },
  }),
  signatureDelta: (index = 0) => ({
    type: 'content_block_delta',
    index,
    delta: { type: 'signature_delta', signature: 'fake-signature' },
  }),
  /** The server-side web search: its `server_tool_use` block, then the `web_search_tool_result` block. */
  webSearchUse: (id: string) => ({ type: 'server_tool_use', id, name: 'web_search', input: { query: 'fake query' } }),
  webSearchResult: (toolUseId: string, sources: Source[]) => ({
    type: 'web_search_tool_result',
    tool_use_id: toolUseId,
    content: sources.map((s) => ({
      type: 'web_search_result',
      url: s.url,
      title: s.title,
      encrypted_content: 'fake-encrypted',
      page_age: null,
    })),
  }),
  messageDelta: (usage: Usage) => ({
    type: 'message_delta',
    delta: { stop_reason: 'end_turn', stop_sequence: null },
    usage: { output_tokens: usage.output },
  }),
  messageStop: () => ({ type: 'message_stop' }),
  message(id: string, model: string, text: string, usage: Usage) {
    return {
      id,
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: usage.input, output_tokens: usage.output },
    };
  },
  /** Both the HTTP error body and the data of the streamed `error` event. */
  error(status: number, message: string) {
    return { type: 'error', error: { type: anthropicErrorType(status), message } };
  },
  models(ids: string[]) {
    const data = ids.map((id) => ({ type: 'model', id, display_name: id, created_at: '2025-01-01T00:00:00Z' }));
    return { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null };
  },
};

// ---------- Ollama ----------

export interface OllamaModelDetails {
  architecture?: string;
  contextLength?: number;
  capabilities?: string[];
}

export const ollama = {
  part(model: string, content: string) {
    return { model, created_at: new Date().toISOString(), message: { role: 'assistant', content }, done: false };
  },
  /** The last line of a stream (content empty) or the whole non-streamed answer. */
  done(model: string, content: string, usage: Usage) {
    return {
      model,
      created_at: new Date().toISOString(),
      message: { role: 'assistant', content },
      done: true,
      done_reason: 'stop',
      total_duration: 1_000_000,
      load_duration: 100_000,
      prompt_eval_count: usage.input,
      prompt_eval_duration: 200_000,
      eval_count: usage.output,
      eval_duration: 700_000,
    };
  },
  error: (message: string) => ({ error: message }),
  /**
   * `POST /api/show`: the model's details. `capabilities` (Ollama ≥ 0.6.4: `completion`, `vision`, `tools`,
   * `thinking`, `insert`, `embedding`) is left out when not given, as older versions do; the context length
   * is `model_info["<general.architecture>.context_length"]`.
   */
  show(details: OllamaModelDetails) {
    const arch = details.architecture ?? 'llama';
    return {
      license: '',
      modelfile: '# Modelfile generated by "ollama show"',
      parameters: 'stop "<|eot_id|>"',
      template: '{{ .Prompt }}',
      details: {
        parent_model: '',
        format: 'gguf',
        family: arch,
        families: [arch],
        parameter_size: '1B',
        quantization_level: 'Q4_K_M',
      },
      model_info: {
        'general.architecture': arch,
        'general.parameter_count': 1_000_000_000,
        ...(details.contextLength ? { [`${arch}.context_length`]: details.contextLength } : {}),
        [`${arch}.embedding_length`]: 2048,
      },
      ...(details.capabilities ? { capabilities: details.capabilities } : {}),
      modified_at: '2025-01-01T00:00:00Z',
    };
  },
  tags(ids: string[]) {
    return {
      models: ids.map((name) => ({
        name,
        model: name,
        modified_at: '2025-01-01T00:00:00Z',
        size: 1_000_000_000,
        digest: `sha256:${name.replace(/[^a-z0-9]/gi, '').padEnd(12, '0')}`,
        details: {
          parent_model: '',
          format: 'gguf',
          family: 'llama',
          families: ['llama'],
          parameter_size: '1B',
          quantization_level: 'Q4_K_M',
        },
      })),
    };
  },
};

// ---------- Google Gemini ----------

const googleStatus = (status: number) =>
  ({
    400: 'INVALID_ARGUMENT',
    401: 'UNAUTHENTICATED',
    403: 'PERMISSION_DENIED',
    404: 'NOT_FOUND',
    429: 'RESOURCE_EXHAUSTED',
    500: 'INTERNAL',
    503: 'UNAVAILABLE',
    504: 'DEADLINE_EXCEEDED',
  })[status] ?? (status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT');

export const google = {
  /** One `GenerateContentResponse`: a streamed chunk (usage so far, no finishReason) or the last/whole answer. */
  response(model: string, responseId: string, text: string, usage: Usage, finishReason?: 'STOP', sources?: Source[]) {
    return {
      candidates: [
        {
          content: { parts: [{ text }], role: 'model' },
          ...(finishReason ? { finishReason, index: 0 } : { index: 0 }),
          ...(sources?.length
            ? { groundingMetadata: { groundingChunks: sources.map((s) => ({ web: { uri: s.url, title: s.title } })) } }
            : {}),
        },
      ],
      usageMetadata: google.usage(usage),
      modelVersion: model,
      responseId,
    };
  },
  usage(usage: Usage) {
    return {
      promptTokenCount: usage.input,
      candidatesTokenCount: usage.output,
      totalTokenCount: usage.input + usage.output,
    };
  },
  /** The HTTP error body and the data of a failed stream's last event. */
  error(status: number, message: string) {
    return { error: { code: status, message, status: googleStatus(status) } };
  },
  models(ids: string[]) {
    return {
      models: ids.map((id) => ({
        name: `models/${id}`,
        displayName: id,
        inputTokenLimit: 1_048_576,
        outputTokenLimit: 65_536,
        supportedGenerationMethods: ['generateContent', 'countTokens'],
      })),
    };
  },
};
