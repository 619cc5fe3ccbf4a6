import type { PromptVariable } from '../../../lib/api/prompt-variables';
import { escapeHtml } from '../../http/html';
import { PUBLIC_STYLE } from '../public-pages/page-style';
import { PROMPT_STYLE } from './page-style';

/**
 * A public prompt's page: plain HTML that reads and runs without any script (the form posts back to the page, and the
 * answer streams into the page as it is written). Everything that is not ours (title, description, the prompt's text
 * and variable names, the visitor's input, the model's answer) goes through escapeHtml.
 */

const e = escapeHtml;

export interface PromptPage {
  title: string;
  description: string;
  username: string;
  /** The prompt's text, or null when its author hides it. */
  text: string | null;
  variables: PromptVariable[];
  /** The models visitors may choose (empty when anonymous use is off). */
  models: { id: number; displayName: string }[];
  anonymous: boolean;
  path: string;
  /** What the visitor sent, to fill the form again. */
  values?: { modelId?: string; text?: string; vars?: Record<string, string> };
  error?: string;
}

const field = (name: string) => `v.${name}`;

function inputs(p: PromptPage): string[] {
  if (!p.variables.length)
    return [
      '<label>Your text',
      `<textarea name="text" placeholder="Enter your text here">${e(p.values?.text ?? '')}</textarea></label>`,
    ];
  return p.variables.map((v) => {
    const value = p.values?.vars?.[v.name] ?? '';
    if (!v.options)
      return `<label>${e(v.name)}<textarea name="${e(field(v.name))}" rows="2">${e(value)}</textarea></label>`;
    const options = v.options.map((o) => `<option value="${e(o)}"${o === value ? ' selected' : ''}>${e(o)}</option>`);
    return `<label>${e(v.name)}<select name="${e(field(v.name))}">${options.join('')}</select></label>`;
  });
}

function form(p: PromptPage): string[] {
  const models = p.models.map(
    (m) =>
      `<option value="${m.id}"${String(m.id) === p.values?.modelId ? ' selected' : ''}>${e(m.displayName)}</option>`,
  );
  return [
    `<form class="run" method="post" action="${e(p.path)}" enctype="multipart/form-data">`,
    ...inputs(p),
    p.anonymous && models.length ? `<label>Model<select name="modelId">${models.join('')}</select></label>` : '',
    p.error ? `<p class="error" role="alert">${e(p.error)}</p>` : '',
    p.anonymous ? '<button type="submit">Generate</button>' : '<a class="button" href="#signup">Generate</a>',
    '</form>',
  ];
}

const SIGN_UP = [
  '<section id="signup" class="signup" aria-labelledby="signup-title"><div>',
  '<h2 id="signup-title">Sign up to generate</h2>',
  '<p>The author of this prompt has not opened it to visitors. Install the Trove browser extension and create an ' +
    'account to run it (AI Prompts in the side panel), or to save it and make your own.</p>',
  '<a class="button" href="#">Close</a>',
  '</div></section>',
];

/** The page up to where the answer goes (`answerOpen`: an answer follows, streamed by the caller, then `pageEnd`). */
export function pageStart(p: PromptPage, answerOpen = false): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(p.title)}</title>`,
    p.description ? `<meta name="description" content="${e(p.description)}">` : '',
    '<meta property="og:type" content="website">',
    '<meta property="og:site_name" content="Trove">',
    `<meta property="og:title" content="${e(p.title)}">`,
    `<style>${PUBLIC_STYLE}</style>`,
    `<style>${PROMPT_STYLE}</style>`,
    '</head>',
    '<body>',
    '<div class="page">',
    '<header>',
    `<p class="crumbs">A prompt by ${e(p.username)}</p>`,
    `<h1>${e(p.title)}</h1>`,
    p.description ? `<p class="lead">${e(p.description)}</p>` : '',
    '</header>',
    '<main>',
    p.text === null
      ? ''
      : `<details><summary>Show prompt</summary><pre class="prompt-text">${e(p.text)}</pre></details>`,
    ...form(p),
    answerOpen
      ? '<section aria-labelledby="answer-title"><h2 id="answer-title">Answer</h2><div class="answer-text">'
      : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** After the streamed answer: `failure` says why it stopped short. */
export function pageEnd(p: PromptPage, answerOpen = false, failure?: string): string {
  return [
    answerOpen ? '</div>' : '',
    answerOpen && failure ? `<p class="error" role="alert">${e(failure)}</p>` : '',
    answerOpen ? '</section>' : '',
    '</main>',
    p.anonymous ? '' : SIGN_UP.join('\n'),
    '<footer>Shared with Trove</footer>',
    '</div>',
    '</body>',
    '</html>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}

export const renderPromptPage = (p: PromptPage) => `${pageStart(p)}\n${pageEnd(p)}`;
