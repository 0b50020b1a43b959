import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

type Serializer = (data: unknown) => string;

/**
 * PERF-01: response serialisers compiled once per route. A response's zod schema is turned into
 * JSON Schema (zod 4's own `z.toJSONSchema`) and compiled by fast-json-stringify, Fastify's own
 * serialiser, instead of a zod parse plus JSON.stringify on every answer. Like the zod path it
 * writes only the declared keys (output objects get `additionalProperties: false`). A schema JSON
 * Schema cannot express (a transform, a date) keeps the zod serialiser.
 *
 * With `checkContracts` (tests), every answer is also parsed by its zod schema first, so a handler
 * that breaks its response contract still fails loudly where the suite can see it.
 */
export function createSerializerCompiler(opts: { checkContracts: boolean }): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const zodSerializer = zodSerializerCompiler(route) as Serializer;
    let compiled: Serializer;
    try {
      const jsonSchema = z.toJSONSchema(route.schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
      compiled = fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]);
    } catch {
      return zodSerializer;
    }
    if (!opts.checkContracts) return compiled;
    return (data) => {
      zodSerializer(data);
      return compiled(data);
    };
  };
}
