// WAL uplink in a storage node: ships records through a repl::WalProducer
// (send() on a closed producer fails; is_closed(), isOpen() and operator bool
// report its state). The guards are the ones the team writes everywhere:
// "closed or busy -> return", a drain loop on operator bool, a state query
// kept in a local. Defects: heartbeat() joins its two conditions with && where
// || was meant, so it sends once the producer is closed and the uplink is not
// busy; rotate() tests a local captured before the close it performs.
#include "replication.h"

#include <cstdio>
#include <deque>
#include <string>

class WalUplink {
public:
  explicit WalUplink(repl::WalProducer &wal) : wal_(wal) {}
  void ship(const std::string &rec);
  void heartbeat();
  void drain(std::deque<std::string> &batch);
  void rotate(bool segmentFull);
  void setBusy(bool busy) { busy_ = busy; }

private:
  repl::WalProducer &wal_;
  bool busy_ = false;
  long shipped_ = 0;
};

void WalUplink::ship(const std::string &rec) {
  if (wal_.is_closed() || busy_)
    return;
  wal_.send(rec); // OK: guarded by is_closed()
  ++shipped_;
}

void WalUplink::heartbeat() {
  if (wal_.is_closed() && busy_)
    return;
  wal_.send("HB " + std::to_string(shipped_)); // SAME: hbguard
}

void WalUplink::drain(std::deque<std::string> &batch) {
  while (wal_ && !batch.empty()) {
    wal_.send(batch.front()); // OK: operator bool is false once the producer is closed
    batch.pop_front();
    ++shipped_;
  }
}

void WalUplink::rotate(bool segmentFull) {
  const bool wasOpen = wal_.isOpen();
  if (segmentFull)
    wal_.close();
  if (wasOpen)
    wal_.send("SEGMENT-END " + std::to_string(shipped_)); // BUG: use-after-close
}

void steadyState(repl::WalProducer &wal) {
  WalUplink up(wal);
  up.ship("lsn=100 put k1");
  up.heartbeat(); // OK: the producer is open
  std::deque<std::string> batch{"lsn=101 put k2", "lsn=102 del k1"};
  up.drain(batch);
  const bool open = wal.isOpen();
  if (open)
    wal.send("CHECKPOINT 102"); // OK: nothing closes wal between the query and the send
  up.rotate(true);
}

void operatorShutdown(repl::WalProducer &wal) {
  WalUplink up(wal);
  up.ship("lsn=200 put k9");
  wal.close();
  up.ship("lsn=201 put k10"); // OK: ship() returns once is_closed()
  std::deque<std::string> rest{"lsn=202 del k9"};
  up.drain(rest); // OK: the loop condition stops on a closed producer
  up.setBusy(false);
  up.heartbeat(); // BUG: use-after-close #hbguard
}

int main() {
  repl::WalProducer primary;
  repl::WalProducer secondary;
  try {
    steadyState(primary);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "primary uplink: %s\n", e.what());
  }
  try {
    operatorShutdown(secondary);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "secondary uplink: %s\n", e.what());
  }
  return 0;
}
