import { OpenAPIRegistry, OpenApiGeneratorV31, extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

extendZodWithOpenApi(z);

/**
 * The OpenAPI registry every route registers into (see api/routes/define.ts), so the document at
 * /api/openapi.json is generated from the same zod schemas that validate requests.
 */
export function createOpenApiRegistry(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'A gateway/external/Shield API key, or a session token from POST /api/auth/login',
  });
  registry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'gatehouse_session',
  });
  return registry;
}

export function generateOpenApiDocument(registry: OpenAPIRegistry, serverUrl?: string) {
  const generator = new OpenApiGeneratorV31(registry.definitions);
  return generator.generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Gatehouse API',
      version: '1.0.0',
      description:
        'Gatehouse stands between a company and its AI providers: gateway execution (AUTONOMOUS, DRY_RUN, SUPERVISED), execution holds, providers, API keys, authentication and MFA.',
    },
    servers: serverUrl ? [{ url: serverUrl }] : [],
  });
}
