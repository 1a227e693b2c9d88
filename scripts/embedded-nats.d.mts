export function startEmbeddedNats(options?: { port?: number; host?: string; log?: (line: string) => void }): Promise<{ url: string; port: number; close(): Promise<void> }>;
