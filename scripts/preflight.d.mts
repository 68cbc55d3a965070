/** A sentence saying why the server cannot listen on host:port, or null when it can. */
export function portProblem(port: number, host: string): Promise<string | null>;
/** A sentence saying why the data folder cannot be written, or null when it can. */
export function dataDirProblem(dataDir: string): string | null;
