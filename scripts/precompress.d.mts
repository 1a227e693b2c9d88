export const COMPRESSIBLE: RegExp;
export function precompress(dir: string): Promise<number>;
