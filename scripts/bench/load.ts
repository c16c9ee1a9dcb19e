// One read measurement for `pnpm bench:lean`, in a process of its own: autocannon on one URL, a
// warm-up first, and the figures as one JSON line. A load generator in the bench's own process
// shared its heap with what the bench had done before (the seeding, a minute's flood): when that
// process collected its garbage, a fast server's figures fell by half and the bare server's,
// three to eight times slower to answer, did not move.
//
//   node scripts/bench/load.ts <url> <connections> <seconds> <warm-up seconds>
import autocannon from 'autocannon';

const [url, connections, seconds, warmup] = process.argv.slice(2);
if (!url || !connections || !seconds || !warmup) {
  console.error('usage: node scripts/bench/load.ts <url> <connections> <seconds> <warm-up>');
  process.exit(2);
}
const options = { url, connections: Number(connections) };
if (Number(warmup) > 0) await autocannon({ ...options, duration: Number(warmup) });
const result = await autocannon({ ...options, duration: Number(seconds) });
console.log(
  JSON.stringify({
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  }),
);
