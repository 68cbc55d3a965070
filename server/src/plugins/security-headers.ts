import fp from 'fastify-plugin';
import helmet from 'helmet';

/** Helmet's headers on every answer, and HSTS on those sent over HTTPS. Not encapsulated: they hold for every route. */
export default fp(
  async function securityHeaders(app) {
    // Helmet's middleware made once: @fastify/helmet builds it again (the CSP parsed and checked) on every call.
    const headers = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        // No upgrade-insecure-requests: a hotel LAN serves plain http.
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
        },
      },
      crossOriginEmbedderPolicy: false,
      // Sent only over HTTPS (below): over plain HTTP it means nothing, and a hotel LAN is plain HTTP.
      strictTransportSecurity: false,
      // The desktop app calls the API from its own origin.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    });
    app.addHook('onRequest', (request, reply, done) => headers(request.raw, reply.raw, () => done()));
    app.addHook('onSend', async (request, reply, payload) => {
      // request.protocol follows X-Forwarded-Proto only when a proxy is trusted.
      if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      return payload;
    });
  },
  { name: 'security-headers' },
);
