// Card payment capture in a checkout service. A GatewaySession talks to the
// acquirer: authorize() and capture() may throw DeclinedError or NetworkError;
// close() marks the session closed first and then uploads the settlement batch,
// throwing NetworkError if the upload fails (the session stays closed).
// GatewaySession semantics: authorize()/capture()/refund()/audit() throw
// std::runtime_error once closed; close() on a closed session throws
// std::logic_error (the TLS context would be freed twice).
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

struct DeclinedError : std::runtime_error { using std::runtime_error::runtime_error; };
struct NetworkError : std::runtime_error { using std::runtime_error::runtime_error; };
struct LedgerError : std::runtime_error { using std::runtime_error::runtime_error; };

class GatewaySession {
public:
  explicit GatewaySession(std::string merchant) : merchant_(std::move(merchant)) {}

  void authorize(const std::string &orderId, long cents) {
    requireOpen();
    if (cents > 500000)
      throw DeclinedError("limit exceeded for " + orderId);
    batch_.push_back(orderId);
  }
  void capture(const std::string &orderId) { requireOpen(); captured_.push_back(orderId); }
  void refund(const std::string &orderId, long cents) {
    requireOpen();
    if (cents <= 0)
      throw std::invalid_argument("refund amount for " + orderId);
  }
  void audit(const std::string &line) { requireOpen(); std::printf("audit[%s] %s\n", merchant_.c_str(), line.c_str()); }

  void close() {
    if (closed_)
      throw std::logic_error("gateway session closed twice");
    closed_ = true;
    if (!captured_.empty() && std::getenv("ACQUIRER_DOWN") != nullptr)
      throw NetworkError("settlement upload timed out");
  }
  bool isClosed() const { return closed_; }

private:
  void requireOpen() const {
    if (closed_)
      throw std::runtime_error("gateway session closed");
  }
  std::string merchant_;
  std::vector<std::string> batch_, captured_;
  bool closed_ = false;
};

class Ledger {
public:
  void record(const std::string &orderId) {
    if (entries_.size() >= capacity_)
      throw LedgerError("ledger segment full");
    entries_.push_back(orderId);
  }
private:
  std::vector<std::string> entries_;
  size_t capacity_ = 1000;
};

// Authorize, capture and settle one order; a network failure closes the session.
void settleOrder(GatewaySession &s, const std::string &id, long cents) {
  try {
    s.authorize(id, cents);
    s.capture(id);
    s.close();
  } catch (const NetworkError &e) {
    std::fprintf(stderr, "settle %s: %s\n", id.c_str(), e.what());
    s.close(); // BUG: double-close
  }
}

// A declined card closes the session in the handler, then the code goes on.
void quickCharge(GatewaySession &s, const std::string &id, long cents) {
  try {
    s.authorize(id, cents);
  } catch (const DeclinedError &e) {
    std::fprintf(stderr, "declined %s: %s\n", id.c_str(), e.what());
    s.close();
  }
  s.audit("charged " + id); // BUG: use-after-close
}

void captureAndBook(GatewaySession &s, Ledger &ledger, const std::string &id, long cents) {
  try {
    s.authorize(id, cents);
    s.capture(id);
    s.close();
    ledger.record(id);
  } catch (const DeclinedError &e) {
    s.audit("declined " + id); // OK: only authorize() throws DeclinedError, before close()
    s.close(); // OK: the session is still open on this path
  } catch (const LedgerError &e) {
    s.audit("ledger write failed for " + id); // BUG: use-after-close
  }
}

void refundOrder(GatewaySession &s, const std::string &id, long cents) {
  try {
    s.refund(id, cents);
  } catch (const std::invalid_argument &) {
    s.close();
    throw;
  }
  s.audit("refunded " + id); // OK: the handler rethrows, so this runs only when refund succeeded
  s.close(); // OK: the handler's close() never falls through to here
}

bool tryAuthorize(GatewaySession &s, const std::string &id, long cents) {
  try {
    s.authorize(id, cents);
  } catch (const DeclinedError &e) {
    s.close();
    return false;
  }
  s.audit("pre-authorized " + id); // OK: the handler returns
  return true;
}

static void runCase(const char *name, const std::function<void()> &body) {
  try {
    body();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "%s failed: %s\n", name, e.what());
  }
}

int main() {
  Ledger ledger;
  GatewaySession a("shop-17"), b("shop-17"), c("shop-17"), d("shop-17");
  runCase("settle", [&] { settleOrder(a, "A-1001", 12900); });
  runCase("quick", [&] { quickCharge(b, "A-1002", 900000); });
  runCase("book", [&] { captureAndBook(c, ledger, "A-1003", 4500); });
  runCase("nightly batch", [&] {
    for (int i = 0; i < 1500; ++i) {
      GatewaySession s("shop-17");
      captureAndBook(s, ledger, "B-" + std::to_string(i), 1000 + i);
    }
  });
  runCase("refund", [&] {
    if (tryAuthorize(d, "A-1004", 2000))
      refundOrder(d, "A-1004", 2000);
  });
  return 0;
}
