export function runIntakeFlow(origin: string, options?: { log?: (line: string) => void; admin?: { usernameOrEmail: string; password: string } }): Promise<void>;
