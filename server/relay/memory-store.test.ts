import { describe } from "vitest";
import { createMemoryRoomStore } from "./memory-store";
import { idleRoomsContract, roomStoreContract } from "./room-store.contract";

roomStoreContract("memory", async () => createMemoryRoomStore());
describe("memory store", () => {
  idleRoomsContract("memory", async () => createMemoryRoomStore());
});
