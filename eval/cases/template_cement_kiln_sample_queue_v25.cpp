// Cement kiln line: the kiln controller buffers burning-zone temperature
// readings, XRF lab results for the clinker and operator alarms in bounded
// queues that the plant historian drains. A queue refuses new items once it is
// closed but can still be drained. The line is shut down at the end of a
// production campaign (lab results for the last hours arrive late) or
// stopped immediately on an emergency.
#include <cstdio>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace kiln {

template <typename T> class SampleQueue {
public:
  SampleQueue(std::string name, size_t capacity) : name_(std::move(name)), cap_(capacity) {}

  void push(T item) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::logic_error("queue " + name_ + " is closed");
    if (items_.size() == cap_)
      items_.pop_front();
    items_.push_back(std::move(item));
  }

  std::optional<T> pop() {
    std::lock_guard<std::mutex> lock(mu_);
    if (items_.empty())
      return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    return item;
  }

  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    closed_ = true;
  }

  bool closed() const {
    std::lock_guard<std::mutex> lock(mu_);
    return closed_;
  }

private:
  std::string name_;
  size_t cap_;
  mutable std::mutex mu_;
  std::deque<T> items_;
  bool closed_ = false;
};

struct KilnTemp {
  long ts = 0;
  double burningZoneC = 0;
  double backEndC = 0;
};

struct XrfSample {
  std::string sampleId;
  double lsf = 0;
  double silicaModulus = 0;
  double freeLimePct = 0;
};

class KilnLine {
public:
  void tick(const KilnTemp &t);
  void onLabResult(const XrfSample &s);
  void raiseAlarm(const std::string &text);
  void shutdownLine();
  void emergencyStop(const KilnTemp &last);
  std::vector<KilnTemp> drainTemps();

private:
  SampleQueue<KilnTemp> temps_{"temps", 512};
  SampleQueue<XrfSample> xrf_{"xrf", 64};
  SampleQueue<std::string> alarms_{"alarms", 128};
};

void KilnLine::raiseAlarm(const std::string &text) {
  alarms_.push(text);
}

void KilnLine::tick(const KilnTemp &t) {
  if (temps_.closed())
    return;
  temps_.push(t); // OK
  if (t.burningZoneC > 1500.0)
    raiseAlarm("burning zone " + std::to_string(t.burningZoneC));
}

void KilnLine::onLabResult(const XrfSample &s) {
  xrf_.push(s); // SAME: lab
  if (s.freeLimePct > 2.0)
    raiseAlarm("free lime high in " + s.sampleId);
}

std::vector<KilnTemp> KilnLine::drainTemps() {
  std::vector<KilnTemp> out;
  while (std::optional<KilnTemp> t = temps_.pop()) // OK
    out.push_back(*t);
  return out;
}

void KilnLine::shutdownLine() {
  temps_.close();
  xrf_.close();
  std::vector<KilnTemp> rest = drainTemps();
  int labRows = 0;
  while (xrf_.pop()) // OK
    ++labRows;
  raiseAlarm("line stopped: " + std::to_string(rest.size()) + " temps, " +
             std::to_string(labRows) + " lab rows flushed");
  alarms_.close();
  while (std::optional<std::string> a = alarms_.pop()) // OK
    std::printf("alarm: %s\n", a->c_str());
}

void KilnLine::emergencyStop(const KilnTemp &last) {
  temps_.close();
  temps_.push(last); // BUG: use-after-close
  raiseAlarm("EMERGENCY STOP");
}

void finishCampaign(KilnLine &line, const std::vector<XrfSample> &lateLab) {
  line.shutdownLine();
  for (const XrfSample &s : lateLab)
    line.onLabResult(s); // BUG: use-after-close #lab
}

} // namespace kiln
