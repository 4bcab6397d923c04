import { Users } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import type { LivePeer } from "~/collab/live-session";
import { readLiveName, writeLiveName } from "~/storage/live-links";
import type { LiveHandle } from "~/document/live/live-control";
import { useDismiss } from "./use-dismiss";
import { hereLabel, liveStatusLine, useLiveStatus } from "./use-live-status";

function peerName(peer: LivePeer): string {
  const name = peer.name.trim() || "Someone";
  return peer.isSelf ? `${name} (you)` : name;
}

/**
 * The live part of both editors' status bars (issue 44): the session's state in words (Live,
 * Reconnecting…, Offline…, Ended), "View only" for a view-only link, why it stopped when it
 * did, and "N here": a button whose names show on hover and on focus, and whose popover lists
 * them with an inline "Your name" field.
 */
export function LiveStatus({ live, joining }: { live: LiveHandle; joining: boolean }) {
  const status = useLiveStatus(live.session);
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLSpanElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const namesId = useId();
  const nameFieldId = useId();
  const [name, setName] = useState(readLiveName);
  useDismiss(open, () => setOpen(false), wrapperRef, buttonRef);
  useEffect(() => {
    if (!open) return;
    popoverRef.current?.querySelector("input")?.focus();
  }, [open]);
  if (!status) return null;
  const names = status.peers.map(peerName).join(", ");
  const ended = status.state === "ended";
  return (
    <span className="relative flex flex-wrap items-center gap-x-2" data-testid="live-status">
      <span
        role="status"
        className={
          status.state === "live"
            ? "font-medium text-green-800 dark:text-green-300"
            : ended
              ? "font-medium text-red-800 dark:text-red-300"
              : "font-medium text-amber-900 dark:text-amber-200"
        }
      >
        {liveStatusLine(status, joining)}
      </span>
      {!status.canEdit && <span className="font-medium">View only</span>}
      {!ended && (
        <span ref={wrapperRef} className="group relative">
          <button
            ref={buttonRef}
            type="button"
            aria-expanded={open}
            aria-describedby={namesId}
            onClick={() => setOpen((was) => !was)}
            className="inline-flex items-center gap-1 rounded px-1 hover:bg-slate-200 dark:hover:bg-slate-700"
          >
            <Users aria-hidden="true" className="size-3.5" />
            {hereLabel(status.peers.length)}
          </button>
          {!open && (
            <span
              id={namesId}
              className="pointer-events-none absolute right-0 bottom-full z-20 mb-1 hidden rounded bg-slate-900 px-2 py-1 whitespace-nowrap text-white group-focus-within:block group-hover:block dark:bg-slate-100 dark:text-slate-900"
            >
              {names}
            </span>
          )}
          {open && (
            <div
              ref={popoverRef}
              role="dialog"
              aria-label="People here"
              className="absolute right-0 bottom-full z-20 mb-1 w-64 space-y-2 rounded-md border border-slate-300 bg-white p-3 text-sm text-slate-900 shadow-lg dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
            >
              <ul id={namesId} aria-label="People here" className="space-y-1">
                {status.peers.map((peer) => (
                  <li key={peer.clientId} className="flex items-center gap-2">
                    <span
                      aria-hidden="true"
                      className="inline-block size-3 rounded-full"
                      style={{ backgroundColor: peer.color }}
                    />
                    {peerName(peer)}
                  </li>
                ))}
              </ul>
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  const trimmed = name.trim();
                  writeLiveName(trimmed);
                  live.session.setUserName(trimmed);
                  setOpen(false);
                }}
                className="space-y-1"
              >
                <label htmlFor={nameFieldId} className="block font-medium">
                  Your name
                </label>
                <div className="flex gap-1">
                  <input
                    id={nameFieldId}
                    value={name}
                    maxLength={40}
                    autoComplete="nickname"
                    onChange={(event) => setName(event.target.value)}
                    className="min-w-0 flex-1 rounded border border-slate-300 bg-white px-1.5 py-1 dark:border-slate-600 dark:bg-slate-900"
                  />
                  <button
                    type="submit"
                    className="rounded bg-blue-700 px-2 py-1 font-medium text-white dark:bg-blue-500 dark:text-slate-950"
                  >
                    Set name
                  </button>
                </div>
              </form>
            </div>
          )}
        </span>
      )}
    </span>
  );
}
