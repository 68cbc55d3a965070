import os from 'node:os';

/** Whether an address only this machine can open (no guest phone reaches localhost). */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1' || host === '0.0.0.0';
}

/** The machine's own LAN addresses as guest-page bases, e.g. http://192.168.1.20:8080: what PUBLIC_URL could be. */
export function lanSuggestions(port: number, interfaces: ReturnType<typeof os.networkInterfaces> = os.networkInterfaces()): string[] {
  const addresses = Object.values(interfaces)
    .flat()
    .filter((a) => a && !a.internal && a.family === 'IPv4')
    .map((a) => a!.address);
  return [...new Set(addresses)].map((address) => `http://${address}${port === 80 ? '' : `:${port}`}`);
}

/** The warning printed at start when the printed QR codes would point at this machine only; null when fine. */
export function publicUrlWarning(publicUrl: string, fromEnv: boolean, port: number): string | null {
  if (fromEnv && !isLoopbackUrl(publicUrl)) return null;
  const suggestions = lanSuggestions(port);
  return [
    `PUBLIC_URL is ${fromEnv ? `a loopback address (${publicUrl})` : `not set (using ${publicUrl})`}: room QR codes and e-mailed links will point at this machine only, and no guest phone can open them.`,
    suggestions.length ? `Set PUBLIC_URL to an address guests can reach, e.g. ${suggestions.join(' or ')}.` : 'Set PUBLIC_URL to an address guests can reach.',
  ].join(' ');
}
