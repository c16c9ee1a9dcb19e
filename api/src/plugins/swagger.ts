import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';

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
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        },
      },
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
  },
  { name: 'swagger' },
);
