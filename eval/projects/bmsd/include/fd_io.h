// Helpers around raw descriptors: full writes, positioned writes, fsync with
// a readable error, and close() that copes with EINTR.
#pragma once
#include <cstddef>
#include <string>
#include <sys/types.h>

#include "status.h"

namespace bmsd {

std::string errnoText(int err);

Status writeAll(int fd, const void *data, std::size_t len);
Status pwriteAll(int fd, const void *data, std::size_t len, off_t offset);
Status syncFd(int fd, const std::string &what);
Status setNonBlocking(int fd);

// Returns 0 or the errno of the failed close().
int closeRetryingEintr(int fd);

} // namespace bmsd
