/**
 * A labelled set for suggestions at save time (bench/suggestion-bench.ts): a user's library (tags with a few saved
 * titles each) and 40 pages to save, each with the tags a person filing it would give it. Made by hand for this bench;
 * some pages fit no existing tag (expected: nothing existing), where only a new tag is right.
 */

/** The user's tags and the titles already saved under each. */
export const LIBRARY: Record<string, string[]> = {
  sourdough: ['Feeding a sourdough starter', 'Sourdough crumb and hydration'],
  baking: ['Oven temperatures for bread', 'Why cakes sink in the middle'],
  sailing: ['Reefing the mainsail early', 'Tide tables before a passage'],
  harbours: ['Anchoring in a crowded harbour', 'Harbour entrance at night'],
  typescript: ['Narrowing union types', 'Strict mode flags explained'],
  react: ['Hooks and stale closures', 'Suspense for data fetching'],
  postgres: ['Indexes that Postgres ignores', 'Vacuum and table bloat'],
  running: ['Training for a first marathon', 'Easy runs and heart rate'],
  cycling: ['Gravel bike tyre pressure', 'Climbing cadence on long hills'],
  gardening: ['Tomatoes on a balcony', 'Composting kitchen scraps'],
  finance: ['Index funds and fees', 'Budgeting with envelopes'],
  photography: ['Shooting in low light', 'Choosing a prime lens'],
};

export interface LabelledPage {
  title: string;
  description: string;
  text: string;
  /** The user's existing tags a person would give it (empty: none fits). */
  expected: string[];
}

const page = (title: string, description: string, expected: string[], text = ''): LabelledPage => ({
  title,
  description,
  text: text || `${title}. ${description}`,
  expected,
});

export const PAGES: LabelledPage[] = [
  page('A sourdough loaf with rye flour', 'Starter, hydration and a long cold proof', ['sourdough', 'baking']),
  page('Baking bread in a Dutch oven', 'Steam, oven temperature and crust', ['baking']),
  page('Rescuing a sluggish sourdough starter', 'Feeding ratios and warmth', ['sourdough']),
  page('Gluten-free cakes that do not sink', 'Baking with rice flour', ['baking']),
  page('Croissants at home', 'Lamination and butter temperature for baking', ['baking']),
  page('Reading tides for a harbour entrance', 'Spring tides and the harbour mouth', ['sailing', 'harbours']),
  page('Heavy weather sailing', 'Reefing, heaving to and the mainsail', ['sailing']),
  page('Choosing a mooring in a busy harbour', 'Fenders, lines and harbour etiquette', ['harbours']),
  page('Night passages under sail', 'Watches, lights and sailing in the dark', ['sailing']),
  page('Planning a coastal passage', 'Tide tables, weather and ports of refuge', ['sailing']),
  page('TypeScript generics in practice', 'Constraints, inference and strict types', ['typescript']),
  page('Discriminated unions in TypeScript', 'Narrowing with a kind field', ['typescript']),
  page('React Server Components explained', 'What runs where in React', ['react']),
  page('Typing React hooks with TypeScript', 'Generic hooks and strict props', ['react', 'typescript']),
  page('Avoiding stale closures in hooks', 'React effects and their dependencies', ['react']),
  page('Postgres partial indexes', 'Smaller indexes for hot rows', ['postgres']),
  page('Tuning autovacuum in Postgres', 'Bloat, dead tuples and vacuum', ['postgres']),
  page('JSONB queries in Postgres', 'Operators and GIN indexes', ['postgres']),
  page('Marathon taper week', 'Easy runs before race day', ['running']),
  page('Heart rate zones for running', 'Training easy to run faster', ['running']),
  page('Trail running shoes compared', 'Grip, drop and cushioning for running', ['running']),
  page('Gravel cycling for beginners', 'Tyres, gears and gravel routes', ['cycling']),
  page('Climbing hills on a bike', 'Cadence and pacing on long climbs', ['cycling']),
  page('Commuting by bicycle in winter', 'Lights, mudguards and cycling in rain', ['cycling']),
  page('Growing tomatoes in pots', 'Watering and feeding tomatoes on a balcony', ['gardening']),
  page('Starting a compost heap', 'Greens, browns and kitchen scraps', ['gardening']),
  page('Winter gardening jobs', 'Pruning and mulching beds', ['gardening']),
  page('Low-cost index funds', 'Fees, trackers and long-term investing', ['finance']),
  page('A monthly budget that works', 'Envelopes, savings and bills', ['finance']),
  page('Paying off debt faster', 'Avalanche or snowball budgeting', ['finance']),
  page('Night photography of stars', 'Low light, long exposure and a tripod', ['photography']),
  page('Portraits with a 50mm prime lens', 'Aperture and background blur', ['photography']),
  page('Editing photos in black and white', 'Contrast and tone for photography', ['photography']),
  page('Cycling and running for fitness', 'Mixing running with cycling through the week', ['running', 'cycling']),
  page('Photographing boats in the harbour', 'Light on water and harbour reflections', ['photography', 'harbours']),
  // None of the user's tags fits these: a new tag is the right answer.
  page('Learning to knit socks', 'Heel turns and sock yarn', []),
  page('Birdwatching for beginners', 'Binoculars and common garden birds', []),
  page('Chess openings for club players', 'The Italian game and its traps', []),
  page('Beekeeping in the first year', 'Hives, swarms and honey', []),
  page('Learning the ukulele', 'Chords and strumming patterns', []),
];
