// Compression done once, at build: beside every compressible built file, its brotli (`.br`,
// quality 11) and gzip (`.gz`, level 9) forms. The gateway and scripts/serve-static.mjs send
// these as they are; a server never compresses per request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export const COMPRESSIBLE = /\.(?:js|mjs|css|json|html|svg|map|txt)$/i;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Writes `file.br` and `file.gz` for every compressible file under `dir`; resolves to how many files. */
export async function precompress(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && COMPRESSIBLE.test(e.name)).map((e) => path.join(e.parentPath, e.name));
  await Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gzipAsync(body, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
  return files.length;
}
