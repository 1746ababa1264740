// HealthChecker: periodic backend probing on a background thread.
#include "sqlproxy/HealthChecker.h"

#include <algorithm>
#include <cstdio>

namespace sqlproxy {

HealthChecker::HealthChecker(BackendAuth auth, std::chrono::milliseconds interval,
                             std::chrono::milliseconds connectTimeout)
    : auth_(std::move(auth)), interval_(interval), connectTimeout_(connectTimeout) {}

HealthChecker::~HealthChecker() { stop(); }

std::shared_ptr<BackendConn> HealthChecker::openProbe(const BackendAddr &addr) const {
  auto c = std::make_shared<BackendConn>(BackendConn::allocateId(), addr);
  try {
    c->open(connectTimeout_);
    c->authenticate(auth_.user, auth_.database, auth_.password);
  } catch (const std::exception &e) {
    // open() and authenticate() close the socket themselves before they throw;
    // the guard only covers a failure that leaves the connection open.
    if (c->isOpen())
      c->close(); // OK: guarded, so a connection the handshake already closed is not closed again
    return nullptr;
  }
  return c;
}

void HealthChecker::start(const std::vector<BackendAddr> &backends) {
  std::vector<Probe> probes;
  for (const BackendAddr &b : backends) {
    Probe p;
    p.addr = b;
    p.conn = openProbe(b);
    p.up = true; // assume up; the first round reports the ones that are not
    probes.push_back(std::move(p));
  }
  std::lock_guard<std::mutex> lk(mu_);
  if (running_)
    return;
  probes_ = std::move(probes);
  running_ = true;
  thread_ = std::thread([this] { run(); });
}

void HealthChecker::stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    running_ = false;
    // Close the probes here rather than after the join: a ping stuck on a
    // black-holed backend then fails at once instead of holding up shutdown
    // for a whole socket timeout.
    for (Probe &p : probes_) {
      if (p.conn && p.conn->isOpen())
        p.conn->close(); // SAME: health_race
    }
  }
  cv_.notify_all();
  if (thread_.joinable())
    thread_.join();
}

void HealthChecker::updateBackends(const std::vector<BackendAddr> &backends) {
  std::lock_guard<std::mutex> lk(mu_);
  std::vector<Probe> next;
  for (const BackendAddr &b : backends) {
    const auto it = std::find_if(probes_.begin(), probes_.end(),
                                 [&](const Probe &p) { return p.addr.name == b.name; });
    if (it != probes_.end() && it->addr.sameEndpoint(b)) {
      next.push_back(std::move(*it));
      continue;
    }
    Probe p;
    p.addr = b; // dialled by the next round
    next.push_back(std::move(p));
  }
  // Probes of moved or removed backends are dropped, not closed: the probe
  // thread may be pinging one of them right now. The last shared_ptr owner's
  // BackendConn destructor closes the socket.
  probes_.swap(next);
}

void HealthChecker::onStateChange(StateCallback cb) {
  std::lock_guard<std::mutex> lk(mu_);
  stateCallbacks_.push_back(std::move(cb));
}

void HealthChecker::onRecovered(const std::string &backend, RecoveredCallback cb) {
  std::lock_guard<std::mutex> lk(mu_);
  recoveredCallbacks_[backend].push_back(std::move(cb));
}

void HealthChecker::onRoundComplete(RoundCallback cb) {
  std::lock_guard<std::mutex> lk(mu_);
  roundCallbacks_.push_back(std::move(cb));
}

bool HealthChecker::isUp(const std::string &backend) const {
  std::lock_guard<std::mutex> lk(mu_);
  for (const Probe &p : probes_)
    if (p.addr.name == backend)
      return p.up;
  return false;
}

void HealthChecker::run() {
  for (;;) {
    {
      std::unique_lock<std::mutex> lk(mu_);
      cv_.wait_for(lk, interval_, [this] { return !running_; });
      if (!running_)
        return;
    }

    HealthReport report;
    std::vector<std::pair<std::string, bool>> transitions;
    for (std::size_t i = 0;; ++i) {
      std::shared_ptr<BackendConn> conn;
      BackendAddr addr;
      {
        std::lock_guard<std::mutex> lk(mu_);
        if (!running_)
          return;
        if (i >= probes_.size())
          break;
        conn = probes_[i].conn;
        addr = probes_[i].addr;
      }

      // The ping itself runs without the lock so that a slow backend does not
      // block updateBackends() or stop().
      bool alive = false;
      if (!conn) {
        std::shared_ptr<BackendConn> fresh = openProbe(addr);
        if (fresh) {
          std::lock_guard<std::mutex> lk(mu_);
          if (!running_) {
            fresh->close(); // OK: this probe was never published, so stop() cannot have closed it
            return;
          }
          if (i < probes_.size() && probes_[i].addr.sameEndpoint(addr))
            probes_[i].conn = fresh;
          alive = true;
        }
      } else if (conn->isOpen()) {
        try {
          alive = conn->ping(); // BUG: use-after-close #health_race
        } catch (const BackendIoError &) {
          alive = false;
        }
      }

      if (!alive && conn && conn->isOpen()) {
        std::lock_guard<std::mutex> lk(mu_);
        if (!running_)
          return; // stop() owns the probes now
        if (i < probes_.size() && probes_[i].conn == conn) {
          conn->close(); // OK: under mu_ with running_ still true, so stop() has not closed it; the next round redials
          probes_[i].conn.reset();
        }
      }

      {
        std::lock_guard<std::mutex> lk(mu_);
        if (i < probes_.size() && probes_[i].addr.sameEndpoint(addr)) {
          if (probes_[i].up != alive)
            transitions.emplace_back(addr.name, alive);
          probes_[i].up = alive;
        }
      }
      if (alive) {
        ++report.up;
      } else {
        ++report.down;
        report.downNames.push_back(addr.name);
      }
    }
    fire(transitions, report);
  }
}

void HealthChecker::fire(const std::vector<std::pair<std::string, bool>> &transitions,
                         const HealthReport &report) {
  std::vector<StateCallback> stateCbs;
  std::vector<RoundCallback> roundCbs;
  std::vector<RecoveredCallback> recoveredCbs;
  {
    std::lock_guard<std::mutex> lk(mu_);
    stateCbs = stateCallbacks_;
    roundCbs = roundCallbacks_;
    for (const auto &t : transitions) {
      if (!t.second)
        continue;
      const auto it = recoveredCallbacks_.find(t.first);
      if (it != recoveredCallbacks_.end())
        recoveredCbs.insert(recoveredCbs.end(), it->second.begin(), it->second.end());
    }
  }
  auto guarded = [](const char *what, const std::function<void()> &fn) {
    try {
      fn();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "sqlproxy: health %s callback failed: %s\n", what, e.what());
    }
  };
  for (const auto &t : transitions)
    for (const auto &cb : stateCbs)
      guarded("state", [&] { cb(t.first, t.second); });
  for (const auto &cb : recoveredCbs)
    guarded("recovery", cb);
  for (const auto &cb : roundCbs)
    guarded("round", [&] { cb(report); });
}

} // namespace sqlproxy
