// A notifier stores the result of the open-query in a local before deciding:
// `bool open = channel.isOpen(); if (!open) return;` after a conditional
// close (correct). The stale variant takes the query before the close and
// then trusts it (bug).
#include "messaging.h"

#include <string>

void notify(EventChannel &channel, const std::string &event, bool evicted) {
  if (evicted)
    channel.close();
  bool open = channel.isOpen();
  if (!open)
    return;
  channel.send(event); // OK
}

void notifyAll(EventChannel &primary, EventChannel &mirror, const std::string &event,
               bool evicted) {
  if (evicted)
    mirror.close();
  const bool mirrorOpen = mirror.isOpen();
  primary.send(event); // OK
  if (mirrorOpen)
    mirror.send(event); // OK
}

void notifyStale(EventChannel &channel, const std::string &event, bool evicted) {
  const bool wasOpen = channel.isOpen();
  if (evicted)
    channel.close();
  if (wasOpen)
    channel.send(event); // BUG: use-after-close
}
