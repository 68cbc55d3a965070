export const KNOWN_MODULE_CYCLES: string[];
export const KNOWN_FEATURE_INTERNALS: string[];
