// The FAQ's "Google hasn't verified this app" illustration: our own drawing of the warning
// screen, with "Advanced" and "Go to Plainpad (unsafe)" highlighted and numbered. 720x480 WebP.
import sharp from "sharp";
import { mkdir } from "node:fs/promises";
import path from "node:path";

const FONT = "DejaVu Sans, Arial, Helvetica, sans-serif";

function badge(x, y, n) {
  return `<circle cx="${x}" cy="${y}" r="17" fill="#c2410c"/><text x="${x}" y="${y + 7}" font-family="${FONT}" font-size="20" font-weight="bold" text-anchor="middle" fill="#fff">${n}</text>`;
}

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="480" viewBox="0 0 720 480">
  <rect width="720" height="480" fill="#eef2f7"/>
  <rect x="40" y="24" width="640" height="432" rx="14" fill="#ffffff" stroke="#cbd5e1" stroke-width="2"/>
  <text x="70" y="64" font-family="${FONT}" font-size="16" fill="#475569">Sign in with Google</text>
  <line x1="40" y1="82" x2="680" y2="82" stroke="#e2e8f0" stroke-width="2"/>
  <path d="M90 108 l24 42 h-48 z" fill="#dc2626"/>
  <rect x="88" y="122" width="4" height="14" fill="#fff"/><rect x="88" y="140" width="4" height="4" fill="#fff"/>
  <text x="130" y="140" font-family="${FONT}" font-size="26" font-weight="bold" fill="#0f172a">Google hasn't verified this app</text>
  <text x="70" y="184" font-family="${FONT}" font-size="15" fill="#334155">The app is requesting access to sensitive info in your</text>
  <text x="70" y="206" font-family="${FONT}" font-size="15" fill="#334155">Google Account. Until the developer (support@plainpad.app)</text>
  <text x="70" y="228" font-family="${FONT}" font-size="15" fill="#334155">verifies this app with Google, you shouldn't use it.</text>
  <rect x="64" y="256" width="124" height="38" rx="8" fill="#fff7ed" stroke="#c2410c" stroke-width="3"/>
  <text x="78" y="282" font-family="${FONT}" font-size="17" font-weight="bold" fill="#1d4ed8">Advanced</text>
  ${badge(206, 275, 1)}
  <rect x="470" y="256" width="180" height="40" rx="6" fill="#1d4ed8"/>
  <text x="560" y="282" font-family="${FONT}" font-size="15" font-weight="bold" text-anchor="middle" fill="#fff">BACK TO SAFETY</text>
  <line x1="70" y1="318" x2="650" y2="318" stroke="#e2e8f0" stroke-width="2"/>
  <text x="70" y="350" font-family="${FONT}" font-size="15" fill="#334155">Continue only if you understand the risks and trust</text>
  <text x="70" y="372" font-family="${FONT}" font-size="15" fill="#334155">the developer (support@plainpad.app).</text>
  <rect x="64" y="392" width="250" height="40" rx="8" fill="#fff7ed" stroke="#c2410c" stroke-width="3"/>
  <text x="78" y="419" font-family="${FONT}" font-size="17" font-weight="bold" fill="#1d4ed8" text-decoration="underline">Go to Plainpad (unsafe)</text>
  ${badge(332, 412, 2)}
</svg>`;

/** Renders public/images/generated/faq/unverified-app.webp. */
export async function generate(outDir) {
  const target = path.join(outDir, "faq");
  await mkdir(target, { recursive: true });
  await sharp(Buffer.from(SVG))
    .webp({ quality: 90 })
    .toFile(path.join(target, "unverified-app.webp"));
}
