// Replication shipper: forwards WAL records to a peer over a
// repl::ReplicationChannel and mirrors them into a repl::WalProducer. On a
// fatal peer error or at end of stream the shipper closes the channel or the
// producer, and every later use sits behind a guard of the kind written in
// this code base: `if (ch.IsClosed() || busy) return;`, `state() == Closed`,
// `!connected()`, `while (!wal.is_closed())`, `if (!wal) return;` and a stored
// `bool open = wal.isOpen();` taken after the last close that can happen.
// The library closes synchronously: after close() the channel reports
// IsClosed() == true, state() == LinkState::Closed and connected() == false,
// and the producer reports is_closed() == true, isOpen() == false and
// operator bool == false. No use can follow a close: a negative case.
#include "replication.h"

#include <deque>
#include <string>
#include <utility>

struct Frame {
  std::string bytes;
  bool fatal = false;
};

class Shipper {
public:
  Shipper(repl::ReplicationChannel &ch, repl::WalProducer &wal) : ch_(ch), wal_(wal) {}

  void heartbeat(bool busy) {
    if (ch_.IsClosed() || busy)
      return;
    ch_.send("HB"); // OK: returns above when closed
  }

  void forward(const Frame &f) {
    if (f.fatal && !ch_.IsClosed())
      ch_.close();
    if (ch_.state() == repl::LinkState::Closed)
      return;
    ch_.send(f.bytes); // OK: state() is Closed after close(), so we returned
    ch_.flush(); // OK
  }

  void announce(const std::string &lsn) {
    if (!ch_.connected())
      return;
    ch_.send("LSN " + lsn); // OK: connected() is false once closed
  }

  // Mirrors the backlog, closing the producer when it runs dry.
  void pump(std::deque<std::string> &records) {
    while (!wal_.is_closed()) {
      if (records.empty()) {
        wal_.close();
        continue;
      }
      wal_.send(records.front()); // OK: the loop condition is re-checked after close
      records.pop_front();
    }
  }

  void tail(const std::string &rec) {
    if (!wal_)
      return;
    wal_.send(rec); // OK: operator bool is false once closed
  }

  void report(std::deque<std::string> &leftovers, const std::string &summary) {
    pump(leftovers);
    bool open = wal_.isOpen();
    std::string line = "summary " + summary;
    if (open)
      wal_.send(line); // OK: stored query taken after pump(), nothing closes since
  }

private:
  repl::ReplicationChannel &ch_;
  repl::WalProducer &wal_;
};

void shipOnce(repl::ReplicationChannel &ch, repl::WalProducer &wal,
              std::deque<Frame> frames, bool busy) {
  Shipper shipper(ch, wal);
  std::deque<std::string> backlog;
  while (!frames.empty()) {
    Frame f = std::move(frames.front());
    frames.pop_front();
    backlog.push_back(f.bytes);
    shipper.forward(f);
    shipper.heartbeat(busy);
    shipper.announce("0/16B3748");
    shipper.tail(f.bytes);
  }
  shipper.report(backlog, "frames shipped");
  shipper.tail("trailer"); // OK: tail() checks operator bool itself
  shipper.heartbeat(false); // OK: heartbeat() checks IsClosed() itself
}
