// A batch publisher hands its EventChannel to a ChannelCloser guard that
// closes the channel in its destructor when the inner block ends. The sends
// inside the block run before the close (correct); the audit event sent after
// the block goes to a channel the guard has already closed (bug).
#include "messaging.h"

#include <string>
#include <vector>

namespace {

class ChannelCloser {
public:
  explicit ChannelCloser(EventChannel &channel) : channel_(channel) {}
  ChannelCloser(const ChannelCloser &) = delete;
  ChannelCloser &operator=(const ChannelCloser &) = delete;
  ~ChannelCloser() { channel_.close(); }

private:
  EventChannel &channel_;
};

} // namespace

class BatchPublisher {
public:
  explicit BatchPublisher(EventChannel &events) : events_(events) {}

  void publish(const std::vector<std::string> &batch) {
    {
      ChannelCloser closer(events_);
      for (const std::string &event : batch)
        events_.send(event); // OK
      events_.send("batch-end"); // OK
    }
    ++published_;
    events_.send("audit: batch published"); // BUG: use-after-close
  }

private:
  EventChannel &events_;
  int published_ = 0;
};

void publishNightly(EventChannel &events, const std::vector<std::string> &batch) {
  BatchPublisher publisher(events);
  publisher.publish(batch);
}
