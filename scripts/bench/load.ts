// One read measurement for `pnpm bench:lean`, in a process of its own: autocannon on one URL, a
// warm-up first, and the figures as one JSON line. In the bench's own process the load
// generator would share an event loop and a heap with what the bench did before (the seeding,
// a minute's flood), and a generator slowed by them reads as a slower server: the faster the
// server, the more so.
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
