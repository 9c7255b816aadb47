/** `npx tsx scripts/slowNetwork.ts`: the same as `npm run bench slow` (scripts/bench/slowNetwork.ts). */
import { benchSlowNetwork } from './bench/slowNetwork.ts';

await benchSlowNetwork();
