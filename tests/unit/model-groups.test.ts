import { describe, expect, test } from 'vitest';
import { toolRefusal } from '../../components/chat/composer/blocked-reason';
import { formatContextLength, modelCapabilities } from '../../components/chat/models/capabilities';
import {
  fitsTool,
  type GroupOptions,
  groupModels,
  type ModelTool,
  pickRefusal,
} from '../../components/chat/models/model-groups';
import type { UserModel } from '../../lib/api/ai-contract';

let nextId = 1;
function model(provider: string, displayName: string, over: Partial<UserModel> = {}): UserModel {
  return {
    id: nextId++,
    model: displayName.toLowerCase().replace(/\s+/g, '-'),
    provider,
    displayName,
    type: 'Text',
    logoLink: null,
    isActive: true,
    languages: [],
    is_web_search_enabled: false,
    is_reasoning_enabled: false,
    is_audio_enabled: false,
    is_video_enabled: false,
    is_vision_enabled: false,
    is_image_generated: false,
    isAttachmentSupported: false,
    content_length: 128_000,
    supported_file_formats: [],
    isCurateitAI: false,
    isDefaultForCurateit: false,
    inputPricePerMillion: 1,
    outputPricePerMillion: 2,
    label: 'API',
    inactiveReason: null,
    enabled: true,
    providerEnabled: true,
    endpoint: null,
    discovered: null,
    ...over,
  };
}

const house = (name: string, over: Partial<UserModel> = {}) =>
  model('Trove', name, { isCurateitAI: true, label: 'Credits', ...over });

const catalogue = [
  model('OpenAI', 'GPT-4.1', { is_web_search_enabled: true }),
  model('Mistral', 'Mistral Large'),
  model('Anthropic', 'Claude Sonnet 4.5', { is_reasoning_enabled: true }),
  house('Trove Mini'),
  model('OpenAI', 'GPT Image 1', { type: 'Image', is_image_generated: true }),
  model('openrouter', 'Llama 4 (OpenRouter)', { is_web_search_enabled: true, is_reasoning_enabled: true }),
  house('Trove Chat', { isDefaultForCurateit: true }),
  model('Anthropic', 'Claude Haiku 4.5'),
  model('OpenAI', 'o3', { is_reasoning_enabled: true }),
  house('Trove Draw', { type: 'Image', is_image_generated: true }),
];

const options = (over: Partial<GroupOptions> = {}): GroupOptions => ({
  search: '',
  currentProvider: null,
  tool: 'chat',
  ...over,
});

/** [provider, [displayName…]] per group, in order. */
const shape = (over: Partial<GroupOptions> = {}, models: UserModel[] = catalogue) =>
  groupModels(models, options(over)).map((g) => [g.provider, g.models.map((m) => m.displayName)]);

describe('groupModels: order', () => {
  test('house group first (default house model leading it), then the rest alphabetically, case-insensitively', () => {
    expect(shape()).toEqual([
      ['Trove', ['Trove Chat', 'Trove Mini']],
      ['Anthropic', ['Claude Sonnet 4.5', 'Claude Haiku 4.5']],
      ['Mistral', ['Mistral Large']],
      ['OpenAI', ['GPT-4.1', 'o3']],
      ['openrouter', ['Llama 4 (OpenRouter)']],
    ]);
    const groups = groupModels(catalogue, options());
    expect(groups.map((g) => g.house)).toEqual([true, false, false, false, false]);
  });

  test("the current provider's group comes right after the house group", () => {
    expect(shape({ currentProvider: 'OpenAI' }).map(([provider]) => provider)).toEqual([
      'Trove',
      'OpenAI',
      'Anthropic',
      'Mistral',
      'openrouter',
    ]);
    expect(shape({ currentProvider: 'Mistral' }).map(([provider]) => provider)).toEqual([
      'Trove',
      'Mistral',
      'Anthropic',
      'OpenAI',
      'openrouter',
    ]);
  });

  test('the house group stays first when the current model is a house model, or when the current provider is unknown', () => {
    expect(shape({ currentProvider: 'Trove' }).map(([p]) => p)).toEqual(shape().map(([p]) => p));
    expect(shape({ currentProvider: 'Nobody' }).map(([p]) => p)).toEqual(shape().map(([p]) => p));
  });

  test('with no house model, the current provider leads', () => {
    const noHouse = catalogue.filter((m) => !m.isCurateitAI);
    expect(shape({ currentProvider: 'Mistral' }, noHouse)[0]?.[0]).toBe('Mistral');
  });

  test('house models form one group even if their provider names differ', () => {
    const models = [house('A'), model('Other', 'B'), house('C', { provider: 'Trove Labs' })];
    expect(shape({}, models)).toEqual([
      ['Trove', ['A', 'C']],
      ['Other', ['B']],
    ]);
  });

  test('does not change the list it was given', () => {
    const copy = catalogue.map((m) => m.displayName);
    groupModels(catalogue, options({ currentProvider: 'OpenAI' }));
    expect(catalogue.map((m) => m.displayName)).toEqual(copy);
  });
});

