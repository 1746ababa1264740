// The user's LedgerSession::seal() throws "ledger session already sealed" when
// called a second time, while AuditTrail::close() returns early when already
// closed. settleDay() seals the session as its last step; closeOfBusiness()
// calls settleDay() and then seals the session again, and the second seal
// throws. Closing the audit trail twice is harmless: its close is idempotent.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct Entry {
  std::string account;
  long cents = 0;
};

class LedgerSession {
public:
  explicit LedgerSession(std::string book) : book_(std::move(book)) {}

  void post(const Entry &entry) {
    if (sealed_)
      throw std::runtime_error("ledger session sealed: " + book_);
    balance_ += entry.cents;
  }

  long seal() {
    if (sealed_)
      throw std::logic_error("ledger session already sealed: " + book_);
    sealed_ = true;
    return balance_;
  }

  bool sealed() const { return sealed_; }

private:
  std::string book_;
  long balance_ = 0;
  bool sealed_ = false;
};

class AuditTrail {
public:
  void record(const std::string &line) {
    if (closed_)
      throw std::runtime_error("audit trail closed");
    lines_.push_back(line);
  }

  void close() {
    if (closed_)
      return;
    closed_ = true;
  }

private:
  std::vector<std::string> lines_;
  bool closed_ = false;
};

long settleDay(LedgerSession &session, AuditTrail &audit,
               const std::vector<Entry> &entries) {
  for (const Entry &entry : entries) {
    session.post(entry);
    audit.record("posted " + entry.account);
  }
  long balance = session.seal();
  audit.record("sealed balance=" + std::to_string(balance));
  audit.close();
  return balance;
}

long closeOfBusiness(LedgerSession &session, AuditTrail &audit,
                     const std::vector<Entry> &entries) {
  long balance = settleDay(session, audit, entries);
  audit.close(); // OK: AuditTrail::close() returns early when already closed
  session.seal(); // BUG: double-close
  return balance;
}

long reconcile(LedgerSession &session, const std::vector<Entry> &entries) {
  for (const Entry &entry : entries)
    session.post(entry);
  if (!session.sealed())
    return session.seal(); // OK: sealed() checked first
  return 0;
}
