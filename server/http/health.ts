import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../src/domain/contract/common';
import { defineRoute, registerRoute } from './api-route';

export const healthRoute = defineRoute({
  method: 'GET',
  url: `${API_PREFIX}/health`,
  summary: 'Liveness',
  responses: { 200: { description: '`{ status, version, time }`' } },
});

/** GET /api/health: liveness for probes, and the app's connectivity check (cheap, uncached). */
export function registerHealthRoutes(app: FastifyInstance, { version }: { version: string }) {
  registerRoute(app, healthRoute, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok', version, time: new Date().toISOString() };
  });
}
