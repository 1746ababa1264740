// Negative. A telemetry agent closes its socket on an idle timeout, on a
// peer's "BYE" marker and on a fatal summary, and every later emit() is
// behind a guard in a shape real code uses: `if (sock.isClosed() || busy)
// return;`, a `while (!sock.closed())` loop whose condition is re-checked
// after the close, and a query stored in a local right after the close. The
// replication shipper checks the channel's IsClosed() after its close the
// same way.
#include "replication.h"
#include <cstddef>
#include <deque>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class TelemetrySocket {
public:
  explicit TelemetrySocket(std::string collector) : collector_(std::move(collector)) {}

  void emit(const std::string &metric) {
    if (closed_)
      throw std::runtime_error("telemetry socket closed: " + collector_);
    sent_.push_back(metric);
  }
  void close() { closed_ = true; }
  bool closed() const { return closed_; }
  bool isClosed() const { return closed_; }

private:
  std::string collector_;
  std::vector<std::string> sent_;
  bool closed_ = false;
};

struct Summary {
  std::string name;
  double value = 0;
  bool fatal = false;
};

class TelemetryAgent {
public:
  explicit TelemetryAgent(std::string collector) : sock_(std::move(collector)) {}

  void tick(bool idleTooLong) {
    if (idleTooLong)
      sock_.close();
    if (sock_.isClosed() || busy_)
      return;
    sock_.emit("agent.tick"); // OK: returns above when the socket is closed
  }

  void flushBacklog() {
    busy_ = true;
    while (!sock_.closed()) {
      if (backlog_.empty())
        break;
      std::string next = std::move(backlog_.front());
      backlog_.pop_front();
      if (next == "BYE") {
        sock_.close();
        continue;
      }
      sock_.emit(next); // OK: the close is followed by continue, and the loop condition re-checks
    }
    busy_ = false;
  }

  void report(const Summary &summary) {
    if (summary.fatal)
      sock_.close();
    const bool gone = sock_.isClosed();
    if (gone) {
      dropped_.push_back(summary.name);
      return;
    }
    sock_.emit(summary.name + "=" + std::to_string(summary.value)); // OK: the stored query was taken after the close
  }

  void queue(std::string metric) { backlog_.push_back(std::move(metric)); }

private:
  TelemetrySocket sock_;
  std::deque<std::string> backlog_;
  std::vector<std::string> dropped_;
  bool busy_ = false;
};

std::size_t shipWal(repl::ReplicationChannel &channel,
                    const std::vector<std::string> &frames, bool lagging) {
  std::size_t shipped = 0;
  for (const std::string &frame : frames) {
    if (frame.empty())
      channel.close(); // an empty frame marks the end of the segment
    if (channel.IsClosed() || lagging)
      return shipped;
    channel.send(frame); // OK: IsClosed() checked after the close
    ++shipped;
  }
  return shipped;
}
