// Classes whose protocol is visible only in their code. UplinkSession:
// transmit() throws after shutdown(); reconnect() reopens it and returns true,
// except after retire(), when it returns false and stays closed.
// onLinkDrop() transmits only when reconnect() succeeded (fine);
// decommission() ignores the result after retire(), so the last frame goes to
// a closed session (bug). Spool::close() throws when called twice, Ledger's
// close() is idempotent: finishBatch() closes the ledger again (fine) and,
// after a failed batch, the spool again (bug).
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

class UplinkSession {
public:
  void transmit(const std::string &frame) {
    if (!open_)
      throw std::runtime_error("uplink session is shut down");
    sent_ += frame.size();
  }
  void shutdown() { open_ = false; }
  void retire() {
    retired_ = true;
    open_ = false;
  }
  bool reconnect() {
    if (retired_)
      return false;
    open_ = true;
    return true;
  }

private:
  bool open_ = true;
  bool retired_ = false;
  std::size_t sent_ = 0;
};

class Spool {
public:
  void append(const std::string &record) {
    if (closed_)
      throw std::logic_error("append to a closed spool");
    records_.push_back(record);
  }
  void close() {
    if (closed_)
      throw std::logic_error("spool closed twice");
    closed_ = true;
  }

private:
  std::vector<std::string> records_;
  bool closed_ = false;
};

class Ledger {
public:
  void post(long cents) {
    if (!open_)
      throw std::logic_error("ledger is closed");
    balance_ += cents;
  }
  void close() {
    if (!open_)
      return;
    open_ = false;
  }

private:
  long balance_ = 0;
  bool open_ = true;
};

void onLinkDrop(UplinkSession &session, const std::string &pending) {
  session.shutdown();
  if (!session.reconnect())
    return;
  session.transmit(pending); // OK: reconnect() succeeded
}

void decommission(UplinkSession &session, const std::string &lastFrame) {
  session.retire();
  session.reconnect();
  session.transmit(lastFrame); // BUG: use-after-close
}

static void abortBatch(Spool &spool) {
  spool.append("ABORTED");
  spool.close();
}

static void settle(Ledger &ledger, long total) {
  ledger.post(total);
  ledger.close();
}

void finishBatch(Spool &spool, Ledger &ledger, long total, bool failed) {
  if (failed)
    abortBatch(spool);
  settle(ledger, failed ? 0 : total);
  ledger.close(); // OK: Ledger::close() is idempotent
  spool.close(); // BUG: double-close
}
