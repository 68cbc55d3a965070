/** Single sign-on: the Administration → Sign-in screen and the login page's button (English), under `sso`. */
export const ssoEn = {
  settings: {
    intro:
      'Staff can sign in with the chain’s identity provider (Microsoft Entra ID, Google Workspace, Okta or any OpenID Connect provider). Users are matched by the e-mail address the provider has verified.',
    enabled: 'Offer single sign-on on the login page',
    displayName: 'Name on the button',
    displayNameHint: 'The login page shows “Sign in with {{name}}”.',
    issuer: 'Issuer URL',
    issuerHint: 'For example https://login.microsoftonline.com/<tenant id>/v2.0, https://accounts.google.com or https://<your domain>.okta.com',
    clientId: 'Client id',
    clientSecret: 'Client secret',
    secretSet: 'A secret is set (it is never shown). Leave empty to keep it; changing the issuer or client id needs it again.',
    secretNotSet: 'No secret is set yet.',
    redirectUri: 'Redirect URI to register at the provider',
    copy: 'Copy',
    copied: 'Copied',
    createUsers: 'Create users on their first sign-in',
    createUsersHint: 'Off: only people who already have a staff account here can sign in with the provider.',
    defaultRole: 'Role of a user created on first sign-in',
    noRole: 'Choose a role',
    ssoOnly: 'Roles that sign in with single sign-on only (no password)',
    ssoOnlyHint: 'Their holders are refused at the password login while single sign-on is on.',
    twoFactor:
      'A single sign-on counts as the provider’s own sign-in, with its multi-factor policy: no authenticator code is asked here. Require MFA at the provider (for example Entra ID Conditional Access).',
    adminsOnly: 'Only an Admin can change single sign-on.',
    saved: 'Single sign-on settings saved',
    error: 'The single sign-on settings could not be saved',
    loadError: 'The single sign-on settings could not be loaded',
    reset: 'Undo changes',
  },
  login: {
    button: 'Sign in with {{name}}',
    or: 'or',
    opening: 'Continue in your browser: the app signs you in when you come back.',
    failed: 'Single sign-on did not complete',
  },
};
