/** The E-mail Settings screen's encryption choices, under `emailTls`. */
export const emailTlsEn = {
  tlsMode: 'Encryption',
  starttls: 'STARTTLS (port 587 or 25)',
  tls: 'TLS from the start (port 465)',
  requireTls: 'Require TLS (never connect unencrypted)',
  requireTlsOffHint: 'Without TLS the password and every e-mail cross the network readable. Turn off only for a server on this machine.',
  passwordAgain: 'Changing the server, port or user name needs the password again.',
};
