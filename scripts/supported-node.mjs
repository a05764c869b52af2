// The oldest Node the server runs on, as package.json's `engines` says (production dependencies such as cookie@2
// and content-disposition@3 need 22). Checked first by every way of starting it (`npm start`, `node
// dist/server/main.js`, the npm run commands), so an older Node stops with one line instead of failing later.
export const MINIMUM_NODE = '22.12';

/** The one line to stop with on `version` (like process.versions.node), or undefined when it is supported. */
export function unsupportedNode(version) {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const [needMajor, needMinor] = MINIMUM_NODE.split('.').map(Number);
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return undefined;
  return `This needs Node ${MINIMUM_NODE} or newer (Node 24 recommended, see .nvmrc); this is Node ${version}.`;
}

/** Exits 1 with that line on an unsupported Node. */
export function requireSupportedNode() {
  const refusal = unsupportedNode(process.versions.node);
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
}
