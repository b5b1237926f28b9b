import type { FastifyInstance } from 'fastify';

/** GET /api/health: liveness for probes, and the app's connectivity check (cheap, uncached). */
export function registerHealthRoutes(app: FastifyInstance, { version }: { version: string }) {
  app.get('/api/health', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok', version, time: new Date().toISOString() };
  });
}
