// Second sink for billing events: mirrors them into the Cassandra-backed
// event archive over a streaming session. forward() throws once the mirror
// is closed; callers check isOpen(). tryForward() reports a failed send
// instead of throwing. replay() re-sends recent events to a new mirror;
// handOff() sends a final tail of events and closes the stream (used when
// the mirror is being replaced).
#pragma once
#include <string>
#include <vector>

#include "messaging.h"
#include "reading.h"

class EventMirror {
public:
  explicit EventMirror(std::string host);
  ~EventMirror();
  EventMirror(const EventMirror &) = delete;
  EventMirror &operator=(const EventMirror &) = delete;

  void forward(const BillingEvent &ev);
  bool tryForward(const BillingEvent &ev);
  std::size_t replay(const std::vector<BillingEvent> &events);
  void handOff(const std::vector<BillingEvent> &tail);
  void close();
  bool isOpen();
  const std::string &host() const { return host_; }

private:
  std::string host_;
  cassandra::StreamSession session_;
  bool closed_ = false;
};
