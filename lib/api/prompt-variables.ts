/**
 * Prompt text: variables go in curly brackets (`{{Name}}`), a dropdown
 * is `{{Tone | Formal, Friendly, Direct}}`, and a line of three dashes splits a prompt into a queue.
 * Shared by the server (which fills a prompt the user may not read) and the side panel.
 */

export interface PromptVariable {
  name: string;
  /** The dropdown's choices, or null for free text. */
  options: string[] | null;
}

// No quantifiers that can share characters (spaces are trimmed after the match): the time to read a text
// stays linear, even for text that opens a variable and never closes it.
const VARIABLE = /\{\{([^{}|]*)(?:\|([^{}]*))?\}\}/g;
// A line holding only three dashes (and spaces); `\r?` so text pasted with Windows line ends splits too.
const QUEUE_SEPARATOR = /^[ \t]*---[ \t]*\r?$/m;

/** The variables of `text` in order of first appearance, each once (the first dropdown's options win). */
export function promptVariables(text: string): PromptVariable[] {
  const byName = new Map<string, PromptVariable>();
  for (const match of text.matchAll(VARIABLE)) {
    const name = match[1]?.trim() ?? '';
    if (!name || byName.has(name)) continue;
    const options = match[2]
      ?.split(',')
      .map((option) => option.trim())
      .filter(Boolean);
    byName.set(name, { name, options: options?.length ? options : null });
  }
  return [...byName.values()];
}

/** `text` with each variable that has a value replaced by it; variables without a value are left as written. */
export function fillPromptVariables(text: string, values: Record<string, string>): string {
  return text.replace(VARIABLE, (whole, name: string) => {
    // A nameless `{{ | A, B}}` is not a variable (promptVariables skips it), so it is never filled; own
    // keys only, so `{{toString}}` is not filled from Object.prototype.
    const key = name.trim();
    const value = key && Object.hasOwn(values, key) ? values[key] : undefined;
    return value === undefined ? whole : value;
  });
}

/** The prompt queue: the parts between lines of three dashes (blank parts dropped); one part when there are none. */
export function promptQueue(text: string): string[] {
  const parts = text
    .split(QUEUE_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length ? parts : [text.trim()];
}

/**
 * Problems with `values` for `variables`: a name the prompt does not have, or a dropdown value not
 * among its options; each as `[name, message]`.
 */
export function variableProblems(variables: PromptVariable[], values: Record<string, string>): [string, string][] {
  const byName = new Map(variables.map((v) => [v.name, v]));
  const problems: [string, string][] = [];
  for (const [name, value] of Object.entries(values)) {
    const variable = byName.get(name);
    if (!variable) problems.push([name, `the prompt has no variable "${name}"`]);
    else if (variable.options && !variable.options.includes(value))
      problems.push([name, `must be one of ${variable.options.join(', ')}`]);
  }
  return problems;
}
