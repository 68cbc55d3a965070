import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * Compressed answers. Registered before every route (it hooks each route as it is added); a route's
 * own onSend runs after the list cache's, which sends its answers already compressed.
 */
export default fp(
  async function compression(app) {
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      // Brotli's default (11) costs ~100x the CPU of 5 for a few percent smaller answers.
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);
