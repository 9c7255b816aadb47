/**
 * A question of over 400 characters. The offline assistants quote up to 400 characters of it
 * (api/src/modules/chat/providers/offline.ts), so at the journeys' pace (AI_OFFLINE_DELAY_MS in
 * e2e/globalSetup.ts) its answer streams for about 2.5 s: long enough to stop mid-way on a busy
 * machine, while a short question's answer takes about 1.2 s.
 */
export const LONG_QUESTION =
  'Describe, in as much detail as you can, every neighbourhood of Lisbon worth visiting on a first ' +
  'trip there: what each one is like in the morning and at night, which streets to walk, where to ' +
  'eat and drink without paying tourist prices, which viewpoints are worth the climb, how to get ' +
  'between them by tram, bus or on foot, and what to skip if there are only three days to spend.';
