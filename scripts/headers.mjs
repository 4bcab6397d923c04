// Security headers for the built site, shared by `npm start` and the static-host
// `_headers` file. The Google hosts are those the Drive integration calls (see app/drive/).
const GOOGLE_SCRIPT_HOSTS = ["https://accounts.google.com", "https://apis.google.com"];
const GOOGLE_CONNECT_HOSTS = [
  "https://www.googleapis.com",
  "https://content.googleapis.com",
  "https://oauth2.googleapis.com",
  "https://accounts.google.com",
];
const GOOGLE_FRAME_HOSTS = [
  "https://accounts.google.com",
  "https://docs.google.com",
  "https://drive.google.com",
  "https://content.googleapis.com",
];

/** Content-Security-Policy: our own code, inline JSON-LD and the theme script, Google for Drive. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline' ${GOOGLE_SCRIPT_HOSTS.join(" ")}`,
  `style-src 'self' 'unsafe-inline' ${GOOGLE_SCRIPT_HOSTS.join(" ")}`,
  `connect-src 'self' ${GOOGLE_CONNECT_HOSTS.join(" ")}`,
  `frame-src ${GOOGLE_FRAME_HOSTS.join(" ")}`,
  "img-src 'self' data: blob: https://*.googleusercontent.com https://ssl.gstatic.com https://www.gstatic.com",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join("; ");

/** Headers sent with every response. */
export const SECURITY_HEADERS = {
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  // same-origin would cut the Google sign-in popup off from its opener.
  "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};
