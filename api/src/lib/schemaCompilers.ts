import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify's own schema compilers (Ajv for requests, fast-json-stringify for answers), with
 * what they compile kept for the process: an app built again in the same process (the tests
 * build hundreds, each on its own database; two instances in one process) takes each route's
 * validator and serializer from the first instead of compiling every schema again, which is
 * most of the CPU an app's build costs. The server builds one app, for which nothing changes.
 *
 * Written here because neither compiler keeps its work between apps: Fastify makes a new
 * compiler pool for every instance, Ajv keys its own cache by the schema object (a route's
 * schema literal is a new object in each app), and the serializer compiler keeps nothing. The
 * key is the schema's JSON with the compiler's options and shared schemas, which is everything
 * either compiler reads: the same key compiles to the same function.
 */
type BuildValidator = ReturnType<typeof AjvCompiler>;
type BuildSerializer = ReturnType<typeof SerializerSelector>;
// what both compilers are handed: the schema, and where it is used (which neither compiles by)
type RouteSchema = { schema: unknown } & Record<string, unknown>;

function keptBy<Compile extends (route: never) => unknown>(compile: Compile): Compile {
  const compileOne = compile as unknown as (route: RouteSchema) => unknown;
  const compiled = new Map<string, unknown>();
  return ((route: RouteSchema) => {
    const key = JSON.stringify(route.schema);
    if (key === undefined) return compileOne(route);
    if (!compiled.has(key)) compiled.set(key, compileOne(route));
    return compiled.get(key);
  }) as unknown as Compile;
}

/** One compiler per shared schemas and options, as each compiler's own pool keys them. */
function pooled<Externals, Options, Compile extends (route: never) => unknown>(
  build: (externals: Externals, options: Options) => Compile,
): (externals: Externals, options: Options) => Compile {
  const pool = new Map<string, Compile>();
  return (externals, options) => {
    const key = JSON.stringify([externals, options]);
    let compiler = pool.get(key);
    if (!compiler) {
      compiler = keptBy(build(externals, options));
      pool.set(key, compiler);
    }
    return compiler;
  };
}

const buildValidator: BuildValidator = pooled(AjvCompiler());
const buildSerializer: BuildSerializer = pooled(SerializerSelector());

/** The `schemaController` option of every app this process builds. */
export const schemaController: FastifyServerOptions['schemaController'] = {
  compilersFactory: { buildValidator, buildSerializer },
};
