// A handler is reached only by what the calls in its try may throw, read
// from their code: `record()` throws only a LedgerFull (and what the
// standard library throws), so the handler of a Declined, which only
// `authorize()` throws, before the close, sees the file open. A handler
// that what a call after the close throws does reach sees it closed; so
// does one for std::exception, which the library's exceptions reach, and
// one after a call errlint cannot see into.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

struct Declined : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct LedgerFull : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void authorize(long Cents) {
  if (Cents > 500000)
    throw Declined("over the limit");
}

struct Ledger {
  std::vector<std::string> Rows;
  void record(const std::string &Id) {
    if (Rows.size() >= 1000)
      throw LedgerFull("ledger full at " + Id);
    Rows.push_back(Id);
  }
};

void settle(const std::string &Id);

void book(std::FILE *Receipt, Ledger &L, const std::string &Id, long Cents) {
  try {
    authorize(Cents);
    std::fclose(Receipt);
    L.record(Id);
  } catch (const Declined &) {
    std::fputs("declined\n", Receipt);
  } catch (const LedgerFull &) {
    // CHECK: handler-types.cpp:[[@LINE+1]]:5: warning: call to 'fputs' on 'Receipt' that may have been closed [errlint-use-after-close]
    std::fputs("ledger full\n", Receipt);
  }
}

void bookAny(std::FILE *Receipt, Ledger &L, const std::string &Id) {
  try {
    std::fclose(Receipt);
    L.record(Id);
  } catch (const std::exception &) {
    // CHECK: handler-types.cpp:[[@LINE+1]]:5: warning: call to 'fputs' on 'Receipt' after it was closed [errlint-use-after-close]
    std::fputs("failed\n", Receipt);
  }
}

void bookUnseen(std::FILE *Receipt, const std::string &Id, long Cents) {
  try {
    authorize(Cents);
    std::fclose(Receipt);
    settle(Id);
  } catch (const Declined &) {
    // CHECK: handler-types.cpp:[[@LINE+1]]:5: warning: call to 'fputs' on 'Receipt' that may have been closed [errlint-use-after-close]
    std::fputs("declined\n", Receipt);
  }
}
