// Glassblowing studio furnace telemetry. A reporter thread samples the
// furnace and glory hole and publishes readings; the annealer thread posts
// kiln ramp steps. Negative case: each thread checks the studio's own
// "stopped" flag and sends while holding the mutex that stop() holds when it
// sets the flag and closes the channel, so no send can follow the close; the
// annealer's link is closed only after its thread is joined.
#include "messaging.h"
#include "netconn.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace glass {

class FurnaceReporter {
public:
  FurnaceReporter(EventChannel &out, net::Connection &annealer)
      : out_(out), annealer_(annealer) {}

  void start() {
    sampler_ = std::thread([this] { sampleLoop(); });
    ramp_ = std::thread([this] { rampLoop(); });
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (stopped_)
        return;
      stopped_ = true;
      out_.close(); // OK
    }
    wake_.notify_all();
    if (sampler_.joinable())
      sampler_.join();
    if (ramp_.joinable())
      ramp_.join();
    annealer_.flush();
    annealer_.close(); // OK
  }

private:
  void sampleLoop() {
    int tick = 0;
    for (;;) {
      const int furnace = 1090 + tick % 7;
      const int gloryHole = 1150 - tick % 5;
      {
        std::lock_guard<std::mutex> lock(mu_);
        if (stopped_)
          return;
        out_.send("furnace " + std::to_string(furnace)); // OK
        out_.send("glory " + std::to_string(gloryHole)); // OK
      }
      ++tick;
      std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
  }

  void rampLoop() {
    int step = 0;
    std::unique_lock<std::mutex> lock(mu_);
    while (!stopped_) {
      wake_.wait_for(lock, std::chrono::seconds(5));
      if (stopped_)
        break;
      out_.send("anneal step " + std::to_string(step)); // OK
      annealer_.send("ramp " + std::to_string(480 - step * 10)); // OK
      ++step;
    }
  }

  EventChannel &out_;
  net::Connection &annealer_;
  std::mutex mu_;
  std::condition_variable wake_;
  bool stopped_ = false;
  std::thread sampler_;
  std::thread ramp_;
};

void firingSession(EventChannel &out, const std::string &annealerAddr, int minutes) {
  net::Connection annealer(annealerAddr);
  FurnaceReporter reporter(out, annealer);
  reporter.start();
  std::this_thread::sleep_for(std::chrono::minutes(minutes));
  reporter.stop();
}

} // namespace glass
