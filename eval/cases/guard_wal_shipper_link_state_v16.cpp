// Database replication: the primary's WAL shipper streams records to a
// standby over a ReplicaLink, drops the standby when it lags too far behind,
// and drops it on a checksum mismatch (the standby re-syncs from a base
// backup). The guards are the ones found in real shippers.
// ReplicaLink semantics: send() and flush() throw std::runtime_error once
// closed; close() is idempotent; reconnect() reopens a closed link; state()
// is State::Closed exactly when the link is closed; explicit operator bool is
// true while the link is open.
#include <deque>
#include <iostream>
#include <stdexcept>
#include <string>
#include <utility>

class ReplicaLink {
public:
  enum class State { Streaming, Closed };
  explicit ReplicaLink(std::string standby) : standby_(std::move(standby)) {}
  void send(const std::string &frame) {
    if (state_ == State::Closed)
      throw std::runtime_error("replica link to " + standby_ + " closed: " + frame);
    ++unflushed_;
  }
  void flush() {
    if (state_ == State::Closed)
      throw std::runtime_error("replica link to " + standby_ + " closed: flush");
    unflushed_ = 0;
  }
  void close() { state_ = State::Closed; }
  void reconnect() { state_ = State::Streaming; }
  State state() const { return state_; }
  bool isClosed() const { return state_ == State::Closed; }
  explicit operator bool() const { return state_ != State::Closed; }

private:
  std::string standby_;
  int unflushed_ = 0;
  State state_ = State::Streaming;
};

class WalShipper {
public:
  WalShipper(ReplicaLink &link, long maxLagBytes) : link_(link), maxLag_(maxLagBytes) {}

  void ensureStreaming() {
    if (link_.state() == ReplicaLink::State::Closed)
      link_.reconnect();
    link_.send("START_REPLICATION"); // OK: a closed link was reconnected just above
    lag_ = 0;
  }

  void shipPending(std::deque<std::string> &pending) {
    while (!link_.isClosed() && !pending.empty()) {
      link_.send(pending.front()); // OK: the loop condition checked isClosed()
      lag_ += static_cast<long>(pending.front().size());
      pending.pop_front();
      if (lag_ > maxLag_)
        link_.close(); // the standby is too slow
      link_.flush(); // BUG: use-after-close
    }
  }

  void keepalive(long idleMs) {
    if (link_.isClosed() || idleMs < 1000)
      return;
    link_.send("KEEPALIVE"); // OK: isClosed() || ... returns first
  }

  void reportLag() {
    if (link_)
      link_.send("LAG " + std::to_string(lag_)); // OK: operator bool is true only while open
  }

  // Tell the standby the primary is going down, if it is still connected.
  void sendShutdownNotice() {
    if (!link_.isClosed())
      return;
    link_.send("SHUTDOWN"); // BUG: use-after-close
  }

  void acknowledge(long lsn) {
    const bool open = !link_.isClosed();
    verifySegment(lsn);
    if (open)
      link_.send("ACK " + std::to_string(lsn)); // BUG: use-after-close
  }

  void acknowledgeChecked(long lsn) {
    verifySegment(lsn);
    const bool open = !link_.isClosed();
    if (open)
      link_.send("ACK " + std::to_string(lsn)); // OK: queried after the call that may close
  }

private:
  // A segment whose checksum does not match means the standby diverged.
  void verifySegment(long lsn) {
    if (lsn % 7 == 0)
      link_.close();
  }

  ReplicaLink &link_;
  long maxLag_;
  long lag_ = 0;
};

int main() {
  ReplicaLink link("standby-2:5433");
  WalShipper shipper(link, 64);
  shipper.ensureStreaming();
  shipper.sendShutdownNotice();
  shipper.reportLag();

  std::deque<std::string> pending;
  for (int i = 0; i < 10; ++i)
    pending.push_back("WAL 0/" + std::to_string(1000 + i * 16) + " INSERT orders");
  try {
    shipper.shipPending(pending);
  } catch (const std::exception &e) {
    std::cerr << e.what() << "\n";
  }
  shipper.keepalive(5000);
  shipper.reportLag();
  try {
    shipper.sendShutdownNotice();
  } catch (const std::exception &e) {
    std::cerr << e.what() << "\n";
  }

  shipper.ensureStreaming();
  shipper.acknowledgeChecked(14);
  shipper.ensureStreaming();
  try {
    shipper.acknowledge(21);
  } catch (const std::exception &e) {
    std::cerr << e.what() << "\n";
  }
  return 0;
}
