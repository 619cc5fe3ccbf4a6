import { describe, expect, it } from 'vitest';
import { estimateTokens } from '../../lib/api/context-budget';
import { spentUsage } from '../../server/features/answers/answer-credits';
import { classifyEnd } from '../../server/features/answers/answer-end';
import { Generation } from '../../server/features/answers/generations';

/** $2 per million tokens in, $10 out. */
const model = { inputPricePerMillion: 2, outputPricePerMillion: 10 };
const usage = { input: 1000, output: 500 };

describe('classifyEnd', () => {
  it('ends done with the usage and its cost when the provider finished with stop', () => {
    const end = classifyEnd(new Generation(), model, { finishReason: 'stop', usage }, 'OpenAI');
    expect(end).toEqual({ type: 'done', status: 'done', usage, cost: 0.007 });
  });

  it('ends stopped when the user stopped it, with the usage that came before (none: no cost)', () => {
    const stopped = new Generation();
    stopped.stop();
    expect(classifyEnd(stopped, model, { usage }, 'OpenAI')).toEqual({
      type: 'done',
      status: 'stopped',
      usage,
      cost: 0.007,
    });
    expect(classifyEnd(stopped, model, { usage: null }, 'OpenAI')).toEqual({
      type: 'done',
      status: 'stopped',
      usage: null,
      cost: null,
    });
  });

  it('ends in an error when the server stopped it, even after a failure was read', () => {
    const aborted = new Generation();
    aborted.controller.abort();
    const end = classifyEnd(aborted, model, { failure: 'OpenAI: rate limited', usage: null }, 'OpenAI');
    expect(end).toEqual({ type: 'error', message: 'The server stopped before the answer was complete' });
  });

  it('ends in the failure read from the stream, before looking at the finish reason', () => {
    const end = classifyEnd(
      new Generation(),
      model,
      { failure: 'OpenAI: bad key', finishReason: 'stop', usage },
      'OpenAI',
    );
    expect(end).toEqual({ type: 'error', message: 'OpenAI: bad key' });
  });

  it('takes any finish reason but stop as a failure naming the provider and the reason (Ollama ends so)', () => {
    expect(classifyEnd(new Generation(), model, { finishReason: 'other', usage }, 'Ollama')).toEqual({
      type: 'error',
      message: 'Ollama ended the answer early (finish reason: other)',
    });
    expect(classifyEnd(new Generation(), model, { usage: null }, 'Ollama')).toEqual({
      type: 'error',
      message: 'Ollama ended the answer early (finish reason: none)',
    });
  });
});

describe('spentUsage', () => {
  const text = 'The tide turns at six, and again at half past six in the evening.';

  it('is the provider usage of an answer done or stopped', () => {
    expect(spentUsage({ type: 'done', status: 'done', usage, cost: 0.007 }, text)).toEqual(usage);
    expect(spentUsage({ type: 'done', status: 'stopped', usage, cost: 0.007 }, text)).toEqual(usage);
  });

  it('estimates the text streamed of an answer stopped before its usage came, and is nothing for a failure', () => {
    const stopped = spentUsage({ type: 'done', status: 'stopped', usage: null, cost: null }, text);
    expect(stopped).toEqual({ input: 0, output: estimateTokens(text) });
    expect(stopped?.output).toBeGreaterThan(0);
    expect(spentUsage({ type: 'error', message: 'OpenAI: bad key' }, text)).toBeNull();
  });
});
