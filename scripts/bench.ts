/**
 * `npm run bench [accounts|chat|compare|videos|search|paging|slow|longchat|knowledge|community ...]`: every benchmark, or the ones named. Each starts its own
 * embedded PostgreSQL and api process and reports ratios or differences measured in the same run.
 */
import { benchAccounts } from './bench/accounts.ts';
import { benchChat } from './bench/chat.ts';
import { benchCommunity } from './bench/community.ts';
import { benchCompare } from './bench/compare.ts';
import { benchKnowledge } from './bench/knowledge.ts';
import { benchLongChat } from './bench/longChat.ts';
import { benchPaging } from './bench/paging.ts';
import { benchSearch } from './bench/search.ts';
import { benchSlowNetwork } from './bench/slowNetwork.ts';
import { benchVideos } from './bench/videos.ts';

const all = {
  accounts: benchAccounts,
  chat: benchChat,
  compare: benchCompare,
  videos: benchVideos,
  search: benchSearch,
  paging: benchPaging,
  slow: benchSlowNetwork,
  longchat: benchLongChat,
  knowledge: benchKnowledge,
  community: benchCommunity,
};
const wanted = process.argv.slice(2).filter((a): a is keyof typeof all => a in all);
for (const name of wanted.length ? wanted : (Object.keys(all) as (keyof typeof all)[])) await all[name]();
