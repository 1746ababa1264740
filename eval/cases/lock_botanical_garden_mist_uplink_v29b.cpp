// Botanical garden glasshouse misting uplink. Zone controllers enqueue humidity
// events; a sender thread drains the queue onto the event channel to the
// glasshouse dashboard. The web status page pings the dashboard from its own
// thread. stop() sets the closed flag and closes the channel while holding the
// uplink's mutex, and every send (sender thread, status ping) checks that flag
// under the same mutex before touching the channel, so no send can follow the
// close. Calls made after stop() see the flag and leave the channel alone.
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

#include "messaging.h"

namespace botanic {

struct MistEvent {
  std::string zone;
  double relHumidity = 0.0;
  bool nozzlesOn = false;
};

std::string encode(const MistEvent &e);

class MistUplink {
public:
  explicit MistUplink(EventChannel &dashboard) : dash_(dashboard) {}
  ~MistUplink() { stop(); }
  MistUplink(const MistUplink &) = delete;
  MistUplink &operator=(const MistUplink &) = delete;

  void start() { sender_ = std::thread([this] { drain(); }); }

  void enqueue(MistEvent e) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      return;
    pending_.push_back(std::move(e));
    wake_.notify_one();
  }

  bool pingFromStatusPage() {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      return false;
    dash_.send("status-ping"); // OK
    return true;
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (closed_)
        return;
      for (const MistEvent &e : pending_)
        dash_.send(encode(e)); // OK
      pending_.clear();
      closed_ = true;
      dash_.close(); // OK
    }
    wake_.notify_all();
    if (sender_.joinable())
      sender_.join();
  }

private:
  void drain() {
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      wake_.wait(lock, [this] { return closed_ || !pending_.empty(); });
      if (closed_)
        return;
      MistEvent e = std::move(pending_.front());
      pending_.pop_front();
      dash_.send(encode(e)); // OK
    }
  }

  EventChannel &dash_;
  std::mutex mu_;
  std::condition_variable wake_;
  std::deque<MistEvent> pending_;
  std::thread sender_;
  bool closed_ = false;
};

void closeGlasshouseForNight(EventChannel &dashboard,
                             const std::deque<MistEvent> &lastReadings) {
  MistUplink uplink(dashboard);
  uplink.start();
  for (const MistEvent &e : lastReadings)
    uplink.enqueue(e);
  uplink.pingFromStatusPage();
  uplink.stop();
  uplink.pingFromStatusPage(); // OK
  uplink.enqueue(MistEvent{"palm-house", 0.0, false}); // OK
}

} // namespace botanic
