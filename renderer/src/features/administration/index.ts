// What other features use of administration: the claims' labels (an API key's scopes name them as the roles screen does).
export { type LooseTranslate, claimLabels } from './claims-tree';
