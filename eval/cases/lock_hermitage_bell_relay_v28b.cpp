// Hermitage bell relay. A remote hermitage rings its bell for the hours of
// prayer and relays each ringing to the abbey's timekeeping server over a
// net::Connection. A ringer thread waits for the next hour and sends the
// ringing; the nightly stop() sets the relay's own `stopping_` flag and closes
// the connection under the relay's mutex, then joins the ringer. Every send
// and the close are made under that mutex.
#include "netconn.h"

#include <atomic>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

struct Hour {
  std::string office;
  int strokes;
};

class BellRelay {
public:
  BellRelay(const std::string &abbey, std::vector<Hour> hours)
      : abbey_(abbey), hours_(std::move(hours)) {}

  void start() {
    ringer_ = std::thread([this] { ringHours(); });
  }

  void ringNow(const std::string &why) {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_)
      return;
    abbey_.send("ad hoc ringing: " + why); // OK
  }

  void flushBacklog() {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_)
      return;
    abbey_.flush(); // OK
  }

  void stop() {
    stopping_ = true;
    {
      std::lock_guard<std::mutex> lock(mu_);
      abbey_.send("relay going quiet");
      abbey_.close(); // SAME: bell_relay_close
    }
    if (ringer_.joinable())
      ringer_.join();
  }

private:
  void ringHours() {
    for (const Hour &h : hours_) {
      std::this_thread::sleep_for(std::chrono::minutes(1));
      if (stopping_)
        break;
      std::string msg = h.office + " rung, " + std::to_string(h.strokes) + " strokes";
      std::lock_guard<std::mutex> lock(mu_);
      abbey_.send(msg); // BUG: use-after-close #bell_relay_close
    }
  }

  std::mutex mu_;
  net::Connection abbey_;
  std::vector<Hour> hours_;
  std::thread ringer_;
  std::atomic<bool> stopping_{false};
};

void vigil(const std::string &abbey) {
  BellRelay relay(abbey, {{"Matins", 12}, {"Lauds", 7}, {"Prime", 3},
                          {"Terce", 3}, {"Sext", 6}, {"None", 9},
                          {"Vespers", 7}, {"Compline", 3}});
  relay.start();
  relay.ringNow("vigil begins");
  std::this_thread::sleep_for(std::chrono::minutes(4));
  relay.flushBacklog();
  relay.stop();
  relay.ringNow("vigil ends"); // OK
  relay.flushBacklog(); // OK
}
