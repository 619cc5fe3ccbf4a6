/**
 * Memory proposals (Enable Memory): the model is asked to end its answer with a line
 * `REMEMBER: <fact>` only when the user states a lasting fact about themselves. That line is taken
 * off the answer as it streams (MemoryProposalFilter holds back a line while it could still be the
 * marker, and the line breaks before it), so the answer shown and stored never carries it; the fact
 * becomes the message's `memoryProposal`, which the user confirms (POST /api/memories) or dismisses.
 */
import { MAX_MEMORY_TEXT } from '../../lib/api/contract';

export const MEMORY_MARKER = 'REMEMBER:';
export const MEMORY_PROPOSAL_INSTRUCTION = `Only when the user's message states a lasting fact about themselves worth remembering in later conversations (a preference, their work, a standing goal or constraint), end your answer with one last line of exactly this form:
${MEMORY_MARKER} <the fact, one short sentence about the user>
Otherwise never write such a line.`;

const upper = (line: string) => line.trimStart().toUpperCase();
/** The line may still become the marker line (or is it). */
const couldBeMarker = (line: string) => MEMORY_MARKER.startsWith(upper(line)) || isMarker(line);
const isMarker = (line: string) => upper(line).startsWith(MEMORY_MARKER);
const factOf = (line: string) => line.trimStart().slice(MEMORY_MARKER.length).trim().slice(0, MAX_MEMORY_TEXT);

/** Takes `REMEMBER:` lines out of a streamed answer: `push` each delta and pass on what it returns, then `end`. */
export class MemoryProposalFilter {
  /** The fact of the last marker line seen, if any. */
  proposal: string | null = null;
  /** The start of the current line, held while it could be the marker. */
  private held = '';
  /** Line breaks not passed on yet: they are dropped if only the marker follows them. */
  private breaks = '';
  private lineStart = true;

  push(delta: string): string {
    let rest = this.held + delta;
    this.held = '';
    let out = '';
    const pass = (text: string) => {
      if (!text) return;
      out += this.breaks + text;
      this.breaks = '';
    };
    while (rest) {
      const newline = rest.indexOf('\n');
      const line = newline === -1 ? rest : rest.slice(0, newline);
      if (this.lineStart && couldBeMarker(line)) {
        if (newline === -1) {
          this.held = rest;
          break;
        }
        if (isMarker(line)) {
          this.take(line);
          rest = rest.slice(newline + 1);
          continue;
        }
      }
      if (newline === -1) {
        pass(rest);
        this.lineStart = false;
        break;
      }
      pass(line);
      this.breaks += '\n';
      this.lineStart = true;
      rest = rest.slice(newline + 1);
    }
    return out;
  }

  /** The text still held back (none when it was the marker or the breaks before it). */
  end(): string {
    const held = this.held;
    this.held = '';
    if (held && isMarker(held)) this.take(held);
    else if (held) return this.breaks + held;
    return this.proposal ? '' : this.breaks;
  }

  private take(line: string) {
    const fact = factOf(line);
    if (fact) this.proposal = fact;
  }
}

/** A whole answer without its marker line, and the proposed fact (null when there is none). */
export function splitMemoryProposal(answer: string): { answer: string; proposal: string | null } {
  const filter = new MemoryProposalFilter();
  const text = filter.push(answer) + filter.end();
  return { answer: text, proposal: filter.proposal };
}
