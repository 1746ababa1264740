// Payments settlement service: a ledger writer backed by a FILE* that is
// closed by its destructor, a receipt spool, and a settlement exporter that
// uses a hand-written ScopeExit guard to close its output file on every path.
// LedgerWriter::append() throws std::runtime_error once the ledger is sealed;
// seal() is idempotent (it nulls fp_) and the destructor only closes a ledger
// that is still open. ReceiptSpool::finish() closes the file but leaves fp_
// set, and its destructor closes fp_ again.
#include <cstdio>
#include <iostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <typename F> class ScopeExit {
public:
  explicit ScopeExit(F fn) : fn_(std::move(fn)) {}
  ~ScopeExit() {
    if (active_)
      fn_();
  }
  void dismiss() { active_ = false; }
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;

private:
  F fn_;
  bool active_ = true;
};

struct Payment {
  std::string id;
  long cents;
  std::string currency;
};

class LedgerWriter {
public:
  explicit LedgerWriter(const std::string &path)
      : fp_(std::fopen(path.c_str(), "a")) {
    if (!fp_)
      throw std::runtime_error("cannot open ledger " + path);
  }
  ~LedgerWriter() {
    if (fp_)
      std::fclose(fp_);
  }
  LedgerWriter(const LedgerWriter &) = delete;
  LedgerWriter &operator=(const LedgerWriter &) = delete;

  void append(const Payment &p) {
    if (!fp_)
      throw std::runtime_error("ledger sealed, cannot append " + p.id);
    std::fprintf(fp_, "%s,%ld,%s\n", p.id.c_str(), p.cents, p.currency.c_str());
  }
  // Writes the end-of-day trailer and closes the file.
  void seal() {
    if (!fp_)
      return;
    std::fputs("#sealed\n", fp_);
    std::fclose(fp_);
    fp_ = nullptr;
  }
  bool sealed() const { return fp_ == nullptr; }

private:
  FILE *fp_;
};

class ReceiptSpool {
public:
  explicit ReceiptSpool(const char *path) : fp_(std::fopen(path, "w")) {}
  ~ReceiptSpool() {
    if (fp_)
      std::fclose(fp_); // SAME: spooltwice
  }
  void add(const std::string &line) {
    if (fp_)
      std::fprintf(fp_, "%s\n", line.c_str());
  }
  void finish() {
    if (fp_) {
      std::fflush(fp_);
      std::fclose(fp_);
    }
  }

private:
  FILE *fp_;
};

static bool uploadToBank(const std::string &path) {
  std::cout << "uploading " << path << "\n";
  return true;
}

bool exportSettlement(const std::vector<Payment> &batch, const std::string &path) {
  FILE *out = std::fopen(path.c_str(), "w");
  if (!out)
    return false;
  {
    ScopeExit closeOut([out] {
      std::fclose(out); // SAME: guardtwice
    });
    for (const Payment &p : batch)
      std::fprintf(out, "SETTLE %s %ld %s\n", p.id.c_str(), p.cents, p.currency.c_str());
    if (std::ferror(out))
      return false;
    // Close before the upload so the bank sees the complete file.
    std::fclose(out);
  } // BUG: double-close #guardtwice
  return uploadToBank(path);
}

bool exportChargebacks(const std::vector<Payment> &batch, const std::string &path) {
  FILE *out = std::fopen(path.c_str(), "w");
  if (!out)
    return false;
  ScopeExit closeOut([out] { std::fclose(out); });
  for (const Payment &p : batch)
    std::fprintf(out, "CB %s %ld\n", p.id.c_str(), p.cents);
  closeOut.dismiss();
  if (std::fclose(out) != 0) // OK: the guard was dismissed first
    return false;
  return uploadToBank(path);
}

void printReceipts(const std::vector<Payment> &batch) {
  ReceiptSpool spool("/tmp/receipts_v16.txt");
  for (const Payment &p : batch)
    spool.add("receipt " + p.id);
  spool.finish();
} // BUG: double-close #spooltwice

void closeDay(LedgerWriter &ledger, const std::vector<Payment> &late) {
  ledger.seal();
  for (const Payment &p : late)
    ledger.append(p); // BUG: use-after-close
}

void closeDayCarefully(LedgerWriter &ledger, const std::vector<Payment> &late) {
  for (const Payment &p : late) {
    if (!ledger.sealed())
      ledger.append(p); // OK: checked that the ledger is still open
  }
  ledger.seal();
  ledger.seal(); // OK: seal() is idempotent
}

int main() {
  std::vector<Payment> batch = {{"pay-1", 1250, "EUR"}, {"pay-2", 990, "USD"}};
  std::vector<Payment> late = {{"pay-3", 4000, "EUR"}};
  exportSettlement(batch, "/tmp/settlement_v16.txt");
  exportChargebacks(batch, "/tmp/chargebacks_v16.txt");
  printReceipts(batch);
  {
    LedgerWriter careful("/tmp/ledger_a_v16.csv");
    for (const Payment &p : batch)
      careful.append(p);
    closeDayCarefully(careful, late);
  } // OK: the destructor skips a sealed ledger
  try {
    LedgerWriter ledger("/tmp/ledger_b_v16.csv");
    closeDay(ledger, late);
  } catch (const std::exception &e) {
    std::cerr << e.what() << "\n";
  }
  return 0;
}
