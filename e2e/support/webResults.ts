/**
 * What the journeys' stand-in search service (e2e/globalSetup.ts) answers to every search. The hosts
 * are under the reserved .example domain, so the api never reaches the pages and cites the snippets.
 */
export const WEB_RESULTS = [
  {
    title: 'Lantern Festival guide',
    url: 'https://lanterns.example/festival-guide',
    content: 'The lantern festival on Lake Varna draws thousands of visitors every autumn.',
  },
  {
    title: 'Floating lanterns, explained',
    url: 'https://paper.example/floating-lanterns',
    content: 'A floating paper lantern stays lit on the water for about forty minutes.',
  },
];
