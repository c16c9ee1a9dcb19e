// The bare server `pnpm bench:lean` measures the API against: Fastify and Node's SQLite on the
// API's own database file, answering the same two reads with the fewest queries that can (a
// page of active products with their pictures, and one product with its pictures), and no
// sessions, validation, roles, caching or compression. The limit a real API can approach.
//
//   node scripts/bench/bareServer.ts <sqlite file> <port>
import { DatabaseSync } from 'node:sqlite';
import Fastify from 'fastify';

const [file, port] = process.argv.slice(2);
if (!file || !port) {
  console.error('usage: node scripts/bench/bareServer.ts <sqlite file> <port>');
  process.exit(2);
}
const db = new DatabaseSync(file, { readOnly: true });
const page = db.prepare(
  'SELECT * FROM products WHERE is_active = 1 ORDER BY id DESC LIMIT ? OFFSET ?',
);
const count = db.prepare('SELECT COUNT(*) AS total FROM products WHERE is_active = 1');
const one = db.prepare('SELECT * FROM products WHERE id = ?');
const pictures = db.prepare(
  'SELECT * FROM product_images WHERE product_id IN (SELECT value FROM json_each(?)) ORDER BY position, id',
);

const app = Fastify();
app.get<{ Querystring: { page?: string; limit?: string } }>('/api/products', async (request) => {
  const limit = Math.min(100, Number(request.query.limit ?? 20) || 20);
  const offset = (Math.max(1, Number(request.query.page ?? 1) || 1) - 1) * limit;
  const rows = page.all(limit, offset) as { id: number }[];
  const images = pictures.all(JSON.stringify(rows.map((row) => row.id))) as {
    product_id: number;
  }[];
  const data = rows.map((row) => ({
    ...row,
    images: images.filter((image) => image.product_id === row.id),
  }));
  return { data, total: (count.get() as { total: number }).total };
});
app.get<{ Params: { id: string } }>('/api/products/:id', async (request, reply) => {
  const row = one.get(Number(request.params.id));
  if (!row) return reply.code(404).send({ error: 'Not found' });
  return { data: { ...row, images: pictures.all(JSON.stringify([Number(request.params.id)])) } };
});
await app.listen({ host: '127.0.0.1', port: Number(port) });
console.log(`bare server listening on ${port}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
