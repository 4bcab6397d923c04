import { describe } from "vitest";
import { createMemoryRoomStore } from "./memory-store";
import {
  addressQuotaContract,
  idleRoomsContract,
  roomStoreContract,
  storedBytesContract,
} from "./room-store.contract";

roomStoreContract("memory", async () => createMemoryRoomStore());
describe("memory store", () => {
  idleRoomsContract("memory", async () => createMemoryRoomStore());
  addressQuotaContract("memory", async (quotas) => createMemoryRoomStore({ quotas }));
  storedBytesContract("memory", async (quotas) => createMemoryRoomStore({ quotas }));
});
