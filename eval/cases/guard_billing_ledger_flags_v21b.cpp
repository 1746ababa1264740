// Billing ledger writer: invoices are appended to a daily ledger FILE* and
// each accepted invoice id is mirrored to a repl::WalProducer. Every close
// path sets fp_ to nullptr and every writer checks fp_ first; the WAL is only
// used behind a fresh is_closed()/isOpen() query.
// Negative case: every use that follows a close sits behind a guard that is
// evaluated after that close (or an early return), and the destructor's close()
// is a no-op once closeDay() has run, so there is no use-after-close and no
// double-close.
#include <replication.h>

#include <cstdio>
#include <string>
#include <vector>

namespace billing {

struct Invoice {
  std::string id;
  long cents = 0;
  std::string currency;
};

class LedgerWriter {
public:
  LedgerWriter(const std::string &path, repl::WalProducer &wal) : wal_(wal) {
    fp_ = std::fopen(path.c_str(), "a");
  }
  ~LedgerWriter() { close(); } // OK: close() returns early once fp_ is null
  LedgerWriter(const LedgerWriter &) = delete;
  LedgerWriter &operator=(const LedgerWriter &) = delete;

  bool isOpen() const { return fp_ != nullptr; }

  // Appends one invoice; a failed write closes the ledger so that nothing
  // is appended after a torn line, and every later append() returns false.
  bool append(const Invoice &inv) {
    if (!fp_)
      return false;
    if (std::fprintf(fp_, "%s,%ld,%s\n", inv.id.c_str(), inv.cents,
                     inv.currency.c_str()) < 0) {
      close();
      return false;
    }
    totalCents_ += inv.cents;
    if (!wal_.is_closed())
      wal_.send("INV " + inv.id);
    return true;
  }

  void close() {
    if (!fp_)
      return;
    std::fflush(fp_);
    std::fclose(fp_);
    fp_ = nullptr;
  }

  // Writes the day's trailer, closes the ledger and seals the WAL.
  void closeDay() {
    if (fp_) {
      std::fprintf(fp_, "TOTAL,%ld\n", totalCents_);
      close();
    }
    if (fp_)
      std::fprintf(fp_, "# reopened\n"); // OK: fp_ was reset to nullptr by close()
    if (wal_.isOpen()) {
      wal_.send("SEAL " + std::to_string(totalCents_));
      wal_.close();
    }
    if (!wal_.is_closed())
      wal_.send("SEAL-RETRY"); // OK: fresh is_closed() query after the close
  }

  long totalCents() const { return totalCents_; }

private:
  FILE *fp_ = nullptr;
  repl::WalProducer &wal_;
  long totalCents_ = 0;
};

// Imports one batch; stops at the first rejected invoice.
static size_t importBatch(LedgerWriter &ledger,
                          const std::vector<Invoice> &batch) {
  size_t n = 0;
  for (const Invoice &inv : batch) {
    if (!ledger.append(inv))
      break;
    ++n;
  }
  return n;
}

void runBillingDay(repl::WalProducer &wal, const std::vector<Invoice> &morning,
                   const std::vector<Invoice> &late) {
  LedgerWriter ledger("/var/lib/billing/ledger-2024-03-01.csv", wal);
  if (!ledger.isOpen())
    return;
  size_t accepted = importBatch(ledger, morning);
  ledger.closeDay();
  size_t afterClose = importBatch(ledger, late); // OK: append() checks fp_, returns false
  ledger.close(); // OK: close() is a no-op after closeDay()
  std::printf("accepted %zu, rejected-late %zu, total %ld\n", accepted,
              late.size() - afterClose, ledger.totalCents());
}

} // namespace billing
