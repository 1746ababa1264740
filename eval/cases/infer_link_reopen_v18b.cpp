// Telemetry uplink: a TelemetryUplink batches sensor samples and ships them
// over an UplinkLink. When the link reports a transport error the uplink
// closes it, reopens it and resends the frame; after a maintenance window it
// reopens the link before sending a hello frame.
// Negative case: UplinkLink::reopen() really reopens a closed link (it clears
// the closed state and reconnects, and the callers check its result), and
// close() is idempotent, so the sends after reopen() and the repeated closes
// (shutdown() followed by the destructor) are all correct.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct Sample {
  std::string sensor;
  double value;
  long ts;
};

// UplinkLink: send() throws std::runtime_error after close() and returns false
// on a transport error (the link stays open). close() is idempotent. reopen()
// closes the link if needed and connects again; it returns false when the
// endpoint is unusable, in which case the link stays closed.
class UplinkLink {
public:
  explicit UplinkLink(std::string endpoint) : endpoint_(std::move(endpoint)) {
    connect();
  }
  ~UplinkLink() { close(); }
  UplinkLink(const UplinkLink &) = delete;
  UplinkLink &operator=(const UplinkLink &) = delete;

  bool send(const std::string &frame) {
    if (!open_)
      throw std::runtime_error("uplink to " + endpoint_ + " is closed");
    if (frame.size() > kMaxFrame || ++framesThisConn_ > kFramesPerConn)
      return false;
    bytes_ += frame.size();
    return true;
  }

  void close() {
    if (!open_)
      return;
    open_ = false;
    ++generation_;
  }

  bool reopen() {
    close();
    return connect();
  }

  bool isOpen() const { return open_; }
  std::size_t bytesSent() const { return bytes_; }

private:
  bool connect() {
    if (endpoint_.empty())
      return false;
    open_ = true;
    framesThisConn_ = 0;
    return true;
  }

  static constexpr std::size_t kMaxFrame = 512;
  static constexpr int kFramesPerConn = 64;
  std::string endpoint_;
  std::size_t bytes_ = 0;
  int framesThisConn_ = 0;
  int generation_ = 0;
  bool open_ = false;
};

class TelemetryUplink {
public:
  explicit TelemetryUplink(const std::string &endpoint) : link_(endpoint) {}

  void record(const Sample &s) {
    batch_.push_back(s.sensor + "=" + std::to_string(s.value) + "@" +
                     std::to_string(s.ts));
    if (batch_.size() >= 8)
      ship();
  }

  void ship() {
    if (!link_.isOpen() && !link_.reopen()) {
      dropped_ += batch_.size();
      batch_.clear();
      return;
    }
    for (const auto &frame : batch_) {
      if (link_.send(frame))
        continue;
      // Transport error: start over on a fresh connection.
      link_.close();
      if (!link_.reopen()) {
        dropped_ += batch_.size();
        break;
      }
      link_.send(frame); // OK: reopen() succeeded, the link is open again
    }
    batch_.clear();
  }

  void afterMaintenance() {
    link_.close();
    if (!link_.reopen())
      return;
    link_.send("hello v2"); // OK: reopened and checked
  }

  void shutdown() {
    ship();
    link_.close();
  }

  std::size_t dropped() const { return dropped_; }
  std::size_t bytesSent() const { return link_.bytesSent(); }

private:
  UplinkLink link_;
  std::vector<std::string> batch_;
  std::size_t dropped_ = 0;
};

int main() {
  TelemetryUplink uplink("telemetry.local:7400");
  for (long t = 0; t < 200; ++t)
    uplink.record({"boiler.temp", 70.0 + (t % 7), t});
  uplink.afterMaintenance();
  uplink.record({"boiler.pressure", 1.7, 201});
  uplink.shutdown();
  std::printf("sent %zu bytes, dropped %zu\n", uplink.bytesSent(), uplink.dropped());
  return 0;
} // OK: ~UplinkLink closes again, close() is idempotent
