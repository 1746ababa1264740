// Harbour tide gauge: a float in a stilling well reports the water level above
// chart datum, and LevelFeed fans every sample out to registered listeners.
// The port signal station relays levels to the signal mast over a serial
// uplink it shares with its listener lambda; the draught advisory service
// publishes under-keel clearance on an EventChannel and unsubscribes from the
// feed before it closes that channel; the quay display board shows gauge
// faults through the feed's fault handler.
#include <cstdio>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

#include "messaging.h"

struct LevelSample {
  long epochSeconds;
  double metresAboveDatum;
};

class LevelFeed {
public:
  using Listener = std::function<void(const LevelSample &)>;
  int subscribe(Listener fn) {
    listeners_.emplace_back(++lastToken_, std::move(fn));
    return lastToken_;
  }
  void unsubscribe(int token) {
    for (auto it = listeners_.begin(); it != listeners_.end(); ++it)
      if (it->first == token) {
        listeners_.erase(it);
        return;
      }
  }
  void publish(const LevelSample &s) {
    for (auto &entry : listeners_)
      entry.second(s);
  }
  void onFault(std::function<void(const std::string &)> fn) { faultHandler_ = std::move(fn); }
  void reportFault(const std::string &why) {
    if (faultHandler_)
      faultHandler_(why);
  }

private:
  std::vector<std::pair<int, Listener>> listeners_;
  std::function<void(const std::string &)> faultHandler_;
  int lastToken_ = 0;
};

class SignalMastUplink {
public:
  explicit SignalMastUplink(int fd) : fd_(fd) {}
  ~SignalMastUplink() { close(); }
  void send(const std::string &line) {
    if (fd_ < 0)
      throw std::runtime_error("signal mast uplink closed, dropping " + line);
    if (::write(fd_, line.data(), line.size()) < 0)
      throw std::runtime_error("signal mast uplink write failed");
  }
  void close() {
    if (fd_ >= 0)
      ::close(std::exchange(fd_, -1));
  }

private:
  int fd_;
};

class PortSignalStation {
public:
  PortSignalStation(LevelFeed &feed, int mastFd)
      : uplink_(std::make_shared<SignalMastUplink>(mastFd)) {
    feed.subscribe([link = uplink_](const LevelSample &s) {
      char buf[48];
      std::snprintf(buf, sizeof buf, "LVL %.2f\n", s.metresAboveDatum);
      link->send(buf); // SAME: mast-listener
    });
  }
  void retire() { uplink_->close(); }

private:
  std::shared_ptr<SignalMastUplink> uplink_;
};

class DraughtAdvisory {
public:
  DraughtAdvisory(LevelFeed &feed, EventChannel &out, double dredgedDepth)
      : out_(out), dredgedDepth_(dredgedDepth) {
    token_ = feed.subscribe([this](const LevelSample &s) {
      double available = dredgedDepth_ + s.metresAboveDatum;
      out_.send("max draught " + std::to_string(available - 0.9)); // OK: unsubscribed before out_ closes
    });
  }
  void retire(LevelFeed &feed) {
    feed.unsubscribe(token_);
    out_.close();
  }

private:
  EventChannel &out_;
  double dredgedDepth_;
  int token_ = 0;
};

class QuayDisplayBoard {
public:
  QuayDisplayBoard(LevelFeed &feed, EventChannel &panel) : panel_(panel) {
    feed.onFault([this](const std::string &why) {
      panel_.send("TIDE GAUGE FAULT: " + why); // SAME: board-fault
    });
  }
  void nightMode() { panel_.close(); }

private:
  EventChannel &panel_;
};

void closeAdvisoryForDredging(LevelFeed &feed, DraughtAdvisory &advisory,
                              const LevelSample &next) {
  advisory.retire(feed);
  feed.publish(next); // OK: the advisory's listener is gone
}

void endOfWatch(LevelFeed &feed, PortSignalStation &signals,
                DraughtAdvisory &advisory, const LevelSample &last) {
  advisory.retire(feed);
  signals.retire();
  feed.publish(last); // BUG: use-after-close #mast-listener
}

void floatStuck(LevelFeed &feed, QuayDisplayBoard &board) {
  board.nightMode();
  feed.reportFault("float stuck in stilling well"); // BUG: use-after-close #board-fault
}
