/**
 * The live status badge's box of its largest size (two lines, 19rem beside the page title; the whole row on a phone),
 * so its label changing moves nothing around it: the real badge (./live-status) and the idle one shown while its chunk
 * loads (./live-status-lazy) sit in the same box.
 */
export function LiveStatusBox({ reserve, children }: { reserve: boolean; children: React.ReactElement }) {
  return reserve ? (
    <span data-slot="live-status-box" className="flex min-h-11 w-full items-center sm:w-[19rem] sm:justify-end">
      {children}
    </span>
  ) : (
    children
  );
}
