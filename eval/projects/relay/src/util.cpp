// Helpers shared by the relay: closing descriptors quietly, full writes and
// timestamps.
#include "relay/util.h"

#include <cerrno>
#include <ctime>
#include <unistd.h>

namespace relay {

void closeQuietly(int fd) noexcept {
  if (fd < 0)
    return;
  ::close(fd);
}

bool writeAll(int fd, const std::string &data) {
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

std::string timestamp() {
  std::time_t now = std::time(nullptr);
  std::tm parts{};
  gmtime_r(&now, &parts);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
  return text;
}

} // namespace relay
