/** Strings of the security work (issue 10): e-mail TLS settings, under `security`. */
export const securityEn = {
  email: {
    tlsMode: 'Encryption',
    starttls: 'STARTTLS (port 587 or 25)',
    tls: 'TLS from the start (port 465)',
    requireTls: 'Require TLS (never connect unencrypted)',
    requireTlsOffHint: 'Without TLS the password and every e-mail cross the network readable. Turn off only for a server on this machine.',
    passwordAgain: 'Changing the server, port or user name needs the password again.',
  },
};
