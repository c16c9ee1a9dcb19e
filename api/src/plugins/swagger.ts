import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { describeOperation } from './openapi.ts';

/**
 * The OpenAPI document, generated from the route schemas, at /api/docs/json, and Swagger UI to
 * browse it at /api/docs. Registered before the routes so that it sees all of them.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Conveyor catalogue API',
          description:
            'Categories, products, product videos (media), projects, testimonials and clients are ' +
            'readable anonymously (active records only). Leads and supplier applications are ' +
            'posted anonymously by the public forms and read by staff. Everything else needs ' +
            'a token from POST /api/signin in the Authorization header (`Bearer <token>`).',
          version: '1.0.0',
          license: {
            name: 'Proprietary: the company that runs this catalogue',
            identifier: 'LicenseRef-Proprietary',
          },
        },
        // the origin the document was fetched from: the paths carry their /api themselves
        servers: [{ url: '/', description: 'This server' }],
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        },
      },
      // every operation's operationId and security (api/src/plugins/openapi.ts)
      transform: ({ schema, url, route }) =>
        schema === undefined || (schema as { hide?: boolean }).hide
          ? { schema, url }
          : describeOperation({ schema, url, route }),
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
  },
  { name: 'swagger' },
);
