export * from './basic-data';
export * from './identity';
export * from './requests';
export * from './streams';
export * from './guest';
export * from './conversation';
export * from './work';
export * from './routing';
