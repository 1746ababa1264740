// Nightly ledger reconciliation job. Each database session used by the
// Reconciler is closed by a SessionCloser guard when the block that uses it
// ends. summarize() keeps writing to the audit session after the block whose
// guard already closed it, so the final "done" update throws.
#include <cstddef>
#include <iostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

// A connection to the ledger database.
// execute() throws std::runtime_error once close() has run; close() is
// idempotent (closing a closed session does nothing).
class DbSession {
public:
  explicit DbSession(std::string dsn) : dsn_(std::move(dsn)) {}

  void execute(const std::string &sql) {
    if (closed_)
      throw std::runtime_error("session closed: " + dsn_);
    log_.push_back(sql);
  }

  void close() { closed_ = true; }
  bool isClosed() const { return closed_; }
  std::size_t statements() const { return log_.size(); }
  const std::string &dsn() const { return dsn_; }

private:
  std::string dsn_;
  std::vector<std::string> log_;
  bool closed_ = false;
};

// Closes the session it guards when the guard goes out of scope.
struct SessionCloser {
  explicit SessionCloser(DbSession &s) : session(s) {}
  ~SessionCloser() { session.close(); }
  SessionCloser(const SessionCloser &) = delete;
  SessionCloser &operator=(const SessionCloser &) = delete;
  DbSession &session;
};

struct LedgerRow {
  std::string account;
  long cents;
};

class Reconciler {
public:
  Reconciler(DbSession &ledger, DbSession &audit)
      : ledger_(ledger), audit_(audit) {}

  int apply(const std::vector<LedgerRow> &rows) {
    int applied = 0;
    {
      SessionCloser closeLedger(ledger_);
      for (const LedgerRow &r : rows) {
        ledger_.execute("UPDATE balances SET cents = cents + " +
                        std::to_string(r.cents) + " WHERE account = '" +
                        r.account + "'");
        ++applied;
      }
      audit_.execute("INSERT INTO audit(kind) VALUES ('ledger-batch')");
    }
    // closeLedger closed the ledger session only.
    audit_.execute("INSERT INTO audit(kind) VALUES ('ledger-closed')"); // OK: the guard closed ledger_, not audit_
    return applied;
  }

  void summarize(int applied) {
    {
      SessionCloser closeAudit(audit_);
      audit_.execute("INSERT INTO audit(kind, n) VALUES ('summary', " + // OK: inside the guarded block
                     std::to_string(applied) + ")");
    }
    if (applied > 0)
      audit_.execute("UPDATE audit SET done = 1 WHERE kind = 'summary'"); // BUG: use-after-close
  }

private:
  DbSession &ledger_;
  DbSession &audit_;
};

static std::vector<LedgerRow> loadPending() {
  return {{"ACC-1001", 2500}, {"ACC-1002", -1200}, {"ACC-1040", 75}};
}

int main() {
  DbSession ledger("postgres://ledger-primary/ledger");
  DbSession audit("postgres://audit/audit");
  Reconciler job(ledger, audit);
  try {
    int applied = job.apply(loadPending());
    job.summarize(applied);
    std::cout << "reconciled " << applied << " rows\n";
  } catch (const std::exception &e) {
    std::cerr << "reconciliation failed: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
