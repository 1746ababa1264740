// goniod — small shared closers: close a descriptor and log a failure, close
// a descriptor held by the caller and forget it, hang up a gateway connection
// with a reason in the logbook. Each closes only what it is handed, once.
#include "disposal.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <unistd.h>

#include "elog.h"

namespace goniod {

void close_logged(int fd, const char *what) {
  if (fd < 0)
    return;
  if (::close(fd) != 0)
    std::fprintf(stderr, "goniod: closing %s: %s\n", what, std::strerror(errno));
}

void close_and_forget(int &fd, const char *what) {
  if (fd < 0)
    return;
  if (::close(fd) != 0)
    std::fprintf(stderr, "goniod: closing %s: %s\n", what, std::strerror(errno));
  fd = -1;
}

void hang_up(PvConn &conn, const std::string &why) {
  if (!conn)
    return;
  if (elog().is_open())
    elog().append("hanging up " + conn.peer() + ": " + why);
  conn.close();
}

} // namespace goniod
