// Log rotation over plain handles: the FILE* and the descriptor are closed
// and the same variables receive freshly opened handles before the next
// write (correct); a value-type channel gets a fresh object assigned after
// close (correct). rotateIfBig() reopens only when the file is big, but the
// close runs every time (bug on the small-file path).
#include "messaging.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>

void rotate(std::FILE *&log, int &fd, const char *path) {
  std::fclose(log);
  log = std::fopen(path, "a");
  if (log)
    std::fputs("rotated\n", log); // OK

  ::close(fd);
  fd = ::open(path, O_WRONLY | O_APPEND);
  if (fd >= 0)
    ::write(fd, "rotated\n", 8); // OK
}

void resetChannel(EventChannel &channel) {
  channel.close();
  channel = EventChannel();
  channel.send("fresh"); // OK
}

void rotateIfBig(std::FILE *&log, const char *path, long size) {
  std::fclose(log);
  if (size > (64L << 20))
    log = std::fopen(path, "a");
  std::fputs("checkpoint\n", log); // BUG: use-after-close
}
