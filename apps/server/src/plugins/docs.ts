import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { FastifySchema, HTTPMethods } from 'fastify';

/** One registered route as the schema walk sees it (API-04). */
interface RouteEntry {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  schema: FastifySchema | undefined;
  /** The route's own body limit, when it sets one (else the app's): deploy/nginx must agree (SEC-09). */
  bodyLimit: number | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after this plugin, with its schema: the walks of test/route-schemas.test.ts and test/deploy-nginx.test.ts. */
    routeTable: RouteEntry[];
  }
}

/** API-04: the OpenAPI document is generated from the same Zod schemas that validate requests. */
export const docsPlugin = fp(async (app) => {
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    routeTable.push({ method: route.method, url: route.url, schema: route.schema, bodyLimit: route.bodyLimit });
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Toque API', version: '1.0.0', description: 'API do Toque: contas, toques, chamadas.' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The viewer's own CSP replaces the app's: keep SEC-04's frame denial on it too, and (like the
    // app's CSP) no upgrade-insecure-requests, which would break the viewer on a plain-HTTP install.
    transformStaticCSP: (header) =>
      header.replace("frame-ancestors 'self'", "frame-ancestors 'none'").replace(/\s*upgrade-insecure-requests;/, ''),
  });
});
