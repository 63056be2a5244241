/**
 * The Node.js lines Marquee runs on. 22.13 is the first release with node:sqlite out from behind
 * its flag (the embedded catalog's database); Ink and the test tools need 22 or newer too.
 */
export const MINIMUM_NODE = { major: 22, minor: 13 } as const;

/** Why this Node.js cannot run Marquee, or undefined when it can. `version` as in process.version. */
export function unsupportedNodeReason(version: string): string | undefined {
  const match = /^v?(\d+)\.(\d+)\./.exec(version);
  if (!match) return undefined;
  const major = Number(match[1]);
  const minor = Number(match[2]);
  if (major > MINIMUM_NODE.major || (major === MINIMUM_NODE.major && minor >= MINIMUM_NODE.minor)) return undefined;
  return (
    `marquee needs Node.js ${MINIMUM_NODE.major}.${MINIMUM_NODE.minor} or newer; this is Node.js ${version.replace(/^v?/, '')}. ` +
    'Install a supported release (22, 24 or 26) and run it again.'
  );
}
