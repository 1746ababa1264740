// Wash-water hose control of an ice-resurfacing fleet. A HoseLine owns the
// descriptor of one hose valve; setFlow() throws once retire() closed it. Hose
// lines subscribe to the fleet's FlowBus with a callback that captures
// shared_from_this(); squeegee gauges are registered as weak_ptr listeners and
// skipped once they expired (their destructor closes their display).
// Bug: swapHose() retires the old line and attaches the new one but leaves the
// old line's subscription in place; the callback keeps the retired line alive
// and the next publish() writes to its closed valve. swapHoseQuietly()
// unsubscribes first.
#include <cstdio>
#include <fcntl.h>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

namespace rinkfleet {

class SqueegeeGauge {
public:
  explicit SqueegeeGauge(const std::string &display)
      : fd_(::open(display.c_str(), O_WRONLY | O_CLOEXEC)) {}
  ~SqueegeeGauge() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  void onFlow(double litresPerMin) {
    char text[32];
    int n = std::snprintf(text, sizeof text, "%5.1f L/min\n", litresPerMin);
    ssize_t written = ::write(fd_, text, static_cast<size_t>(n));
    (void)written;
  }

private:
  int fd_;
};

class FlowBus {
public:
  using Callback = std::function<void(double)>;
  int subscribe(Callback cb) {
    std::lock_guard<std::mutex> lock(mu_);
    callbacks_.emplace(++nextToken_, std::move(cb));
    return nextToken_;
  }
  void unsubscribe(int token) {
    std::lock_guard<std::mutex> lock(mu_);
    callbacks_.erase(token);
  }
  void watch(std::weak_ptr<SqueegeeGauge> gauge) {
    std::lock_guard<std::mutex> lock(mu_);
    gauges_.push_back(std::move(gauge));
  }
  void publish(double litresPerMin) {
    std::map<int, Callback> callbacks;
    std::vector<std::weak_ptr<SqueegeeGauge>> gauges;
    {
      std::lock_guard<std::mutex> lock(mu_);
      callbacks = callbacks_;
      gauges = gauges_;
    }
    for (auto &entry : callbacks)
      entry.second(litresPerMin);
    for (auto &weak : gauges)
      if (auto gauge = weak.lock())
        gauge->onFlow(litresPerMin); // OK: an expired gauge (display closed by its destructor) is skipped
  }

private:
  std::mutex mu_;
  int nextToken_ = 0;
  std::map<int, Callback> callbacks_;
  std::vector<std::weak_ptr<SqueegeeGauge>> gauges_;
};

class HoseLine : public std::enable_shared_from_this<HoseLine> {
public:
  static std::shared_ptr<HoseLine> open(const std::string &valve) {
    return std::shared_ptr<HoseLine>(new HoseLine(valve));
  }
  ~HoseLine() { retire(); }

  int attach(FlowBus &bus) {
    return bus.subscribe([self = shared_from_this()](double litresPerMin) {
      self->setFlow(litresPerMin); // SAME: staleflow
    });
  }
  void setFlow(double litresPerMin) {
    if (valveFd_ < 0)
      throw std::runtime_error("hose valve " + valve_ + " closed");
    char cmd[24];
    int n = std::snprintf(cmd, sizeof cmd, "Q%.1f\n", litresPerMin);
    if (::write(valveFd_, cmd, static_cast<size_t>(n)) != n)
      throw std::runtime_error("hose valve " + valve_ + " write failed");
  }
  void retire() {
    if (valveFd_ >= 0)
      ::close(valveFd_);
    valveFd_ = -1;
  }

private:
  explicit HoseLine(std::string valve)
      : valve_(std::move(valve)), valveFd_(::open(valve_.c_str(), O_WRONLY | O_CLOEXEC)) {}
  std::string valve_;
  int valveFd_;
};

constexpr double kIdleFlow = 4.0;

void swapHose(FlowBus &bus, std::shared_ptr<HoseLine> &line, const std::string &valve) {
  line->retire();
  line = HoseLine::open(valve);
  line->attach(bus);
  bus.publish(kIdleFlow); // BUG: use-after-close #staleflow
}

void swapHoseQuietly(FlowBus &bus, std::shared_ptr<HoseLine> &line, int &token,
                     const std::string &valve) {
  bus.unsubscribe(token);
  line->retire();
  line = HoseLine::open(valve);
  token = line->attach(bus);
  bus.publish(kIdleFlow); // OK: the retired line's callback was unsubscribed
}

} // namespace rinkfleet
