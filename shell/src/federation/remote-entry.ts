import { isManifestEntry, remoteEntryUrlOf, type RemoteManifest } from '@pl/contracts';

const TIMEOUT_MS = 5000;

/**
 * The script to load for a remote. The configuration names either that script (the gateway does,
 * once it has read the remote's manifest) or the remote's manifest, whose entry is read here: the
 * shell's federation runtime is built without manifest support (`disableSnapshot`, decision 026).
 * The manifest request matches the page head's preload of it (cors, no credentials).
 */
export async function remoteEntryOf(entry: string): Promise<string> {
  if (!isManifestEntry(entry)) return entry;
  const res = await fetch(entry, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) throw new Error(`${entry}: ${res.status} ${res.statusText}`);
  const script = remoteEntryUrlOf((await res.json()) as RemoteManifest, entry);
  if (!script) throw new Error(`${entry} names no remote entry`);
  return script;
}
