// What other features use of integrations: its screen (Administration).
export { IntegrationsScreen } from './IntegrationsScreen';
