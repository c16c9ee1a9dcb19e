import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { schemaController } from '../../src/lib/schemaCompilers.ts';

// The schema compilers every app of a process shares (lib/schemaCompilers.ts): a schema of the
// same JSON compiles once, in any app; a different one is compiled for itself.

const { buildValidator, buildSerializer } = schemaController!.compilersFactory!;
const AJV = { customOptions: { allErrors: false, allowUnionTypes: true } };

/** A route's schemas as a plugin writes them: new objects every time. */
const routeSchema = (maximum: number) => ({
  body: {
    type: 'object',
    required: ['n'],
    properties: { n: { type: 'integer', maximum } },
    additionalProperties: false,
  },
  response: {
    200: { type: 'object', properties: { n: { type: 'integer' } } },
  },
});

/** An app with one route of these schemas that answers what it was sent, and a secret. */
async function appWith(maximum: number) {
  const app = Fastify({ ajv: AJV, schemaController });
  app.post<{ Body: { n: number } }>('/echo', { schema: routeSchema(maximum) }, async (request) => ({
    ...request.body,
    secret: 'not in the answer',
  }));
  await app.ready();
  return app;
}

describe('schema compilers shared by the apps of a process', () => {
  it('compiles a schema of the same JSON once, whatever object holds it', () => {
    const validators = buildValidator!({}, AJV as never);
    const first = validators({ schema: routeSchema(5).body } as never);
    expect(validators({ schema: routeSchema(5).body } as never)).toBe(first);
    expect(buildValidator!({}, AJV as never)({ schema: routeSchema(5).body } as never)).toBe(first);
    const other = validators({ schema: routeSchema(9).body } as never);
    expect(other).not.toBe(first);
    expect([(first as any)({ n: 7 }), (other as any)({ n: 7 })]).toEqual([false, true]);

    const serializers = buildSerializer!({}, {} as never);
    const answer = serializers({ schema: routeSchema(5).response[200] } as never);
    expect(serializers({ schema: routeSchema(5).response[200] } as never)).toBe(answer);
    expect((answer as any)({ n: 1, secret: 'x' })).toBe('{"n":1}');
  });

  it('validates and serializes in each app by its own schemas', async () => {
    const [strict, loose, again] = await Promise.all([appWith(5), appWith(9), appWith(5)]);
    try {
      for (const [app, status] of [
        [strict, 400],
        [loose, 200],
        [again, 400],
      ] as const) {
        const reply = await app.inject({ method: 'POST', url: '/echo', payload: { n: 7 } });
        expect(reply.statusCode).toBe(status);
        if (status === 200) expect(reply.json()).toEqual({ n: 7 });
      }
      // Fastify's Ajv drops unknown fields; the answer holds only what its schema names
      const unknown = await again.inject({ method: 'POST', url: '/echo', payload: { n: 1, x: 1 } });
      expect([unknown.statusCode, unknown.json()]).toEqual([200, { n: 1 }]);
    } finally {
      await Promise.all([strict.close(), loose.close(), again.close()]);
    }
  });
});
