// Preloaded into `next start` (node --import): the parent holds the write end of a pipe on fd 3; when the parent dies
// in any way (SIGKILL included) the pipe closes and next-server stops too, instead of holding the desk's port.
import { Socket } from "node:net";

const fd = Number(process.env.ALPHA_DESK_PARENT_FD);
delete process.env.ALPHA_DESK_PARENT_FD;
if (Number.isInteger(fd) && fd > 2) {
  const pipe = new Socket({ fd, readable: true, writable: false });
  const stop = () => {
    process.kill(process.pid, "SIGTERM");
    setTimeout(() => process.exit(1), 5_000).unref();
  };
  pipe.once("end", stop);
  pipe.once("error", stop);
  pipe.resume();
  pipe.unref();
}
