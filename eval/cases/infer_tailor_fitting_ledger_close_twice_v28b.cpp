// Tailor's shop end-of-day bookkeeping. FittingLedger appends fitting
// appointments to the shop's ledger file and refuses to be closed twice (a
// second close() throws, the way the shop's accountant wanted it, so a lost
// final fclose result is never hidden). AlterationsQueue batches alteration
// tickets for the workroom; its close() sends what is pending once and is a
// no-op afterwards. The day's routines close both when the shop shuts.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

class FittingLedger {
public:
  explicit FittingLedger(const std::string &path)
      : out_(std::fopen(path.c_str(), "a")) {
    if (!out_)
      throw std::runtime_error("cannot open fitting ledger " + path);
  }
  ~FittingLedger() {
    if (out_)
      std::fclose(out_);
  }
  FittingLedger(const FittingLedger &) = delete;
  FittingLedger &operator=(const FittingLedger &) = delete;

  void record(const std::string &customer, const std::string &garment) {
    if (!out_)
      throw std::logic_error("fitting ledger is closed");
    std::fprintf(out_, "%s,%s\n", customer.c_str(), garment.c_str());
  }

  void close() {
    if (!out_)
      throw std::logic_error("fitting ledger closed twice");
    std::FILE *f = out_;
    out_ = nullptr;
    if (std::fclose(f) != 0)
      throw std::runtime_error("fitting ledger: final write failed");
  }

private:
  std::FILE *out_;
};

class AlterationsQueue {
public:
  void add(const std::string &ticket) {
    if (closed_)
      throw std::logic_error("alterations queue closed");
    pending_.push_back(ticket);
  }

  void close() {
    if (closed_)
      return;
    closed_ = true;
    for (const std::string &t : pending_)
      std::printf("workroom <- %s\n", t.c_str());
    pending_.clear();
  }

private:
  std::vector<std::string> pending_;
  bool closed_ = false;
};

struct Fitting {
  std::string customer;
  std::string garment;
  bool needsAlteration;
};

void finishDay(FittingLedger &ledger, AlterationsQueue &alterations,
               const std::vector<Fitting> &fittings, bool closingEarly) {
  for (const Fitting &f : fittings) {
    ledger.record(f.customer, f.garment);
    if (f.needsAlteration)
      alterations.add(f.customer + ": " + f.garment);
  }
  if (closingEarly) {
    alterations.close();
    ledger.close();
    std::printf("shop closed early\n");
  }
  std::printf("%zu fittings today\n", fittings.size());
  alterations.close(); // OK
  ledger.close(); // BUG: double-close
}

class ShopDay {
public:
  ShopDay(FittingLedger &ledger, AlterationsQueue &alterations)
      : ledger_(ledger), alterations_(alterations) {}

  void bookFitting(const Fitting &f) {
    ledger_.record(f.customer, f.garment);
    if (f.needsAlteration)
      alterations_.add(f.customer + ": " + f.garment);
  }

  void closeLedger() {
    if (ledgerClosed_)
      return;
    ledgerClosed_ = true;
    ledger_.close();
  }

  void shutters() {
    closeLedger();
    alterations_.close();
  }

  void nightWatch() {
    closeLedger(); // OK
    alterations_.close(); // OK
  }

private:
  FittingLedger &ledger_;
  AlterationsQueue &alterations_;
  bool ledgerClosed_ = false;
};

void runDay(FittingLedger &ledger, AlterationsQueue &alterations,
            const std::vector<Fitting> &fittings) {
  ShopDay day(ledger, alterations);
  for (const Fitting &f : fittings)
    day.bookFitting(f);
  day.shutters();
  day.nightWatch();
}
