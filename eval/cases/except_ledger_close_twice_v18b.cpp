// End-of-day settlement. A Settlement run posts entries to a Ledger, closes
// the ledger (which seals the day and releases the ledger's lock file) and
// then publishes totals to the reporting service, which may throw.
// Ledger::close() throws std::logic_error when called twice and post() throws
// after close(). settleDay() closes the ledger again in its handler when
// publishing fails after the close; settleWeek() posts a reversal in its
// handler in the same situation. settleBranch() and settleMonth() are
// correct: the close is the last statement of the try block (so the handler
// only runs while the ledger is still open), or the handler checks isClosed().
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct Entry {
  std::string account;
  long cents;
};

// Ledger: post() throws std::runtime_error after close(). close() throws
// std::logic_error when the ledger is already closed; otherwise it does not throw.
class Ledger {
public:
  explicit Ledger(std::string day) : day_(std::move(day)) {}
  void post(const Entry &e) {
    if (closed_)
      throw std::runtime_error("ledger " + day_ + " is closed");
    if (e.account.empty())
      throw std::invalid_argument("entry without account");
    balance_ += e.cents;
  }
  void close() {
    if (closed_)
      throw std::logic_error("ledger " + day_ + " closed twice");
    closed_ = true; // seals the day, removes the lock file
  }
  bool isClosed() const { return closed_; }
  long balance() const { return balance_; }

private:
  std::string day_;
  long balance_ = 0;
  bool closed_ = false;
};

static void publishTotals(const std::string &day, long balance) {
  if (balance < 0)
    throw std::runtime_error("reporting service rejected negative total for " + day);
  std::printf("%s total %ld\n", day.c_str(), balance);
}

void settleDay(Ledger &ledger, const std::vector<Entry> &entries) {
  try {
    for (const Entry &e : entries)
      ledger.post(e);
    ledger.close();
    publishTotals("day", ledger.balance());
  } catch (...) {
    ledger.close(); // BUG: double-close
    throw;
  }
}

void settleWeek(Ledger &ledger, const std::vector<Entry> &entries) {
  try {
    for (const Entry &e : entries)
      ledger.post(e);
    ledger.close();
    publishTotals("week", ledger.balance());
  } catch (const std::runtime_error &err) {
    std::fprintf(stderr, "week settlement: %s\n", err.what());
    ledger.post({"suspense", -ledger.balance()}); // BUG: use-after-close
  }
}

void settleBranch(Ledger &ledger, const std::vector<Entry> &entries) {
  try {
    for (const Entry &e : entries)
      ledger.post(e);
    ledger.close();
  } catch (const std::exception &err) {
    std::fprintf(stderr, "branch settlement: %s\n", err.what());
    ledger.post({"suspense", 0}); // OK: close() is last in the try, so the ledger is open here
    ledger.close();
    throw;
  }
  publishTotals("branch", ledger.balance());
}

void settleMonth(Ledger &ledger, const std::vector<Entry> &entries) {
  try {
    for (const Entry &e : entries)
      ledger.post(e);
    ledger.close();
    publishTotals("month", ledger.balance());
  } catch (...) {
    if (!ledger.isClosed())
      ledger.close(); // OK: skipped when the try block already closed it
    throw;
  }
}

int main() {
  std::vector<Entry> good = {{"cash", 120000}, {"fees", -3500}};
  std::vector<Entry> negative = {{"cash", 1000}, {"refunds", -9000}};
  std::vector<Entry> malformed = {{"cash", 500}, {"", 20}};

  Ledger branch("2024-06-03/branch-12"), month("2024-06"), week("2024-W23"), day("2024-06-03");
  try {
    settleBranch(branch, malformed);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "branch: %s\n", e.what());
  }
  try {
    settleMonth(month, negative);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "month: %s\n", e.what());
  }
  try {
    settleWeek(week, negative);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "week: %s\n", e.what());
  }
  Ledger yesterday("2024-06-02");
  settleDay(yesterday, good);
  try {
    settleDay(day, negative);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "day: %s\n", e.what());
  }
  return 0;
}
