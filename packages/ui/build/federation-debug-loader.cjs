// Build time only: see `federationDebugProbeRule` in federation.ts. Takes the localStorage probe out
// of Module Federation's `isDebugMode`, and stops the build if that function no longer reads as expected.
const PROBE = 'return isBrowserDebug();';

module.exports = function withoutBrowserDebugProbe(source) {
  if (!source.includes('function isDebugMode()') || !source.includes(PROBE)) {
    throw new Error('@module-federation/sdk env.js changed: isDebugMode no longer ends with the localStorage probe this loader removes (packages/ui/build/federation.ts)');
  }
  return source.replace(PROBE, 'return false;');
};
