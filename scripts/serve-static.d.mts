export function serveStatic(options: { dir: string; port: number; host?: string }): Promise<{ port: number; close(): Promise<void> }>;
