// E-commerce order audit. AuditTrail is a facade over two members: a local
// journal (FILE*) and the analytics stream, a
// cassandra::StreamingMultiplexedChannel (sending after close() throws
// "stream has been closed, cannot send ..."). shutdown() fcloses the journal
// and nulls the pointer, then closes the stream. record() checks both before
// use. flush() checks the journal but always sends a FLUSH control message,
// so OrderService's destructor, which flushes the trail, reaches the closed
// stream whenever stop() ran first.
#include "messaging.h"

#include <cstdio>
#include <string>

struct OrderEvent {
  std::string orderId;
  std::string type;
  long cents = 0;
};

static std::string toJson(const OrderEvent &e) {
  return "{\"order\":\"" + e.orderId + "\",\"type\":\"" + e.type + "\",\"cents\":" + std::to_string(e.cents) + "}";
}

class AuditTrail {
public:
  AuditTrail(const std::string &journalPath, cassandra::StreamSession &session)
      : journal_(std::fopen(journalPath.c_str(), "a")), stream_(session.channel()) {}
  AuditTrail(const AuditTrail &) = delete;
  AuditTrail &operator=(const AuditTrail &) = delete;

  void record(const OrderEvent &e) {
    const std::string json = toJson(e);
    if (journal_)
      std::fprintf(journal_, "%s\n", json.c_str()); // OK: journal_ is null once closed
    if (!stream_.isClosed())
      stream_.sendMessage(stream_.controlChannel(), {"ORDER", json}); // OK: isClosed() checked
  }

  void rotate(const std::string &nextPath) {
    if (journal_) {
      std::fputs("# end of segment\n", journal_);
      std::fclose(journal_);
    }
    journal_ = std::fopen(nextPath.c_str(), "a");
    if (journal_)
      std::fputs("# start of segment\n", journal_); // OK: journal_ was reopened after the fclose
  }

  void flush() {
    if (journal_)
      std::fflush(journal_);
    stream_.sendControlMessage({"FLUSH", ""}); // SAME: flush_after_stop
  }

  void shutdown() {
    if (journal_) {
      std::fclose(journal_);
      journal_ = nullptr;
    }
    stream_.close();
  }

private:
  FILE *journal_;
  cassandra::StreamingMultiplexedChannel &stream_;
};

class OrderService {
public:
  OrderService(const std::string &journalPath, cassandra::StreamSession &session) : trail_(journalPath, session) {}
  ~OrderService() {
    trail_.flush(); // BUG: use-after-close #flush_after_stop
  }

  void checkout(const std::string &orderId, long cents) { trail_.record({orderId, "checkout", cents}); }
  void refund(const std::string &orderId, long cents) { trail_.record({orderId, "refund", -cents}); }
  void rotateJournal(const std::string &nextPath) { trail_.rotate(nextPath); }
  void stop() { trail_.shutdown(); }

private:
  AuditTrail trail_;
};

void runStorefront(cassandra::StreamSession &session) {
  OrderService shop("/var/log/shop/audit.log", session);
  shop.checkout("o-5001", 4999);
  shop.checkout("o-5002", 1250);
  shop.rotateJournal("/var/log/shop/audit.1.log");
  shop.checkout("o-5003", 89900);
  shop.stop();
  shop.refund("o-5001", 4999); // OK: record() skips the closed journal and stream
}

int main() {
  cassandra::StreamSession session;
  runStorefront(session);
  return 0;
}