describe('groupModels: search', () => {
  test('matches displayName anywhere, case-insensitively, ignoring surrounding spaces', () => {
    expect(shape({ search: '  CLAUDE ' })).toEqual([['Anthropic', ['Claude Sonnet 4.5', 'Claude Haiku 4.5']]]);
    expect(shape({ search: 'gpt' })).toEqual([['OpenAI', ['GPT-4.1']]]);
    expect(shape({ search: '4.5' }).flatMap(([, names]) => names)).toEqual(['Claude Sonnet 4.5', 'Claude Haiku 4.5']);
  });

  test('matches neither the provider nor the model id, only displayName', () => {
    expect(shape({ search: 'anthropic' })).toEqual([]);
    expect(shape({ search: 'gpt-image' })).toEqual([]);
    expect(shape({ search: 'openrouter' })).toEqual([['openrouter', ['Llama 4 (OpenRouter)']]]);
  });

  test('drops groups the search empties and returns nothing when nothing matches', () => {
    expect(shape({ search: 'mini' })).toEqual([['Trove', ['Trove Mini']]]);
    expect(shape({ search: 'zzz' })).toEqual([]);
  });
});

describe('tool filter', () => {
  const names = (tool: ModelTool) => shape({ tool }).flatMap(([, list]) => list);

  test('picture: image models only', () => {
    expect(names('picture')).toEqual(['Trove Draw', 'GPT Image 1']);
  });

  test('chat: text models only', () => {
    expect(names('chat')).toEqual([
      'Trove Chat',
      'Trove Mini',
      'Claude Sonnet 4.5',
      'Claude Haiku 4.5',
      'Mistral Large',
      'GPT-4.1',
      'o3',
      'Llama 4 (OpenRouter)',
    ]);
  });

  test('web-search: text models with live web search', () => {
    expect(names('web-search')).toEqual(['GPT-4.1', 'Llama 4 (OpenRouter)']);
  });

  test('research: text models with reasoning', () => {
    expect(names('research')).toEqual(['Claude Sonnet 4.5', 'o3', 'Llama 4 (OpenRouter)']);
  });

  test('an image model that can search or reason is still only a picture model', () => {
    const image = model('X', 'Imagine', { type: 'Image', is_web_search_enabled: true, is_reasoning_enabled: true });
    expect(fitsTool(image, 'picture')).toBe(true);
    expect(fitsTool(image, 'web-search')).toBe(false);
    expect(fitsTool(image, 'research')).toBe(false);
    expect(fitsTool(image, 'chat')).toBe(false);
  });

  test('search and tool combine; models the catalogue marks inactive are never offered', () => {
    const models = [...catalogue, model('OpenAI', 'GPT Retired', { isActive: false })];
    expect(shape({ tool: 'research', search: 'o' })).toEqual([
      ['Anthropic', ['Claude Sonnet 4.5']],
      ['OpenAI', ['o3']],
      ['openrouter', ['Llama 4 (OpenRouter)']],
    ]);
    expect(shape({ search: 'retired' }, models)).toEqual([]);
  });

  test('labels do not hide models: an Inactive one is listed (picking it is refused instead)', () => {
    const inactive = model('Groq', 'Llama Groq', { label: 'Inactive', inactiveReason: 'x' });
    expect(shape({}, [inactive])).toEqual([['Groq', ['Llama Groq']]]);
  });
});

