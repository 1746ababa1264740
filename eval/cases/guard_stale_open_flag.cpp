// Forwarders that remember the channel's state in a local bool. maybeRecycle()
// closes a channel that has been open too long. forwardStale() reads
// isOpen() into the local before calling maybeRecycle() and sends when the
// stale local says open (bug). forwardFresh() reads isOpen() after
// maybeRecycle() (quiet line); forwardRechecked() takes the early reading but
// refreshes it after maybeRecycle() (quiet line).
#include "messaging.h"

#include <string>

namespace {
constexpr int kMaxAgeSeconds = 300;

void maybeRecycle(EventChannel &channel, int ageSeconds) {
  if (ageSeconds > kMaxAgeSeconds)
    channel.close();
}
} // namespace

void forwardStale(EventChannel &channel, int ageSeconds, const std::string &event) {
  const bool open = channel.isOpen();
  maybeRecycle(channel, ageSeconds);
  if (open)
    channel.send(event); // BUG: use-after-close
}

void forwardFresh(EventChannel &channel, int ageSeconds, const std::string &event) {
  maybeRecycle(channel, ageSeconds);
  const bool open = channel.isOpen();
  if (open)
    channel.send(event); // OK: read after the close
}

void forwardRechecked(EventChannel &channel, int ageSeconds, const std::string &event) {
  bool open = channel.isOpen();
  maybeRecycle(channel, ageSeconds);
  open = open && channel.isOpen();
  if (open)
    channel.send(event); // OK: the flag was refreshed after maybeRecycle()
}
