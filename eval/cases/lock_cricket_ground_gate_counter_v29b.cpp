// Cricket ground gate counters. A pump thread reads the turnstile counters of
// each gate and sends them to the ground control room over a connection; the
// members' pavilion feed does the same for the pavilion doors. At close of play
// stop() closes the connection under the feed's mutex and joins the pump; each
// pump has its own flag that tells it to finish.
#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

#include "netconn.h"

namespace cricketground {

struct GateCount {
  int gate = 0;
  long admitted = 0;
  long exited = 0;
};

GateCount readTurnstiles(int gate);
std::string encode(const GateCount &c);

class GateCounterFeed {
public:
  GateCounterFeed(std::string controlRoom, int gates)
      : conn_(std::move(controlRoom)), gates_(gates) {}
  ~GateCounterFeed() { stop(); }

  void start() { pump_ = std::thread([this] { run(); }); }

  void stop() {
    stopping_ = true;
    {
      std::lock_guard<std::mutex> lock(mu_);
      conn_.close(); // SAME: gate_counts
    }
    if (pump_.joinable())
      pump_.join();
  }

private:
  void run() {
    int gate = 0;
    while (!stopping_) {
      GateCount c = readTurnstiles(gate);
      gate = (gate + 1) % gates_;
      if (stopping_)
        break;
      std::lock_guard<std::mutex> lock(mu_);
      conn_.send(encode(c)); // BUG: use-after-close #gate_counts
    }
  }

  std::mutex mu_;
  net::Connection conn_;
  std::thread pump_;
  std::atomic<bool> stopping_{false};
  int gates_;
};

class PavilionDoorFeed {
public:
  PavilionDoorFeed(std::string controlRoom, int doors)
      : conn_(std::move(controlRoom)), doors_(doors) {}
  ~PavilionDoorFeed() { stop(); }

  void start() { pump_ = std::thread([this] { run(); }); }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      closed_ = true;
      conn_.close(); // OK
    }
    if (pump_.joinable())
      pump_.join();
  }

private:
  void run() {
    int door = 0;
    for (;;) {
      GateCount c = readTurnstiles(100 + door);
      door = (door + 1) % doors_;
      std::lock_guard<std::mutex> lock(mu_);
      if (closed_)
        return;
      conn_.send(encode(c)); // OK
      if (door == 0)
        conn_.flush(); // OK
    }
  }

  std::mutex mu_;
  net::Connection conn_;
  std::thread pump_;
  bool closed_ = false;
  int doors_;
};

} // namespace cricketground
