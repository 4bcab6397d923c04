import { useMemo } from "react";
import { encode } from "uqr";

/**
 * A QR code of `text` as an inline SVG (no image request, no canvas): dark modules on a white
 * square with the standard four-module quiet zone, white in dark mode too, so phone cameras can
 * read it. Error correction L, raised where the same size allows more. Loaded with the share
 * dialog only (uqr, about 12 KB).
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(text, { ecc: "L", boostEcc: true, border: 4 });
    // One path of horizontal runs: a few thousand segments even for a dense code.
    const segments: string[] = [];
    qr.data.forEach((row, y) => {
      let x = 0;
      while (x < row.length) {
        if (!row[x]) {
          x++;
          continue;
        }
        const start = x;
        while (x < row.length && row[x]) x++;
        segments.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
      }
    });
    return { size: qr.size, path: segments.join("") };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="block h-auto w-full"
      data-testid="share-qr"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
