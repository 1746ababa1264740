// StatsdExporter: sends counters and gauges to a local statsd over UDP.
// (Imported from the platform team's library, hence its naming style.)
#pragma once
#include <netinet/in.h>
#include <string>

namespace telemetry {

class StatsdExporter {
 public:
  StatsdExporter(const std::string& host, int port);
  ~StatsdExporter();
  StatsdExporter(const StatsdExporter&) = delete;
  StatsdExporter& operator=(const StatsdExporter&) = delete;

  // `type` is the statsd type: "c", "g" or "ms". Throws std::logic_error
  // after Close().
  void Emit(const std::string& name, double value, const char* type);
  // Idempotent.
  void Close();
  bool IsClosed() const;

 private:
  int fd_ = -1;
  sockaddr_in addr_{};
  bool closed_ = false;
};

}  // namespace telemetry
