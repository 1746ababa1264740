// Container-terminal crane telemetry. Twistlock and spreader commands go to
// the crane PLC gateways over net::Connection (netconn.h: send()/flush() throw
// once closed, close() is idempotent), borrowed from a CranePool. Deferred
// actions (re-checking a twistlock after the box settles) run later from a
// single-threaded TimerWheel.
// CranePool::acquire() throws std::runtime_error once shutdown() ran;
// shutdown() is idempotent; release() drops closed connections.
// Correct: the settle check in landBox() holds a weak_ptr and skips a closed
// connection; release() and shutdown() only close open connections.
// Defects: craneOffline() schedules an unlock that still holds the
// connection, then closes it, so the timer later sends on a closed connection;
// endOfVessel() shuts the pool down and then borrows one more connection.
#include "netconn.h"

#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

class CranePool {
public:
  explicit CranePool(std::string gateway) : gateway_(std::move(gateway)) {}
  ~CranePool() { shutdown(); }

  std::shared_ptr<net::Connection> acquire() {
    std::lock_guard<std::mutex> lk(mu_);
    if (shut_)
      throw std::runtime_error("crane pool shut down");
    while (!idle_.empty()) {
      std::shared_ptr<net::Connection> c = std::move(idle_.back());
      idle_.pop_back();
      if (!c->isClosed())
        return c;
    }
    return std::make_shared<net::Connection>(gateway_);
  }

  void release(std::shared_ptr<net::Connection> c) {
    std::lock_guard<std::mutex> lk(mu_);
    if (c->isClosed())
      return;
    if (shut_) {
      c->close(); // OK: first close of a connection the pool no longer keeps
      return;
    }
    idle_.push_back(std::move(c));
  }

  void shutdown() {
    std::lock_guard<std::mutex> lk(mu_);
    if (shut_)
      return;
    shut_ = true;
    for (auto &c : idle_)
      c->close(); // OK: each pooled connection once, guarded by shut_
    idle_.clear();
  }

private:
  std::string gateway_;
  std::mutex mu_;
  std::vector<std::shared_ptr<net::Connection>> idle_;
  bool shut_ = false;
};

class TimerWheel {
public:
  void after(int ms, std::function<void()> fn) { due_.push_back({nowMs_ + ms, std::move(fn)}); }
  void advance(int ms) {
    nowMs_ += ms;
    std::vector<Entry> ready;
    for (auto it = due_.begin(); it != due_.end();) {
      if (it->at <= nowMs_) {
        ready.push_back(std::move(*it));
        it = due_.erase(it);
      } else {
        ++it;
      }
    }
    for (Entry &e : ready)
      e.fn();
  }

private:
  struct Entry {
    long at;
    std::function<void()> fn;
  };
  long nowMs_ = 0;
  std::vector<Entry> due_;
};

void landBox(CranePool &pool, TimerWheel &timers, const std::string &box) {
  std::shared_ptr<net::Connection> conn = pool.acquire();
  conn->send("LOWER " + box);
  conn->send("LOCK " + box);
  std::weak_ptr<net::Connection> weak = conn;
  timers.after(1500, [weak, box] {
    std::shared_ptr<net::Connection> c = weak.lock();
    if (c && !c->isClosed())
      c->send("VERIFY-LOCK " + box); // OK: skipped when the connection is gone or closed
  });
  pool.release(std::move(conn));
}

// Wind alarm: the crane is taken off-line; the box under the spreader is
// released once the boom has stopped swinging.
void craneOffline(CranePool &pool, TimerWheel &timers, const std::string &box) {
  std::shared_ptr<net::Connection> conn = pool.acquire();
  conn->send("STOP-TROLLEY");
  timers.after(3000, [conn, box] {
    conn->send("UNLOCK " + box); // BUG: use-after-close
  });
  conn->flush();
  conn->close();
}

void endOfVessel(CranePool &pool, const std::string &voyage) {
  pool.shutdown();
  std::shared_ptr<net::Connection> last = pool.acquire(); // BUG: use-after-close
  last->send("VOYAGE-COMPLETE " + voyage);
}

void workVessel(const std::vector<std::string> &boxes, bool windAlarm) {
  CranePool pool("sts-07.plc.terminal:502");
  TimerWheel timers;
  for (const std::string &box : boxes) {
    landBox(pool, timers, box);
    timers.advance(500);
  }
  if (windAlarm && !boxes.empty())
    craneOffline(pool, timers, boxes.back());
  timers.advance(5000);
  endOfVessel(pool, "MSKU-0421E");
}
