// A MetricsBuffer whose flush() does nothing once the buffer is closed (it
// returns early instead of throwing) while record() throws "metrics buffer
// closed". Flushing after close is therefore fine (correct); recording after
// close is the bug.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

class MetricsBuffer {
public:
  void record(const std::string &name, double value) {
    if (closed_)
      throw std::runtime_error("metrics buffer closed");
    samples_.push_back(name + "=" + std::to_string(value));
  }

  void flush() {
    if (closed_)
      return;
    for (const auto &sample : samples_)
      std::puts(sample.c_str());
    samples_.clear();
  }

  void close() {
    flush();
    closed_ = true;
  }

private:
  std::vector<std::string> samples_;
  bool closed_ = false;
};

void endOfRequest(MetricsBuffer &metrics, double latencyMs) {
  metrics.record("latency_ms", latencyMs);
  metrics.close();
  metrics.flush(); // OK
}

void lateSample(MetricsBuffer &metrics) {
  metrics.close();
  metrics.record("late", 1); // BUG: use-after-close
}
