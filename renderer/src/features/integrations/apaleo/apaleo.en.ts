/** The apaleo panel's English strings (the Arabic file has the same keys). */
export const apaleoEn = {
  title: 'apaleo (PMS)',
  intro:
    'Connect a hotel to its apaleo property: apaleo tells the server which reservation changed, and the server reads the reservation from apaleo with these credentials to check guests in, move and check them out.',
  hotel: 'Hotel',
  enabled: 'Connection on',
  propertyId: 'apaleo property id',
  clientId: 'Client id',
  clientSecret: 'Client secret',
  secretSet: 'A secret is set: leave empty to keep it',
  secretNotSet: 'No secret is set',
  webhookUrl: 'Webhook address to subscribe at apaleo',
  save: 'Save',
  saved: 'The apaleo settings were saved',
  loadFailed: 'The apaleo settings could not be loaded',
  saveFailed: 'The apaleo settings could not be saved',
};
