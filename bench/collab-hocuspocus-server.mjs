// Hocuspocus (the plaintext Yjs server, the anchor of decision 024) alone in a process, for the
// relay load bench: `node bench/collab-hocuspocus-server.mjs <port>`. No extensions, no
// persistence: only the merge and broadcast it does for every update.
import { Server } from "@hocuspocus/server";

const port = Number(process.argv[2]);
const server = new Server({ port, address: "127.0.0.1", quiet: true, stopOnSignals: true });
await server.listen();
console.log(`hocuspocus listening on ${port}`);