describe('pickRefusal', () => {
  test('usable labels are never refused', () => {
    for (const label of ['Credits', 'API', 'Team'] as const)
      expect(pickRefusal(model('OpenAI', 'M', { label }))).toBe(null);
  });

  test("a missing key gives the spec's exact message", () => {
    const noKey = model('OpenAI', 'GPT-4.1', {
      label: 'Inactive',
      inactiveReason: 'Please add your OpenAI API Key in settings to use this model',
    });
    expect(pickRefusal(noKey)).toBe('Please add your OpenAI API Key in settings to use this model');
    expect(pickRefusal({ ...noKey, inactiveReason: null })).toBe(
      'Please add your OpenAI API Key in settings to use this model',
    );
  });

  test("any other reason is the server's own; a house model never asks for a key", () => {
    const off = model('OpenAI', 'GPT-4.1', {
      label: 'Inactive',
      inactiveReason: 'OpenAI is turned off in your AI settings',
    });
    expect(pickRefusal(off)).toBe('OpenAI is turned off in your AI settings');
    expect(pickRefusal(house('Trove Chat', { label: 'Inactive', inactiveReason: null }))).toBe(
      'Trove Chat is not available',
    );
  });
});

describe('capabilities', () => {
  test('formats context lengths as the picker shows them', () => {
    expect(formatContextLength(128_000)).toBe('128K');
    expect(formatContextLength(131_072)).toBe('131K');
    expect(formatContextLength(8192)).toBe('8K');
    expect(formatContextLength(999_999)).toBe('1M');
    expect(formatContextLength(1_047_576)).toBe('1M');
    expect(formatContextLength(1_500_000)).toBe('1.5M');
    expect(formatContextLength(2_000_000)).toBe('2M');
    expect(formatContextLength(512)).toBe('512');
  });

  test('says the context length is unknown when a discovered model did not report it', () => {
    const discovered = { contextLength: null, vision: null, tools: null, thinking: null };
    const unknown = model('My Ollama', 'llama3.1:8b', { content_length: 4096, discovered });
    expect(modelCapabilities(unknown).map((c) => c.long)).toEqual(['Context length unknown']);
    const known = model('My Ollama', 'qwen', {
      content_length: 32_768,
      discovered: { ...discovered, contextLength: 32_768 },
    });
    expect(modelCapabilities(known).map((c) => c.short)).toEqual(['33K']);
  });

  test('lists the badges in a fixed order, context length last', () => {
    const all = model('X', 'All', {
      is_web_search_enabled: true,
      is_reasoning_enabled: true,
      is_audio_enabled: true,
      is_video_enabled: true,
      is_vision_enabled: true,
      is_image_generated: true,
      isAttachmentSupported: true,
      content_length: 200_000,
    });
    expect(modelCapabilities(all).map((c) => c.short)).toEqual([
      'Voice',
      'Video',
      'Vision',
      'Files',
      'Reasoning',
      'Images',
      'Web',
      '200K',
    ]);
    expect(modelCapabilities(all).at(-1)?.long).toBe('200K tokens of context');
  });

  test('a plain model has only its context length; an unknown length (0) shows no badge', () => {
    expect(modelCapabilities(model('X', 'Plain')).map((c) => c.key)).toEqual(['context']);
    expect(modelCapabilities(model('X', 'Plain', { content_length: 0 }))).toEqual([]);
    expect(modelCapabilities(model('X', 'Eyes', { is_vision_enabled: true })).map((c) => c.long)).toEqual([
      'Vision',
      '128K tokens of context',
    ]);
  });
});

describe('toolRefusal: a tool the chosen model cannot do is refused before sending', () => {
  const plain = model('OpenAI', 'GPT-4o mini');
  const searching = model('OpenAI', 'GPT-4.1', { is_web_search_enabled: true });
  const reasoning = model('OpenAI', 'o4-mini', { is_reasoning_enabled: true });

  test('chat takes any text model', () => {
    expect(toolRefusal('chat', [plain], false)).toBeNull();
  });
  test('web search needs Web, naming the first model without it', () => {
    expect(toolRefusal('web-search', [searching], false)).toBeNull();
    expect(toolRefusal('web-search', [searching, plain], false)).toBe(
      'GPT-4o mini cannot search the web. Choose a model with Web.',
    );
  });
  test('research needs Reasoning', () => {
    expect(toolRefusal('research', [reasoning], false)).toBeNull();
    expect(toolRefusal('research', [searching], false)).toBe(
      'GPT-4.1 is not a reasoning model. Choose one with Reasoning.',
    );
  });
  test('pictures are kept in the chat, so a temporary chat refuses them', () => {
    const image = model('OpenAI', 'GPT Image 1', { type: 'Image', is_image_generated: true });
    expect(toolRefusal('picture', [image], false)).toBeNull();
    expect(toolRefusal('picture', [image], true)).toMatch(/turn Temporary Chat off/);
  });
});
