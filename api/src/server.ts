// The server's entry point: `node api/src/server.ts`. The process first restarts itself in
// place with the allocator and heap settings that keep its memory low (lib/leanProcess.ts),
// before it has loaded anything, then runs main.ts: the app, the demo content on a first start,
// listening and the graceful close.
import { restartLean } from './lib/leanProcess.ts';

restartLean();
await import('./main.ts');
