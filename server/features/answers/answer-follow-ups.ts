import { askFollowUps } from '../../ai/chat-options';
import type { Charge } from '../credits/credits';
import { spendApart } from './answer-credits';
import { type Persist, storeFollowUps } from './answer-store';
import type { ProviderRequest } from './ask-provider';
import type { Generation } from './generations';

/**
 * Asks the model for follow-up questions to its done answer, pays for them as for the answer (a house model's; a
 * failed request costs nothing), stores them with it and sends them.
 */
export async function followUp(
  generation: Generation,
  run: Pick<ProviderRequest, 'llm' | 'system' | 'messages'> & { charge?: Charge; persist?: Persist },
) {
  const { questions, usage } = await askFollowUps({
    model: run.llm,
    system: run.system,
    messages: run.messages,
    answer: generation.text,
    abortSignal: generation.controller.signal,
  });
  if (run.charge && usage) await spendApart(run.charge, usage);
  if (run.persist) await storeFollowUps(run.persist, questions);
  generation.emit({ type: 'followups', questions });
}
